// github: workflow commands (`::error file=…,line=…::message`) that GitHub Actions shows as annotations.
import type { Reporter } from './types.js';

/** Escaping of a command's message (data). */
const data = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
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
        `title=${prop(m.fatal ? 'calckit' : `calckit ${m.ruleId}`)}`,
      ];
      lines.push(`::${kind} ${props.join(',')}::${data(m.message)}`);
    }
  }
  return lines.length ? `${lines.join('\n')}\n` : '';
};
