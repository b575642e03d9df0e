// What a completion inserts in a client that takes no snippets (LSP `completionItem.snippetSupport` false): the
// snippet's text up to its first tab stop, so that the cursor lands where the snippet would have put it first
// (`SUM(${1:numeric})` → `SUM(`, `CASE WHEN ${1} THEN …` → `CASE WHEN `), and a snippet without tab stops whole.

/** A tab stop or placeholder: `$1`, `${1}`, `${1:text}`, `${1|a,b|}` (and `$0`). */
const TAB_STOP = /^\$(\d|\{\d+[:|}])/;

/** The plain text of a snippet: its text before the first tab stop, with the snippet escapes (`\$`, `\}`, `\\`) read. */
export function plainTextOfSnippet(snippet: string): string {
  let out = '';
  for (let i = 0; i < snippet.length; i++) {
    const c = snippet[i]!;
    if (c === '\\' && i + 1 < snippet.length && '$}\\'.includes(snippet[i + 1]!)) {
      out += snippet[++i];
      continue;
    }
    if (c === '$' && TAB_STOP.test(snippet.slice(i, i + 12))) break;
    out += c;
  }
  return out;
}
