// The test file format: `<formula>.calc.test.json` or `.calc.test.yaml` beside a formula, as dbt's unit tests (given
// rows → expected values) in a Jest-like list of named cases. One zod schema is the source of the validation, of the
// TypeScript types and of the JSON Schema for editors (json-schema.ts; schema/calc-test.schema.json is its copy).
import { COLUMN_TYPES } from '@calckit/formula/vocabulary';
import { z } from 'zod';
import type { EvaluateOptions, EvaluationErrorCode } from '../api.js';

/** A cell of an inline row, or an expected value: JSON scalars (times as ISO text, `2024-01-31`, `2024-01-31 10:00:00`). */
const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()], { error: 'must be text, a number, true/false or null' });

const inlineRows = z
  .array(z.record(z.string(), scalar, { error: 'each row must be an object of column name → value (text, number, true/false or null)' }))
  .describe('Rows inline: one object per row, column name → cell (text, number, true/false, null; dates as ISO text).');

const rowsFile = z
  .strictObject({
    csv: z.string().min(1).optional().describe('A CSV file with a header line, relative to the test file.'),
    json: z.string().min(1).optional().describe('A JSON file holding an array of row objects, relative to the test file.'),
  })
  .refine((v) => (v.csv === undefined) !== (v.json === undefined), { error: 'give exactly one of "csv" or "json"' })
  .describe('Rows from a file beside the test: { "csv": "orders.csv" } or { "json": "orders.json" }.');

export const rowsSchema = z.union([inlineRows, rowsFile], { error: 'must be an array of row objects, or { "csv": "file.csv" } / { "json": "file.json" }' });

const columnType = z.enum(COLUMN_TYPES, { error: `must be one of ${COLUMN_TYPES.join(', ')}` });

const schemaOverride = z
  .union(
    [
      z.record(z.string().min(1), columnType),
      z.array(
        z.object({
          name: z.string().min(1),
          type: columnType,
          id: z.string().optional(),
          visible: z.boolean().optional(),
          order: z.number().int().min(0).optional(),
        }),
      ),
    ],
    { error: 'must be an object of column name → type ({ "Revenue": "DECIMAL" }) or an array of columns as in a schema file' },
  )
  .describe("The rows' column types, instead of the formula's dataset schema: { \"Revenue\": \"DECIMAL\" } or a schema file's array.");

const tolerance = z
  .union([
    z.number().min(0),
    z.strictObject({
      absolute: z.number().min(0).optional().describe('Numbers within this distance of the expected value pass.'),
      relative: z.number().min(0).optional().describe('Numbers within this fraction of the expected value (0.001 = 0.1 %) pass.'),
    }),
  ])
  .describe('How far a number may be from the expected one: a number (absolute) or { absolute, relative }; either passing is enough.');

const now = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/, 'must be an ISO date or date-time, e.g. "2024-03-31" or "2024-03-31T09:30:00"')
  .describe('The clock for CURRENT_DATE, NOW and the like (ISO date or date-time).');

/** One expected group: its group-by columns and `value`. */
const groupExpectation = z.record(z.string(), scalar).refine((o) => 'value' in o, { error: 'an expected group needs "value" beside its group-by columns' });

const expectValues = z
  .array(z.union([scalar, groupExpectation], { error: 'must be a value (text, number, true/false, null) or an object { <group-by columns>, "value" }' }))
  .describe('Expected values: one per input row for a row-level formula, or one { <group-by columns>, value } per group for an aggregate.');

/** The codes of EvaluationError (api.ts), every one of them (checked below). */
export const EVALUATION_ERROR_CODES = ['syntax', 'unknown-function', 'unsupported-function', 'unknown-column', 'bad-input', 'nested-calculation', 'runtime'] as const;
// A code added to EvaluationErrorCode and not here (or the reverse) fails to compile.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const allCodes: Same<(typeof EVALUATION_ERROR_CODES)[number], EvaluationErrorCode> = true;
void allCodes;

const errorCode = z.enum(EVALUATION_ERROR_CODES, { error: `must be an evaluation error code: ${EVALUATION_ERROR_CODES.join(', ')}` });

const expectError = z
  .strictObject({
    error: z
      .union(
        [
          z.string().min(1, 'must be an error code or a part of the message'),
          z
            .strictObject({
              code: errorCode.optional().describe('The error code the evaluation must stop with.'),
              message: z.string().min(1).optional().describe("Text the error's message must contain (case-insensitive)."),
            })
            .refine((e) => e.code !== undefined || e.message !== undefined, { error: 'give "code", "message" or both' }),
        ],
        {
          error: (issue) =>
            issue.input === undefined
              ? 'is missing: give an error code or a part of the message'
              : `must be an error code (${EVALUATION_ERROR_CODES.join(', ')}), a part of the message, or { "code", "message" }`,
        },
      )
      .describe(`The evaluation must stop with this error: a code (${EVALUATION_ERROR_CODES.join(', ')}), else text its message contains (case-insensitive); or { "code", "message" }, both to match.`),
  })
  .describe('The evaluation must fail with an error: { "error": "unsupported-function" }.');

