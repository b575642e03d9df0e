// `calckit test [paths…]`: runs the formula tests of the project (`<formula>.calc.test.json|yaml` beside each formula)
// and reports like `calckit lint`: stylish (with a diff of expected and actual values), json or junit; exit 0 when every
// test passes, 1 when one fails, 2 for bad usage or an invalid test file. `--watch` runs them again on every change of
// a formula, test, data or schema file (the folders searched and those of the files read are watched). `--update` (-u)
// rewrites the expected values of failed cases with the actual ones, then reports the files as they are. The work is in
// ../testing/run.ts.
import { mkdirSync, watch, type FSWatcher } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Option, type Command } from 'commander';
import { CliExit, EXIT_OK, EXIT_USAGE } from '../exit.js';
import { serviceNameFlag, withServiceNameFlags, type ServiceNameCliOptions } from '../service-name-flag.js';

interface TestFlags extends ServiceNameCliOptions {
  readonly format: string;
  readonly outputFile?: string;
  readonly color?: boolean;
  readonly config?: string;
  readonly watch?: boolean;
  readonly passWithNoTests?: boolean;
  readonly update?: boolean;
}

/** Colour: --color / --no-color, else on when the report goes to a terminal and NO_COLOR is unset (as lint). */
function useColor(flag: boolean | undefined, toFile: boolean): boolean {
  if (flag !== undefined) return flag;
  if (toFile || process.env['NO_COLOR']) return false;
  if (process.env['FORCE_COLOR'] && process.env['FORCE_COLOR'] !== '0') return true;
  return process.stdout.isTTY === true;
}

/** Files whose change can change a result: formulas, tests, data, schemas and project files. */
const RELEVANT = /\.(calc|json|ya?ml|csv)$/;

export function register(program: Command): void {
  withServiceNameFlags(
    program
      .command('test')
      .description("run formula tests (<formula>.calc.test.json or .yaml): the formula's values on given rows against the expected ones")
      .argument('[paths...]', "test files, formula files (their tests), directories and globs; default: the project of the current directory")
      .addOption(new Option('-f, --format <name>', 'output format').choices(['stylish', 'json', 'junit']).default('stylish'))
      .option('-o, --output-file <file>', 'write the report to a file')
      .option('--color', 'force colour')
      .option('--no-color', 'no colour')
      .option('--watch', 'run the tests again whenever a formula, test, data or schema file changes')
      .option('--pass-with-no-tests', 'finding no test file is not an error')
      .option('-u, --update', "rewrite the expected values of failed cases with the formula's values (a case stopped by an error is left as it is)")
      .option('--config <file>', 'the project file to use instead of looking for calckit.json'),
    "the service's name, which prefixes nested calculations (default: CALCKIT_SERVICE_NAME, else calckit.json's service.name, else SVC)",
  ).action(async (paths: string[] | undefined, flags: TestFlags) => {
    const [{ runTests }, { escapeForTerminal }, { writeTextFileAtomicSync, FileAccessError }] = await Promise.all([import('../testing/run.js'), import('@calckit/lint'), import('@calckit/project')]);
    const safe = (text: string) => text.split('\n').map(escapeForTerminal).join('\n');
    const cwd = process.cwd();
    const run = () =>
      runTests({
        paths: paths ?? [],
        cwd,
        format: flags.format,
        color: useColor(flags.color, flags.outputFile !== undefined),
        ...(flags.config !== undefined ? { config: flags.config } : {}),
        ...(serviceNameFlag(flags) !== undefined ? { serviceName: serviceNameFlag(flags)! } : {}),
        passWithNoTests: flags.passWithNoTests === true,
        update: flags.update === true,
      });
    const output = (report: string): void => {
      if (flags.outputFile === undefined) {
        process.stdout.write(report);
        return;
      }
      const target = resolve(cwd, flags.outputFile);
      try {
        mkdirSync(dirname(target), { recursive: true });
        writeTextFileAtomicSync(target, report, { displayPath: flags.outputFile });
      } catch (error) {
        const e = error as NodeJS.ErrnoException;
        throw new CliExit(EXIT_USAGE, safe(`calckit test: ${error instanceof FileAccessError ? error.message : `cannot write ${flags.outputFile}: ${e.code ?? e.message}`}`));
      }
    };

    if (flags.update === true && flags.watch === true) throw new CliExit(EXIT_USAGE, 'calckit test: --update cannot be combined with --watch (update once, then watch)');
    if (flags.watch !== true) {
      const result = await run();
      if (result.error) throw new CliExit(result.exitCode, safe(result.error));
      output(result.report);
      // The stylish report lists the updates; with another format (or a file), a line on stderr says what was written.
      if (flags.update === true && (flags.format !== 'stylish' || flags.outputFile !== undefined)) {
        const { updateTotals } = await import('../testing/reporters.js');
        const u = updateTotals(result.files);
        process.stderr.write(`calckit test --update: ${u.updated} case${u.updated === 1 ? '' : 's'} updated in ${u.files} test file${u.files === 1 ? '' : 's'}${u.notUpdated > 0 ? `, ${u.notUpdated} not updated` : ''}${u.unwritten > 0 ? `, ${u.unwritten} test file${u.unwritten === 1 ? '' : 's'} not written` : ''}\n`);
      }
      if (result.exitCode !== EXIT_OK) throw new CliExit(result.exitCode);
      return;
    }

    // Watch mode: run, then again after each burst of changes (one run at a time; a change during a run queues one more).
    let running = false;
    let again = false;
    let timer: NodeJS.Timeout | undefined;
    const watchers = new Map<string, FSWatcher>();
    const once = async (): Promise<void> => {
      running = true;
      try {
        if (process.stdout.isTTY && flags.outputFile === undefined) process.stdout.write('\u001b[2J\u001b[H');
        const result = await run();
        if (result.error) process.stderr.write(`${safe(result.error)}\n`);
        else output(result.report);
        // The folders searched and those of every file read (tests, formulas, data, schemas, the project file): each
        // watched on its own, not recursively, so a node_modules below costs nothing.
        for (const folder of new Set([...result.watched.roots, ...result.watched.files.map((f) => dirname(f))])) if (!watchers.has(folder)) watchFolder(folder);
        process.stderr.write('Watching for changes (Ctrl-C to stop)…\n');
      } catch (error) {
        process.stderr.write(`${safe(error instanceof Error ? error.message : String(error))}\n`);
      } finally {
        running = false;
      }
      if (again) {
        again = false;
        await once();
      }
    };
    const changed = (name: string | null): void => {
      if (name !== null && !RELEVANT.test(name)) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        if (running) again = true;
        else void once();
      }, 100);
    };
    const watchFolder = (folder: string): void => {
      try {
        const w = watch(folder, (_event, name) => changed(name === null ? null : String(name)));
        // A folder that goes away: forgotten, watched again if a later run reads from it.
        w.on('error', () => {
          w.close();
          watchers.delete(folder);
        });
        watchers.set(folder, w);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== 'ENOENT') process.stderr.write(`calckit test: cannot watch ${safe(folder)}: ${code ?? (error as Error).message}\n`);
      }
    };
    await once();
    // Keeps running until interrupted; the watchers hold the event loop open.
    await new Promise<void>((done) => {
      process.once('SIGINT', () => {
        for (const w of watchers.values()) w.close();
        if (timer) clearTimeout(timer);
        done();
      });
    });
  });
}
