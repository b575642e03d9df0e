// The suite's own completeness (no MariaDB needed): every function the evaluator implements is called by some case
// (or listed, with a reason, as not comparable), every operator form appears, every known difference is exercised,
// every pending difference is still a case, and docs/evaluation.md's table of differences is the one rendered from
// known-differences.ts (UPDATE_DOCS=1 rewrites it).
import { allNodes, parseFormula } from '@calckit/formula';
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allCases, NOT_COMPARED } from './expressions.js';
import { caseKey } from './harness.js';
import { IMPLEMENTED } from './implemented.js';
import { KNOWN_DIFFERENCES, renderKnownDifferences } from './known-differences.js';
import { PENDING_DIFFERENCES } from './pending-differences.js';
import { functionsOf } from './translate.js';

const cases = allCases();
const called = new Set(cases.flatMap((c) => [...functionsOf(c.formula)]));

describe('the differential suite covers', () => {
  it('every function the evaluator implements', () => {
    const uncovered = [...IMPLEMENTED].filter((f) => !called.has(f) && !(f in NOT_COMPARED)).sort();
    expect(uncovered, 'implemented functions without an expression in test/evaluate/differential/expressions.ts (add some, or a reason in NOT_COMPARED)').toEqual([]);
  });

  it('every operator form', () => {
    const forms = new Set<string>();
    for (const c of cases) {
      const root = parseFormula(c.formula).formula;
      for (const n of allNodes(root)) {
        if (n.kind === 'Binary' || n.kind === 'Unary') forms.add(n.operator);
        else if (n.kind === 'In' || n.kind === 'Like' || n.kind === 'Between' || n.kind === 'IsNull') forms.add(`${n.not ? 'NOT ' : ''}${n.kind}`);
        else if (n.kind === 'Case') forms.add(n.operand ? 'simple CASE' : 'searched CASE');
        else if (n.kind === 'Interval') forms.add('INTERVAL');
        else if (n.kind === 'Call' && n.over) forms.add('OVER');
        else if (n.kind === 'Call' && n.fixed) forms.add(`FIXED ${n.fixed.mode ?? 'BY'}`);
        else if (n.kind === 'Call' && n.distinct) forms.add('DISTINCT');
        else if (n.kind === 'Call' && n.star) forms.add('COUNT(*)');
        else if (n.kind === 'Null' || n.kind === 'Boolean') forms.add(n.kind);
      }
    }
    const all = ['+', '-', '*', '/', '=', '!=', '<>', '<', '>', '<=', '>=', 'AND', 'OR', 'NOT', 'In', 'NOT In', 'Like', 'NOT Like', 'Between', 'NOT Between', 'IsNull', 'NOT IsNull', 'simple CASE', 'searched CASE', 'INTERVAL', 'OVER', 'FIXED BY', 'FIXED ADD', 'FIXED REMOVE', 'DISTINCT', 'COUNT(*)', 'Null', 'Boolean'];
    expect(all.filter((f) => !forms.has(f))).toEqual([]);
  });

  it('every known difference, with a case that shows it', () => {
    const formulas = new Set(cases.map((c) => c.formula));
    const shown = (d: (typeof KNOWN_DIFFERENCES)[number]) => (d.formulas ? Object.keys(d.formulas).every((f) => formulas.has(f)) : called.has(d.function));
    expect(KNOWN_DIFFERENCES.filter((d) => !shown(d)).map((d) => d.function)).toEqual([]);
  });

  it('every pending difference, as a case of the suite', () => {
    const keys = new Set(cases.map(caseKey));
    expect(PENDING_DIFFERENCES.filter((p) => !keys.has(caseKey(p))).map(caseKey)).toEqual([]);
  });
});

describe('docs/evaluation.md', () => {
  it('lists the known differences as known-differences.ts renders them', () => {
    const file = new URL('../../../docs/evaluation.md', import.meta.url);
    const text = readFileSync(file, 'utf8');
    const begin = '<!-- differences:begin (rendered from test/evaluate/differential/known-differences.ts; UPDATE_DOCS=1 npx vitest run test/evaluate/differential/coverage.test.ts) -->';
    const end = '<!-- differences:end -->';
    const at = text.indexOf(begin);
    const stop = text.indexOf(end);
    expect(at >= 0 && stop > at, `docs/evaluation.md needs the markers ${begin} … ${end}`).toBe(true);
    const current = text.slice(at + begin.length, stop).trim();
    const rendered = renderKnownDifferences();
    if (process.env.UPDATE_DOCS && current !== rendered) {
      writeFileSync(file, `${text.slice(0, at + begin.length)}\n${rendered}\n${text.slice(stop)}`);
      return;
    }
    expect(current).toBe(rendered);
  });
});
