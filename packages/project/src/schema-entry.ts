// @calckit/project/schema: the dataset schema's zod schema and its problems as messages, for code that must not load
// the file system (the language server's browser-safe core): these modules import no `node:` module, unlike the
// package's main entry. test/architecture.test.ts holds them to that.
export { COLUMN_TYPES, datasetColumnSchema, datasetSchemaFileSchema, type ColumnType, type DatasetColumn } from './schema.js';
export { issuesOf, ProjectError, type ProjectIssue } from './errors.js';
