// Builds the commander program from the command registry; each command lives in its own file under commands/.
import { Command } from 'commander';
import { CliExit, EXIT_USAGE } from './exit.js';
import { entriesFor } from './commands/index.js';
import { VERSION } from './version.js';

/** The program with the commands this command line needs registered (see commands/index.ts). */
export async function buildProgram(argv: readonly string[] = process.argv): Promise<Command> {
  const program = new Command('calckit')
    .description('Language tooling for calculated-field formulas: analyze, lint, format, evaluate and test, push')
    .version(VERSION, '-v, --version')
    .showHelpAfterError()
    .exitOverride((error) => {
      // commander's own exits: help and version are successes, everything else is a usage error.
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') {
        throw new CliExit(0);
      }
      throw new CliExit(EXIT_USAGE);
    });
  program.addHelpText(
    'after',
    [
      '',
      'Exit codes (as ESLint): 0 success; 1 findings or a failed service call (lint errors, a conflict, an HTTP error,',
      'a time-out, files not in sync); 2 bad usage or configuration, or a service that cannot be reached: the first',
      'connection refused, host unreachable or host name not found stops the run with one message.',
    ].join('\n'),
  );
  const modules = await Promise.all(entriesFor(argv.slice(2)).map((entry) => entry.load()));
  for (const module of modules) module.register(program);
  return program;
}
