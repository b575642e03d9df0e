// The formatter never changes what a formula means: output that would parse differently is refused, and the
// formula comes back unchanged with status 'internal-error'.
import { describe, expect, it } from 'vitest';
import { parseFormula } from '@calckit/formula';
import { formatText } from '@calckit/format';

describe('formatter safety net', () => {
  it('formats a prefixed INTERVAL value (a former parser defect the safety net caught)', () => {
    // `INTERVAL -2 HOUR` once parsed into an Interval whose value was `2`; the formatter noticed the unprinted `-`
    // and refused. The parser keeps the minus now, and the formula formats with its meaning intact.
    const text = 'date_sub(`d`, INTERVAL -2 hour)';
    expect(parseFormula(text).errors).toEqual([]);
    const result = formatText(text);
    expect(result.status).toBe('formatted');
    expect(result.text).toBe('DATE_SUB(`d`, INTERVAL -2 HOUR)');
  });

  it('never throws, whatever the input', () => {
    for (const text of ['', '   ', '-- only a comment', '/* open', ')))', 'CASE', '`', "'", '\u2018x\u2019', 'a'.repeat(5000), '('.repeat(200) + '1' + ')'.repeat(200)]) {
      const result = formatText(text);
      expect(['formatted', 'syntax-error', 'internal-error']).toContain(result.status);
      if (result.status !== 'formatted') expect(result.text).toBe(text);
    }
  });

  it('formats very long and deeply nested formulas (no recursion limit in the checks)', () => {
    const chain = Array.from({ length: 3000 }, (_, i) => `\`c${i}\``).join(' + ');
    const result = formatText(chain);
    expect(result.status).toBe('formatted');
    expect(result.text.split('\n')).toHaveLength(3000);
    const nested = `${'CASE WHEN `a` THEN '.repeat(100)}1${' END'.repeat(100)}`;
    expect(formatText(nested).status).toBe('formatted');
  });
});
