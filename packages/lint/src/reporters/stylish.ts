// stylish: ESLint's default output, grouped by file, each problem followed by a code frame, then a summary. File
// names, messages and frames show control characters as escapes (escape.ts): a formula cannot drive the terminal.
import { palette } from './colors.js';
import { codeFrame, splitLines } from './code-frame.js';
import { escapeForTerminal } from './escape.js';
import { isNote } from '../limits.js';
import type { Reporter } from './types.js';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export const stylish: Reporter = (results, context) => {
  const c = palette(context.color);
  let errors = 0;
  let warnings = 0;
  let fixableErrors = 0;
  let fixableWarnings = 0;
  const out: string[] = [];
  for (const r of results) {
    if (r.messages.length === 0) continue;
    errors += r.errorCount;
    warnings += r.warningCount;
    fixableErrors += r.fixableErrorCount;
    fixableWarnings += r.fixableWarningCount;
    out.push(c.underline(escapeForTerminal(r.filePath)));
    let lines: string[] | undefined; // split once per file, only when a frame is shown
    for (const m of r.messages) {
      const sev = m.severity === 'error' ? c.red('error') : c.yellow('warning');
      const colour = m.severity === 'error' ? c.red : c.yellow;
      // A fatal message names no rule (as in ESLint) and has no text to frame; nor has the note on problems not shown.
      const framed = !m.fatal && !isNote(m);
      out.push(`  ${c.dim(`${m.range.start.line}:${m.range.start.column}`)}  ${sev}  ${escapeForTerminal(m.message)}${framed ? `  ${c.dim(m.ruleId)}` : ''}`);
      if (framed) {
        lines ??= splitLines(r.source);
        out.push(codeFrame(lines, m.range, c, colour).replace(/^/gm, '    '));
      }
    }
    out.push('');
  }
  const total = errors + warnings;
  if (total === 0) return '';
  const colour = errors > 0 ? c.red : c.yellow;
  out.push(colour(c.bold(`✖ ${plural(total, 'problem')} (${plural(errors, 'error')}, ${plural(warnings, 'warning')})`)));
  if (fixableErrors + fixableWarnings > 0) {
    out.push(colour(c.bold(`  ${plural(fixableErrors, 'error')} and ${plural(fixableWarnings, 'warning')} potentially fixable with the \`--fix\` option.`)));
  }
  if (context.maxWarnings !== undefined && warnings > context.maxWarnings) {
    out.push(c.red(c.bold(`calckit found too many warnings (maximum: ${context.maxWarnings}).`)));
  }
  return `\n${out.join('\n')}\n`;
};
