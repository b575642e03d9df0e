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
  const modules = await Promise.all(entriesFor(argv.slice(2)).map((entry) => entry.load()));
  for (const module of modules) module.register(program);
  return program;
}
