// Public API of @calckit/emulator: a local HTTP emulator of the service, backed by SQLite.
export { startEmulator, DEFAULT_FIXTURES_PATH, DEFAULT_MAX_BODY_BYTES } from './server.js';
export type { EmulatorOptions, RunningEmulator } from './server.js';
export { FixturesSchema, VALUE_TYPES } from './fixtures-format.js';
export type { Fixtures, FixturesInput, CodeFunctionDefinition, TypeSpec, ValueType } from './fixtures-format.js';
export { parseFixtures, checkFixtures, readFixturesFile, FixturesError } from './fixtures.js';
export { nextRunDate } from './schedule/next-run.js';
export type { RunRule } from './schedule/next-run.js';
export { DEFAULT_SANDBOX_LIMITS } from './sandbox/runner.js';
export type { SandboxLimits } from './sandbox/runner.js';
