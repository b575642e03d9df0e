// The hover's addition on a formula with tests: the first test case's rows and the formula's values on them (ide's
// testValuesHover, from features/test-runs.ts's results for the open texts).
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { countResults } from '@calckit/evaluate';
import { testValuesHover, type IdeDocument } from '@calckit/ide';
import type { ServerContext } from '../context.js';
import { describeError } from '../log.js';
import { testRunsOf } from './features/test-runs.js';

/** The Markdown of a formula's test values, or undefined when it has no tests. */
export function testValues(ctx: ServerContext, uri: string, doc: IdeDocument): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    const found = testRunsOf(ctx).valuesFor(fileURLToPath(uri));
    if (!found) return undefined;
    const { run, index } = found;
    const testFile = basename(run.testFile);
    if (index < 0) return testValuesHover(doc, { testFile, caseName: 'the test file', rows: [], groupBy: [], kind: 'rows', values: [], problem: run.issues[0]?.message ?? 'it has no test cases' });
    const result = run.cases[index]!;
    const values = run.values?.[index];
    const counts = countResults(run.cases);
    if (!values) {
      const problem = result.error?.message ?? result.problem ?? 'not evaluated';
      return testValuesHover(doc, { testFile, caseName: result.name, rows: [], groupBy: [], kind: 'rows', values: [], counts, problem });
    }
    return testValuesHover(doc, {
      testFile,
      caseName: result.name,
      rows: values.rows,
      groupBy: values.groupBy,
      kind: values.result.kind,
      values: values.result.rows,
      counts,
    });
  } catch (error) {
    ctx.log.error(`test values for the hover of ${uri}: ${describeError(error)}`);
    return undefined;
  }
}
