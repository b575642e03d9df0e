// textDocument/hover → ide hover(); on a formula with tests, the first test case's rows and the formula's values on
// them below it (ide testValuesHover, from features/test-runs.ts's results for the open texts).
import { fileURLToPath } from 'node:url';
import { basename } from 'node:path';
import { hover as ideHover, testValuesHover, type IdeDocument } from '@calckit/ide';
import { countResults } from '@calckit/evaluate';
import type { Hover } from 'vscode-languageserver';
import { onDocument, type Feature, type ServerContext } from '../context.js';
import { toOffset, toRange } from '../convert.js';
import { describeError } from '../log.js';
import { hoverFormat, markup } from '../markup.js';
import { testRunsOf } from './test-runs.js';

/** The Markdown of a formula's test values, or undefined when it has no tests. */
function testValues(ctx: ServerContext, uri: string, doc: IdeDocument): string | undefined {
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

export const hover: Feature = {
  capabilities: () => ({ hoverProvider: true }),
  register(ctx) {
    ctx.connection.onHover(
      onDocument(ctx, 'textDocument/hover', null, ({ text, doc }, settings, params): Hover | null => {
        const h = ideHover(doc, toOffset(text, params.position), settings);
        const tests = testValues(ctx, params.textDocument.uri, doc);
        const format = hoverFormat(ctx.client());
        if (!h) return tests ? { contents: markup(format, tests) } : null;
        return { contents: markup(format, tests ? `${h.contents}\n\n---\n\n${tests}` : h.contents), range: toRange(text, h.span) };
      }),
    );
  },
};
