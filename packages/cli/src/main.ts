#!/usr/bin/env node
// Entry point of the `calckit` command: parses arguments, runs one command, sets the exit code.
import { buildProgram } from './program.js';
import { CliExit } from './exit.js';

// A reader that goes away (`calckit lint --format sarif | head`) is not a failure of the run: what is left to print is
// dropped and the command finishes its work, so a file it is writing is never left half done and the exit code is
// still the command's. Without this, Node throws the EPIPE as an unhandled 'error' event, with a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    stream.write = (() => true) as typeof stream.write;
  });
}

try {
  const program = await buildProgram(process.argv);
  await program.parseAsync(process.argv);
} catch (thrown) {
  // A command that met an unreachable service lets the failure through: one message for the whole run. (Loaded here
  // only: the commands that never reach the service do not load the client.)
  const json = process.argv.slice(2).includes('--json');
  const error = thrown instanceof CliExit ? thrown : ((await import('./service/output.js')).unreachableExitOf(thrown, json) ?? thrown);
  if (error instanceof CliExit) {
    if (error.message) process.stderr.write(error.message.endsWith('\n') ? error.message : `${error.message}\n`);
    process.exitCode = error.code;
  } else {
    process.stderr.write(`calckit: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 2;
  }
}
