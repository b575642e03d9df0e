// Signature help: the active parameter follows the cursor through the arguments, even in an unclosed call.
import { describe, expect, it } from 'vitest';
import { fixture } from './fixture.js';
import { signatureHelp } from './signature-help.js';

function check(marked: string, expected: { label: string; active: number } | undefined) {
  const { doc, offset } = fixture(marked);
  const help = signatureHelp(doc, offset);
  if (expected === undefined) expect(help).toBeUndefined();
  else expect({ label: help?.label, active: help?.activeParameter }).toEqual(expected);
}

describe('signature help', () => {
  it('highlights the argument under the cursor', () => {
    check('DATEDIFF($0', { label: 'DATEDIFF(TIME, TIME) → LONG', active: 0 });
    check('DATEDIFF(`a`, $0', { label: 'DATEDIFF(TIME, TIME) → LONG', active: 1 });
    check('DATEDIFF(`a`, ABS(1)$0)', { label: 'DATEDIFF(TIME, TIME) → LONG', active: 1 });
  });

  it('answers for the innermost call', () => {
    check('ROUND(SUM($0', { label: 'SUM([DISTINCT] NUMERIC) → NUMERIC', active: 0 });
    check('ROUND(SUM(`a`), $0', { label: 'ROUND(NUMERIC, [LONG]) → NUMERIC', active: 1 });
  });

  it('does not count commas inside nested calls or CASE', () => {
    check('ROUND(CASE WHEN `a` IN (1, 2) THEN 1 END$0', { label: 'ROUND(NUMERIC, [LONG]) → NUMERIC', active: 0 });
  });

  it('looks through grouping parentheses', () => {
    check('ROUND((1 + $0', { label: 'ROUND(NUMERIC, [LONG]) → NUMERIC', active: 0 });
    check('ROUND(1, (2 * $0', { label: 'ROUND(NUMERIC, [LONG]) → NUMERIC', active: 1 });
    check('ABS(`a` IN (1, $0', undefined);
  });

  it('says where each parameter stands in the label, also when two read the same', () => {
    const help = signatureHelp(fixture('NULLIF(1, $0').doc, 'NULLIF(1, '.length)!;
    expect(help.label).toBe('NULLIF(ANY, ANY) → ANY');
    expect(help.parameters.map((p) => help.label.slice(...p.offsets))).toEqual(['ANY', 'ANY']);
    expect(help.parameters.map((p) => p.offsets)).toEqual([[7, 10], [12, 15]]);
    expect(help.activeParameter).toBe(1);
    const round = signatureHelp(fixture('ROUND($0').doc, 6)!;
    expect(round.parameters.map((p) => round.label.slice(...p.offsets))).toEqual(['NUMERIC', '[LONG]']);
  });

  it('repeats a variadic parameter', () => {
    const { doc, offset } = fixture("CONCAT('a', 'b', 'c$0'");
    const help = signatureHelp(doc, offset)!;
    expect(help.activeParameter).toBe(help.parameters.length - 1);
  });

  it('is silent outside calls, in grouping parentheses, in OVER and for unknown functions', () => {
    check('1 + $0', undefined);
    check('(1 + $0', undefined);
    check('((1 + $0', undefined);
    check('SUM(`a`) OVER ($0', undefined);
    check('FOO(1, $0', undefined);
    check('SUM(`a`)$0', undefined);
  });
});
