// calckit/evaluate → the open document's formula evaluated over CSV rows the client sends, with @calckit/evaluate
// (the rows read by its own CSV reader, typed by the document's schema setting), or one clear error: a CSV line and
// its problem, the formula's evaluation error with its place, or a limit. The workbench page asks it as you type.
import { compileFormula, convertColumns, CsvSyntaxError, EvaluationError, readCsvColumns, type EvaluationResult } from '@calckit/evaluate';
import { expressionFromFileText } from '@calckit/formula';
import { RequestType, type Range } from 'vscode-languageserver';
import { onDocument, type Feature } from '../context.js';
import { expressionRange } from '../convert.js';

export const EVALUATE_METHOD = 'calckit/evaluate';

/** The request's bounds: what a page edits by hand, not a data set (`calckit eval` reads those). */
export const EVALUATE_LIMITS = { csvChars: 1_000_000, rows: 10_000, groupBy: 16 } as const;

export interface EvaluateParams {
  readonly textDocument: { readonly uri: string };
  /** CSV text: a header line naming the columns, then one line per row. */
  readonly csv: string;
  /** Columns to group by (an aggregate formula then gives one value per group). */
  readonly groupBy?: readonly string[];
}

export type EvaluateProblem =
  /** The CSV text is malformed: `line` is 1-based in the CSV text. */
  | { readonly kind: 'csv'; readonly line: number; readonly message: string }
  /** The formula cannot be evaluated over these rows; `range` is its place in the document, when it has one. */
  | { readonly kind: 'formula'; readonly code: string; readonly message: string; readonly range?: Range }
  /** The request is malformed or over a limit (EVALUATE_LIMITS), or the evaluation failed unexpectedly. */
  | { readonly kind: 'request'; readonly message: string };

export type EvaluateResponse =
  | ({ readonly ok: true; readonly version: number; readonly columns: readonly string[] } & EvaluationResult)
  | { readonly ok: false; readonly version?: number; readonly problem: EvaluateProblem };

const refused = (message: string, version?: number): EvaluateResponse => ({ ok: false, ...(version !== undefined ? { version } : {}), problem: { kind: 'request', message } });

/** What a request's params lack, or undefined when they are usable. */
function badParams(params: EvaluateParams): string | undefined {
  if (typeof params.csv !== 'string') return 'csv must be CSV text (a string)';
  if (params.csv.length > EVALUATE_LIMITS.csvChars) return `the CSV text is ${params.csv.length.toLocaleString('en-US')} characters: at most ${EVALUATE_LIMITS.csvChars.toLocaleString('en-US')} are evaluated here (calckit eval reads larger files)`;
  const groupBy = params.groupBy ?? [];
  if (!Array.isArray(groupBy) || groupBy.some((g) => typeof g !== 'string')) return 'groupBy must be a list of column names';
  if (groupBy.length > EVALUATE_LIMITS.groupBy) return `at most ${EVALUATE_LIMITS.groupBy} group-by columns (${groupBy.length} given)`;
  return undefined;
}

export const evaluation: Feature = {
  // A custom request: nothing to declare in the capabilities.
  capabilities: () => ({}),
  register(ctx) {
    ctx.connection.onRequest(
      new RequestType<EvaluateParams, EvaluateResponse, void>(EVALUATE_METHOD),
      onDocument<EvaluateParams, EvaluateResponse>(ctx, EVALUATE_METHOD, refused('the evaluation failed (the server log says why)'), ({ text }, settings, params) => {
        const version = text.version;
        const bad = badParams(params);
        if (bad) return refused(bad, version);
        let cells;
        try {
          cells = readCsvColumns(params.csv);
        } catch (error) {
          if (error instanceof CsvSyntaxError) return { ok: false, version, problem: { kind: 'csv', line: error.line, message: error.problem } };
          throw error;
        }
        if (cells.length > EVALUATE_LIMITS.rows) return refused(`${cells.length.toLocaleString('en-US')} rows: at most ${EVALUATE_LIMITS.rows.toLocaleString('en-US')} are evaluated here (calckit eval reads larger files)`, version);
        const whole = text.getText();
        const groupBy = params.groupBy ?? [];
        try {
          // As `calckit eval`: compiled first, so that with a schema the formula's errors come before the rows' bad input.
          const compiled = compileFormula(expressionFromFileText(whole), {
            ...(settings.schema ? { schema: settings.schema } : {}),
            ...(groupBy.length > 0 ? { groupBy } : {}),
            ...(settings.serviceName ? { serviceName: settings.serviceName } : {}),
          });
          const result = compiled.evaluateTable(convertColumns(cells, settings.schema));
          return { ok: true, version, columns: cells.names, ...result };
        } catch (error) {
          if (!(error instanceof EvaluationError)) throw error;
          const range = error.range && expressionRange(text, error.range.start.offset, error.range.end.offset);
          return { ok: false, version, problem: { kind: 'formula', code: error.code, message: error.message, ...(range ? { range } : {}) } };
        }
      }),
    );
  },
};