const expectSchema = z.union([expectValues, expectError], {
  error: (issue) => (issue.input === undefined ? 'is missing (a list is required)' : 'must be an array of expected values, or { "error": <code or part of the message> }'),
});

/** String comparison of the evaluator (`collation` of evaluateFormula). */
const collation = z
  .enum(['utf8mb4_general_ci', 'binary'], { error: 'must be "utf8mb4_general_ci" (case- and accent-insensitive, the default) or "binary"' })
  .describe('String comparison: "utf8mb4_general_ci" (MySQL\'s default: case- and accent-insensitive) or "binary".');

const groupBy = z.array(z.string().min(1)).describe('Dimensions a card would group by: an aggregate gives one value per group.');

export const testCaseSchema = z.strictObject({
  name: z.string().min(1, 'must be a non-empty name').describe('What the case checks (shown in reports).'),
  rows: rowsSchema.optional().describe("The input rows (default: the file's rows)."),
  groupBy: groupBy.optional(),
  now: now.optional(),
  schema: schemaOverride.optional(),
  tolerance: tolerance.optional(),
  collation: collation.optional(),
  expect: expectSchema,
  skip: z.boolean().optional().describe('Skip this case (reported as skipped).'),
});

export const testFileSchema = z
  .strictObject({
    $schema: z.string().optional(),
    formula: z.string().min(1).optional().describe('The formula file, relative to the test file (default: the test file name without .test.json / .test.yaml).'),
    rows: rowsSchema.optional().describe('Rows shared by the cases that give none.'),
    now: now.optional().describe('The clock for every case that sets none.'),
    schema: schemaOverride.optional().describe("Column types for every case that sets none (default: the formula's dataset schema)."),
    tolerance: tolerance.optional().describe('The tolerance of every case that sets none (default: 1e-9 relative).'),
    collation: collation.optional().describe('The string comparison of every case that sets none (default: "utf8mb4_general_ci").'),
    tests: z.array(testCaseSchema).min(1, 'must list at least one test case').describe('The test cases.'),
  })
  .superRefine((file, ctx) => {
    const names = new Map<string, number>();
    file.tests.forEach((t, i) => {
      if (t.rows === undefined && file.rows === undefined) ctx.addIssue({ code: 'custom', path: ['tests', i], message: 'has no "rows" (and the file has no shared "rows")' });
      const previous = names.get(t.name);
      if (previous !== undefined) ctx.addIssue({ code: 'custom', path: ['tests', i, 'name'], message: `"${t.name}" is already the name of test ${previous + 1}` });
      else names.set(t.name, i);
    });
  })
  .describe('calckit formula tests (`calckit test`): given rows, the values a formula must compute.');

export type TestFile = z.infer<typeof testFileSchema>;
export type TestCase = z.infer<typeof testCaseSchema>;
export type RowsSpec = z.infer<typeof rowsSchema>;
export type SchemaOverride = z.infer<typeof schemaOverride>;
export type Tolerance = z.infer<typeof tolerance>;
export type Expectation = z.infer<typeof expectSchema>;
export type ExpectedEntry = z.infer<typeof expectValues>[number];
/** A case's `expect` when it is `{ error }`. */
export type ErrorExpectation = z.infer<typeof expectError>;
export type Collation = NonNullable<EvaluateOptions['collation']>;
export type EvaluationErrorCodeName = (typeof EVALUATION_ERROR_CODES)[number];

/** Whether a case expects an evaluation error (`expect: { error }`) rather than values. */
export const expectsError = (expect: Expectation): expect is ErrorExpectation => !Array.isArray(expect);
export type Scalar = z.infer<typeof scalar>;

/** The default tolerance: numbers equal to 9 significant digits pass (decimal arithmetic in doubles: 0.1 + 0.2). */
export const DEFAULT_TOLERANCE: Readonly<{ absolute: number; relative: number }> = { absolute: 0, relative: 1e-9 };

/** The suffixes of test files, in the order a formula's tests are looked for. */
export const TEST_FILE_SUFFIXES = ['.test.json', '.test.yaml', '.test.yml'] as const;

/** Whether a path names a test file (`x.calc.test.json`, `.yaml`, `.yml`). */
export const isTestFile = (path: string): boolean => TEST_FILE_SUFFIXES.some((s) => path.endsWith(s));

/** The names a formula's test files may have, in the order they are looked for (`margin.calc.test.json`, …). */
export const testFilePathsFor = (formula: string): string[] => TEST_FILE_SUFFIXES.map((s) => `${formula}${s}`);

/** The formula a test file tests by default: its path without `.test.json` / `.test.yaml` / `.test.yml`. */
export function defaultFormulaPath(testFile: string): string {
  const suffix = TEST_FILE_SUFFIXES.find((s) => testFile.endsWith(s));
  return suffix ? testFile.slice(0, -suffix.length) : testFile;
}
