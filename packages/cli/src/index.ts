// Library surface of the CLI package: commands as functions, for tests and other shells.
export { buildProgram } from './program.js';
export { CliExit, EXIT_OK, EXIT_FINDINGS, EXIT_USAGE } from './exit.js';
