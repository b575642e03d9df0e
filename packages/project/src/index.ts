// Public API of @calckit/project: the project file calckit.json, dataset schema files, push state, connection settings.
export { loadProject, parseProject, isInside, writesInside, PROJECT_FILE_NAME, DEFAULT_STATE_PATH } from './load.js';
export type { Project, ProjectCalculation, ProjectDataset } from './load.js';
export { ProjectIndex } from './project-index.js';
export type { ColumnReference, FormulaReferences, IndexedFile, IndexedProject, NestedCallReference, ProjectIndexOptions } from './project-index.js';
export { buildProjectGraph } from './project-graph.js';
export { shortestCycle } from './graph-cycles.js';
export type { GraphCalculation, GraphColumn, GraphNested, GraphUse, ProjectGraph } from './project-graph.js';
export { calculationForFile, calculationForId, calculationsOfDataset, loadDatasetSchema, readDatasetSchemaFile, schemaForFile } from './lookup.js';
export { readState, recordsFor, lastPushed, recordPush, recordPushes, forgetPush, openPushState, writeAtomically, UNKNOWN_ORIGIN } from './state.js';
export type { PushState, PushStateEntry, PushStateHandle, PushRecordInput, SchemaRecordInput, SchemaStateEntry, StateFileOptions } from './state.js';
export { resolveConnection, resolveServiceName, ENV, DEFAULT_SERVICE_NAME, DEFAULT_TIMEOUT_MS, DEFAULT_RETRIES } from './connection.js';
export type { ConnectionFlags, ConnectionSettings, ResolveConnectionOptions, SettingSource } from './connection.js';
export {
  CONFIG_DIR_ENV,
  CREDENTIALS_FILE_NAME,
  CredentialsError,
  checkToken,
  configDir,
  credentialsPath,
  readCredentials,
  removeAllTokens,
  removeTokens,
  storeToken,
  storedTokens,
} from './credentials.js';
export type { ReadCredentials, StoredTokens, TokenKind } from './credentials.js';
export { readFileHistory, gitVersionLookup } from './history.js';
export { serviceOrigin } from './origin.js';
export type { FileHistory } from './history.js';
export { ProjectError, SettingsError } from './errors.js';
export type { ProjectIssue } from './errors.js';
export { projectFileSchema, datasetColumnSchema, datasetSchemaFileSchema, COLUMN_TYPES } from './schema.js';
export type { ProjectFile, ServiceSection, DatasetEntry, CalculationEntry, DatasetColumn, ColumnType } from './schema.js';
export { diffSchemas, likelyRename } from './schema-diff.js';
export type { ColumnChange, ColumnChangeKind, LikelyRename } from './schema-diff.js';
export { schemaColumnRenameEdit, type SchemaTextEdit } from './schema-file-edit.js';
export { projectJsonSchema } from './json-schema.js';
export { readFormulaFile, readRegularFileSync, readSettingsFileText, MAX_FILE_BYTES, decodeFormulaText, findEncodingProblem, writeFormulaFile, writeFormulaFileSync, writeTextFileAtomic, writeTextFileAtomicSync, FileEncodingError, FileAccessError } from './files.js';
export type { EncodingProblem, EncodingProblemKind, FileOptions, ReadLimitOptions, WriteOptions } from './files.js';
export { resolveInsideProject, realPlaceOf, isWithin, OutsideProjectError, OUTSIDE_PROJECT } from './inside.js';
export { describeJsonError, findJsonSyntaxError, parseJsonText } from './json-text.js';
export type { JsonSyntaxProblem } from './json-text.js';
export {
  testFilesOf,
  testFileCandidates,
  discoverTestFiles,
  TEST_GLOB,
  formulaFileOf,
  isTestFile,
  TEST_FILE_SUFFIXES,
  readRowsFile,
  readDataFile,
  csvRows,
  csvColumns,
  jsonRows,
  rowsFrom,
  dataFilesOf,
  DataFileError,
  MAX_DATA_BYTES,
  loadTestFile,
  testCasePlaces,
  formulaSettings,
  nestedFormulas,
  runFormulaTestFile,
  updateFormulaTestFile,
} from './formula-tests.js';
export type { CaseValues, DiscoverResult, FormulaSettings, LoadedTestFile, LoadTestFileOptions, RowsFromOptions, RunFormulaTestsOptions, TestCasePlace, TestFileRun, TestFileUpdate, UpdateTestFileOptions } from './formula-tests.js';
