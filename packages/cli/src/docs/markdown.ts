// Commander's help strings as Markdown: plain text that may hold `code spans`, put into paragraphs and table cells.

/** Flags (`--force`) and environment variables (`CALCKIT_BASE_URL`) named in a help string. */
const LITERAL = /(--[a-z][a-z-]*|\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b)/;

/**
 * Markdown for a help string: the flags and environment variables it names as code, and what Markdown would read as
 * markup (emphasis, HTML tags, links, table cells) escaped, outside the `code spans` it already has.
 */
export function markdownText(text: string): string {
  return text
    .split(/(`[^`]*`)/)
    .map((part, i) =>
      i % 2 === 1
        ? part.replace(/\|/g, '\\|')
        : part
            .split(LITERAL)
            .map((piece, j) => (j % 2 === 1 ? codeSpan(piece) : piece.replace(/[\\*_<>[\]|]/g, (c) => `\\${c}`)))
            .join(''),
    )
    .join('');
}

/** A code span for any text (a longer fence when the text holds backticks), safe inside a table cell. */
export function codeSpan(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const padded = text.startsWith('`') || text.endsWith('`') ? ` ${text} ` : text;
  return `${fence}${padded.replace(/\|/g, '\\|')}${fence}`;
}

/** A Markdown table; cells are already Markdown. */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  return [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`, ...rows.map((row) => `| ${row.join(' | ')} |`)];
}

/** The first letter in upper case: Commander's descriptions are written for the help's columns, in lower case. */
export function sentence(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return trimmed;
  const capitalised = trimmed[0]!.toUpperCase() + trimmed.slice(1);
  return /[.!?:]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}
