// Markdown as plain text, for clients that show only plaintext (LSP `contentFormat` / `documentationFormat` without
// `markdown`). It reads the Markdown the features write (markdown.ts, hover.ts, test-values.ts): code blocks lose their
// fences, code spans their backticks, emphasis its marks, escapes their backslash; a table becomes aligned columns.

/** A table's delimiter row: `| --- | :--: |`. */
const DELIMITER_ROW = /^\s*\|?(\s*:?-+:?\s*\|)+\s*:?-*:?\s*$/;

/** Markdown → plain text that reads well as is. */
export function markdownToPlainText(markdown: string): string {
  const lines = markdown.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fence = /^(`{3,}|~{3,})/.exec(line);
    if (fence) {
      // A code block: its lines as written, up to the closing fence.
      for (i++; i < lines.length && !lines[i]!.startsWith(fence[1]!); i++) out.push(lines[i]!);
      continue;
    }
    if (line.trimStart().startsWith('|')) {
      const rows: string[][] = [];
      for (; i < lines.length && lines[i]!.trimStart().startsWith('|'); i++) {
        if (!DELIMITER_ROW.test(lines[i]!)) rows.push(tableCells(lines[i]!).map(inline));
      }
      i--;
      out.push(...alignedRows(rows));
      continue;
    }
    out.push(inline(line));
  }
  return out.join('\n');
}

/** The cells of a table row, split at the `|` that are not escaped. */
function tableCells(row: string): string[] {
  const cells: string[] = [];
  let cell = '';
  const body = row.trim().replace(/^\|/, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === '\\' && i + 1 < body.length) {
      cell += c + body[++i];
    } else if (c === '|') {
      cells.push(cell.trim());
      cell = '';
    } else cell += c;
  }
  if (cell.trim() !== '') cells.push(cell.trim());
  return cells;
}

/** Rows padded to their columns' widths, two spaces apart. */
function alignedRows(rows: readonly string[][]): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, [...cell].length)));
  return rows.map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell + ' '.repeat(widths[i]! - [...cell].length))).join('  '));
}

/** Inline Markdown: code spans (their text is literal: set aside while emphasis and escapes are read), emphasis, escapes. */
function inline(text: string): string {
  const spans: string[] = [];
  // A code span opens at a run of backticks that no backslash escapes (CommonMark); inside it, backslashes are literal.
  const marked = text.replace(/(?<![\\`])(`+)(.+?)\1(?!`)/g, (_, _fence: string, body: string) => `\u0000${spans.push(body.replace(/^ (.*) $/, '$1')) - 1}\u0000`);
  return emphasis(marked).replace(/\u0000(\d+)\u0000/g, (_, i: string) => spans[Number(i)]!);
}

function emphasis(text: string): string {
  return text
    .replace(/\*\*(.+?)\*\*/g, '$1')
    .replace(/(^|[^\w\\])([*_])(?=\S)(.+?)(?<=\S)\2(?!\w)/g, '$1$3')
    .replace(/\\([!-/:-@[-`{-~])/g, '$1');
}
