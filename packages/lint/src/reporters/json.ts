// json: ESLint's JSON format (severity 1 = warning, 2 = error; 1-based line/column; exclusive end column; a file that
// could not be linted has one message with `fatal: true` and `ruleId: null`; the note on problems not shown, past the
// per-file cap, has `ruleId: null` too). JSON.stringify escapes control characters and lone surrogates: always valid.
import { isNote } from '../limits.js';
import type { Reporter } from './types.js';

export const json: Reporter = (results) =>
  JSON.stringify(
    results.map((r) => ({
      filePath: r.filePath,
      messages: r.messages.map((m) => ({
        ruleId: m.fatal || isNote(m) ? null : m.ruleId,
        ...(m.fatal ? { fatal: true } : {}),
        severity: m.severity === 'error' ? 2 : 1,
        message: m.message,
        ...(m.messageId ? { messageId: m.messageId } : {}),
        line: m.range.start.line,
        column: m.range.start.column,
        endLine: m.range.end.line,
        endColumn: m.range.end.column,
        ...(m.fix ? { fix: { range: [...m.fix.range], text: m.fix.text } } : {}),
        ...(m.suggestions ? { suggestions: m.suggestions.map((s) => ({ desc: s.desc, fix: { range: [...s.fix.range], text: s.fix.text } })) } : {}),
      })),
      errorCount: r.errorCount,
      warningCount: r.warningCount,
      fixableErrorCount: r.fixableErrorCount,
      fixableWarningCount: r.fixableWarningCount,
      ...(r.output !== undefined ? { output: r.output } : {}),
    })),
  );
