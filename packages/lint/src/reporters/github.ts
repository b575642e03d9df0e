// github: workflow commands (`::error file=…,line=…::message`) that GitHub Actions shows as annotations. Control
// characters other than line breaks are shown as escapes (`\x1b`): the log is a terminal too.
import { isNote } from '../limits.js';
import { escapeChar } from './escape.js';
import type { Reporter } from './types.js';

/** Escaping of a command's message (data). */
const data = (s: string) =>
  s
    .replace(/[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g, escapeChar)
    .replace(/%/g, '%25')
    .replace(/\r/g, '%0D')
    .replace(/\n/g, '%0A');
/** Escaping of a command's property values. */
const prop = (s: string) => data(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

export const github: Reporter = (results) => {
  const lines: string[] = [];
  for (const r of results) {
    for (const m of r.messages) {
      const kind = m.severity === 'error' ? 'error' : 'warning';
      const props = [
        `file=${prop(r.filePath)}`,
        `line=${m.range.start.line}`,
        `col=${m.range.start.column}`,
        `endLine=${m.range.end.line}`,
        `endColumn=${m.range.end.column}`,
        `title=${prop(m.fatal || isNote(m) ? 'calckit' : `calckit ${m.ruleId}`)}`,
      ];
      lines.push(`::${kind} ${props.join(',')}::${data(m.message)}`);
    }
  }
  return lines.length ? `${lines.join('\n')}\n` : '';
};
