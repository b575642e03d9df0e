// What the evaluator implements, read from its own function tables (so that a function added later is compared
// automatically): scalar functions and constants, aggregates, window functions.
import { EvaluationError, evaluateFormula } from '@calckit/evaluate';
import { FUNCTION_ENTRIES } from '@calckit/formula';
import { expect } from 'vitest';
import { AGGREGATES } from '../../../packages/evaluate/src/aggregates.js';
import { SCALAR_FUNCTIONS } from '../../../packages/evaluate/src/functions/index.js';
import { WINDOW_FUNCTIONS } from '../../../packages/evaluate/src/windows.js';
import type { MariadbFixture } from '../mariadb.js';
import { expectSame, type Case } from './harness.js';
import { functionsOf, NESTED } from './translate.js';

/** Functions the compiler handles itself, outside the tables (RAND, RANDOM): found by calling each catalogue
 * function that takes no argument and seeing whether the evaluator refuses it. */
function compiledSpecially(): string[] {
  const out: string[] = [];
  for (const e of FUNCTION_ENTRIES) {
    if (e.kind !== 'scalar' && e.kind !== 'constant') continue;
    if (e.params.some((p) => !p.optional)) continue;
    try {
      evaluateFormula(`${e.name}()`, [{}], {});
      out.push(e.name);
    } catch (error) {
      if (!(error instanceof EvaluationError) || (error.code !== 'unsupported-function' && error.code !== 'unknown-function')) out.push(e.name);
    }
  }
  return out;
}

export const IMPLEMENTED: ReadonlySet<string> = new Set(
  [...Object.keys(SCALAR_FUNCTIONS), ...Object.keys(AGGREGATES), ...Object.keys(WINDOW_FUNCTIONS), ...compiledSpecially()].map((n) => n.toUpperCase()),
);

/** The functions a case calls that the evaluator does not implement. */
export const unimplementedIn = (c: Case): string[] => [...functionsOf(c.formula)].filter((f) => !IMPLEMENTED.has(f));

/**
 * Checks one case: compared with MariaDB when the evaluator implements every function it calls; otherwise the
 * evaluator must refuse it with a clear error (never a guess).
 */
export async function check(fixture: MariadbFixture, c: Case): Promise<void> {
  const missing = unimplementedIn(c);
  if (missing.length === 0) return expectSame(fixture, c);
  let error: unknown;
  try {
    evaluateFormula(c.formula, fixture.rows, { schema: fixture.schema, groupBy: c.groupBy, nestedFormula: (id) => NESTED[id] });
  } catch (e) {
    error = e;
  }
  expect(error, `${c.formula}: ${missing.join(', ')} not in the evaluator's tables, yet it evaluated`).toBeInstanceOf(EvaluationError);
  expect((error as EvaluationError).code).toMatch(/^(unsupported-function|unknown-function)$/);
}
