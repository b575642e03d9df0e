import { describe, expect, it } from 'vitest';
import { parseFormula } from '../syntax/parse.js';
import { buildSemanticModel } from './semantic-model.js';

/** Each column use as `name: flags` (a: in an aggregate's arguments, f: in FIXED, w: in a window), in source order. */
function columnUses(formula: string): string[] {
  const model = buildSemanticModel(parseFormula(formula), {});
  return model.columns.map((u) => `${u.node.name}:${u.aggregated ? 'a' : ''}${u.inFixed ? 'f' : ''}${u.inWindow ? 'w' : ''}`);
}

describe('the semantic model', () => {
  it.each([
    ['`x` + SUM(`y`)', ['x:', 'y:a']],
    ['SUM(`x`) OVER (PARTITION BY `p` ORDER BY `o` DESC)', ['x:a', 'p:w', 'o:w']],
    ['SUM(SUM(`x`) OVER (PARTITION BY `p`))', ['x:a', 'p:aw']],
    ['MAX(SUM(`x`) FIXED (BY `r` FILTER ALLOW `s`))', ['x:a', 'r:af', 's:af']],
    ['CASE WHEN `c` THEN COUNT(DISTINCT `d`) END', ['c:', 'd:a']],
    ['ROUND(`x`, 2) OVER (ORDER BY `o`)', ['x:', 'o:w']],
  ])('knows where each column of %s stands', (formula, expected) => {
    expect(columnUses(formula)).toEqual(expected);
  });

  it('keeps the catalogue entry of each call at its index, undefined for a name the catalogue lacks', () => {
    const model = buildSemanticModel(parseFormula('SUM(NOSUCH(`x`)) + round(`y`)'), {});
    expect(model.calls.map((c) => c.upperName)).toEqual(['SUM', 'NOSUCH', 'ROUND']);
    expect(model.callEntries.map((e) => e?.name)).toEqual(['SUM', undefined, 'ROUND']);
  });
});
