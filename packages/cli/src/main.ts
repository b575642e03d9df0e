#!/usr/bin/env node
// Entry point of the `calckit` command: parses arguments, runs one command, sets the exit code.
import { buildProgram } from './program.js';
import { CliExit } from './exit.js';

try {
  const program = await buildProgram(process.argv);
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CliExit) {
    if (error.message) process.stderr.write(error.message.endsWith('\n') ? error.message : `${error.message}\n`);
    process.exitCode = error.code;
  } else {
    process.stderr.write(`calckit: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 2;
  }
}
