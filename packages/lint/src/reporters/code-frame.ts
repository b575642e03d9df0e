// Code frames: the lines around a problem with a gutter, a `>` on the problem's line and carets under its range.
import type { Range } from '@calckit/formula';
import type { Palette } from './colors.js';

const CONTEXT_LINES = 1;
const MAX_LINE = 160;

export function codeFrame(source: string, range: Range, colors: Palette, severityColor: (s: string) => string): string {
  const lines = source.split(/\r\n|\r|\n/);
  const line = range.start.line;
  const first = Math.max(1, line - CONTEXT_LINES);
  const last = Math.min(lines.length, Math.max(line, range.end.line) + CONTEXT_LINES);
  const width = String(last).length;
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    let text = (lines[n - 1] ?? '').replace(/\t/g, ' ');
    if (text.length > MAX_LINE) text = `${text.slice(0, MAX_LINE)}…`;
    const marker = n === line ? severityColor('>') : ' ';
    out.push(`${marker} ${colors.dim(`${String(n).padStart(width)} |`)}${text ? ` ${text}` : ''}`);
    if (n === line) {
      const startCol = range.start.column;
      const endCol = range.end.line === line ? Math.max(range.end.column, startCol + 1) : Math.max(text.length + 1, startCol + 1);
      const carets = '^'.repeat(Math.min(endCol - startCol, Math.max(1, MAX_LINE - startCol + 1)));
      out.push(`  ${colors.dim(`${' '.repeat(width)} |`)} ${' '.repeat(startCol - 1)}${severityColor(carets)}`);
    }
  }
  return out.join('\n');
}
