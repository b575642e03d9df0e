// `calckit lint [paths|globs|-]`: ESLint's conventions for formula files. The work is in ../lint/run.ts.
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { InvalidArgumentError, Option, type Command } from 'commander';
import { FileAccessError, writeTextFileAtomicSync } from '@calckit/project';
import { CliExit, EXIT_OK, EXIT_USAGE } from '../exit.js';
import { readStdinBytes } from '../io.js';
import { DEFAULT_CACHE_LOCATION } from '../lint/defaults.js';

interface LintFlags {
  readonly fix?: boolean;
  readonly fixDryRun?: boolean;
  readonly quiet?: boolean;
  readonly format: string;
  readonly outputFile?: string;
  readonly stdinFilename?: string;
  readonly cache?: boolean;
  readonly cacheLocation: string;
  readonly errorOnUnmatchedPattern: boolean;
  readonly color?: boolean;
  readonly maxWarnings?: number;
  readonly config?: string;
  readonly printConfig?: string;
  readonly concurrency: 'auto' | 'off' | number;
  readonly maxProblemsPerFile: number;
  readonly debug?: boolean;
}

const wholeNumber = (value: string): number => {
  if (!/^-?\d+$/.test(value)) throw new InvalidArgumentError('must be a whole number');
  return Number(value);
};
const count = (value: string): number => {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('must be a whole number (0 for no limit)');
  return Number(value);
};
const concurrency = (value: string): 'auto' | 'off' | number => {
  if (value === 'auto' || value === 'off') return value;
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new InvalidArgumentError("must be 'auto', 'off' or a number of threads");
  return Number(value);
};

/** Colour: --color / --no-color, else on when the report goes to a terminal and NO_COLOR is unset. */
function useColor(flag: boolean | undefined, toFile: boolean): boolean {
  if (flag !== undefined) return flag;
  if (toFile || process.env['NO_COLOR']) return false;
  if (process.env['FORCE_COLOR'] && process.env['FORCE_COLOR'] !== '0') return true;
  return process.stdout.isTTY === true;
}

export function register(program: Command): void {
  program
    .command('lint')
    .description('check formula files for mistakes the service rejects or silently gets wrong')
    .argument('[patterns...]', "files, directories (searched for *.calc) and globs; '-' reads standard input; default: the current directory")
    .option('--fix', 'apply fixes to the files')
    .option('--fix-dry-run', 'compute fixes without writing them (shown as `output` in json)')
    .option('--quiet', 'run error rules only (warnings are neither reported nor fixed)')
    .addOption(new Option('-f, --format <name>', 'output format').choices(['stylish', 'json', 'sarif', 'github', 'junit']).default('stylish'))
    .option('-o, --output-file <file>', 'write the report to a file')
    .option('--stdin-filename <path>', 'the path standard input stands for (settings, messages)')
    .option('--cache', 'only lint files whose content or settings changed')
    .option('--cache-location <file>', 'where the cache lives', DEFAULT_CACHE_LOCATION)
    .option('--no-error-on-unmatched-pattern', 'a pattern matching no file is not an error')
    .option('--color', 'force colour')
    .option('--no-color', 'no colour')
    .option('--max-warnings <n>', 'exit 1 when there are more than n warnings', wholeNumber)
    .option('--config <file>', 'the project file to use instead of looking for calckit.json')
    .option('--print-config <file>', 'print the settings for a file and exit')
    .option('--concurrency <n>', "worker threads: 'auto', 'off' or a number", concurrency, 'auto')
    .option('--max-problems-per-file <n>', 'problems shown per file, then one note with the count of the others (0: no limit)', count, 100)
    .option('--debug', 'print the stack of an internal error on stderr')
    .action(async (given: string[] | undefined, flags: LintFlags) => {
      const patterns = given ?? [];
      // Loaded on use: other commands (and --version) start without the parser and the rules.
      const [{ printConfig }, { SettingsError }, { runLint }, { escapeForTerminal }] = await Promise.all([
        import('../lint/print-config.js'),
        import('../lint/projects.js'),
        import('../lint/run.js'),
        import('@calckit/lint'),
      ]);
      /** Messages for stderr show control characters (from file names, patterns) as escapes, line by line. */
      const safe = (text: string) => text.split('\n').map(escapeForTerminal).join('\n');
      const cwd = process.cwd();
      if (flags.printConfig !== undefined) {
        try {
          process.stdout.write(printConfig(flags.printConfig, cwd, flags.config));
        } catch (error) {
          if (error instanceof SettingsError) throw new CliExit(EXIT_USAGE, error.message);
          throw error;
        }
        return;
      }
      const fromStdin = patterns.length === 1 && patterns[0] === '-';
      const result = await runLint({
        patterns,
        cwd,
        ...(fromStdin ? { stdinText: await readStdinBytes() } : {}),
        ...(flags.stdinFilename !== undefined ? { stdinFilename: flags.stdinFilename } : {}),
        fix: flags.fix === true,
        fixDryRun: flags.fixDryRun === true,
        quiet: flags.quiet === true,
        format: flags.format,
        color: useColor(flags.color, flags.outputFile !== undefined),
        ...(flags.maxWarnings !== undefined ? { maxWarnings: flags.maxWarnings } : {}),
        ...(flags.config !== undefined ? { config: flags.config } : {}),
        cache: flags.cache === true,
        cacheLocation: flags.cacheLocation,
        errorOnUnmatchedPattern: flags.errorOnUnmatchedPattern,
        concurrency: flags.concurrency,
        maxProblems: flags.maxProblemsPerFile,
        debug: flags.debug === true,
        progressStream: process.stderr,
      });
      if (result.error) throw new CliExit(result.exitCode, safe(result.error));
      for (const notice of result.notices ?? []) process.stderr.write(`${safe(notice)}\n`);
      if (flags.outputFile !== undefined) {
        const target = resolve(cwd, flags.outputFile);
        try {
          mkdirSync(dirname(target), { recursive: true });
          writeTextFileAtomicSync(target, result.report, { displayPath: flags.outputFile });
        } catch (error) {
          const e = error as NodeJS.ErrnoException;
          throw new CliExit(EXIT_USAGE, safe(`calckit lint: ${error instanceof FileAccessError ? error.message : `cannot write ${flags.outputFile}: ${e.code ?? e.message}`}`));
        }
      } else if (result.report) process.stdout.write(result.report);
      if (result.exitCode !== EXIT_OK) throw new CliExit(result.exitCode);
    });
}
