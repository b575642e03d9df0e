// Formula tests: the test file format (`*.calc.test.json` / `.yaml`), its validation with places in the file, the
// runner that compares a formula's values with the expected ones, and a readable diff. Pure: callers read the files.
export {
  testFileSchema,
  testCaseSchema,
  rowsSchema,
  DEFAULT_TOLERANCE,
  TEST_FILE_SUFFIXES,
  isTestFile,
  testFilePathsFor,
  defaultFormulaPath,
  type TestFile,
  type TestCase,
  type RowsSpec,
  type SchemaOverride,
  type Tolerance,
  type ExpectedEntry,
  type Expectation,
  type ErrorExpectation,
  type Collation,
  type Scalar,
  EVALUATION_ERROR_CODES,
  expectsError,
} from './spec.js';
export { parseTestFile, fieldPath, testFileFormat, type TestFileIssue, type ParseTestFileResult, type CasePosition, type ParseTestFileOptions, type JsonErrorLocator } from './parse.js';
export { compareResult, withInputs, valuesMatch, resolveTolerance, type Comparison, type DiffRow, type ResolvedTolerance } from './compare.js';
export { runTestFile, runTestCase, describeErrorExpectation, errorMatches, columnsRead, schemaColumns, countResults, TestDataError, type Evaluate, type RunTestFileOptions, type TestCaseResult, type CaseStatus, type CaseEvaluationError } from './run.js';
export { formatDiff, diffSummary, describeTolerance, showValue, diffPalette, type DiffPalette } from './diff.js';
export { testFileJsonSchema } from './json-schema.js';
export { updatedExpectation, updateTestFileText, expectationOf, type ExpectUpdate, type UpdatedExpectation, type UpdateTextResult } from './update.js';
