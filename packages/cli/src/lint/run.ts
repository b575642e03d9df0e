// `calckit lint` as a function: expand patterns, resolve settings, lint (cached, in workers for large sets), write
// fixes, render the report, decide the exit code (0 clean, 1 errors or too many warnings, 2 bad input, a file that
// could not be read, an internal error or a fixed file that could not be written). Every file gets a result: a file
// that is not UTF-8 text, cannot be read or makes the linter fail is one fatal error (lint-file.ts), never written, and
// the report is complete in every format.
import { availableParallelism } from 'node:os';
import { relative, resolve, sep } from 'node:path';
import { DEFAULT_MAX_PROBLEMS, INTERNAL_ERROR, REPORTERS, RULES, isIgnored, type FileResult } from '@calckit/lint';
import { FileAccessError, FileEncodingError, decodeFormulaText, isInside, writeFormulaFileSync } from '@calckit/project';
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE } from '../exit.js';
import { VERSION } from '../version.js';
import { LintCache } from './cache.js';
import { nestingKey } from './nesting-key.js';
import { expandPatterns } from './files.js';
import { failedToLint, fatalResult, internalErrorResult, lintJob, readJobText, type JobResult, type LintJob, type LintRunOptions } from './lint-file.js';
import { lintInWorkers } from './pool.js';
import { progressLine } from './progress.js';
import { ProjectResolver, SettingsError } from './projects.js';

import { DEFAULT_CACHE_LOCATION } from './defaults.js';
/** Where the rule pages are published, for SARIF's help links: set by whoever hosts them (no default URL is invented). */
const DOCS_URL_ENV = 'CALCKIT_RULES_DOCS_URL';
/**
 * Threads only pay off for large sets on machines with cores to spare: each worker loads the parser and rules again
 * (~0.9 s of CPU and ~60 MB), while one file lints in ~0.2 ms. Measured on 10,000 files; see docs/linting.md, "Performance".
 */
const WORKER_THRESHOLD = 4000;
const MIN_CORES_FOR_WORKERS = 4;
const FILES_PER_WORKER = 2000;
/** Two workers keep a 10,000-file run under 300 MB. */
const MAX_AUTO_WORKERS = 2;

export interface LintCommandInput {
  readonly patterns: readonly string[];
  readonly cwd: string;
  /** Standard input, when the pattern list is `-`: its bytes (checked for UTF-8 like a file) or its text. */
  readonly stdinText?: string | Uint8Array;
  readonly stdinFilename?: string;
  readonly fix?: boolean;
  readonly fixDryRun?: boolean;
  readonly quiet?: boolean;
  readonly format?: string;
  readonly color?: boolean;
  readonly maxWarnings?: number;
  readonly config?: string;
  readonly cache?: boolean;
  readonly cacheLocation?: string;
  readonly errorOnUnmatchedPattern?: boolean;
  /** `auto` (threads for large sets), `off`, or a number of threads. */
  readonly concurrency?: 'auto' | 'off' | number;
  readonly progressStream?: NodeJS.WriteStream;
  /** Problems shown per file (default 100; 0 shows all). */
  readonly maxProblems?: number;
  /** Print the stack of an internal error on stderr. */
  readonly debug?: boolean;
}

export interface LintCommandResult {
  readonly exitCode: number;
  /** The report, for stdout or the output file. */
  readonly report: string;
  /** A message for stderr (usage errors), when any. */
  readonly error?: string;
  readonly results: readonly FileResult[];
  /** Files --fix rewrote. */
  readonly fixedFiles: readonly string[];
  /** Notes for stderr (a file named on the command line but ignored, a fixed file that could not be written). */
  readonly notices?: readonly string[];
}

const usage = (error: string): LintCommandResult => ({ exitCode: EXIT_USAGE, report: '', error, results: [], fixedFiles: [] });
const display = (cwd: string, file: string) => relative(cwd, file).split(sep).join('/') || file;

function threadsFor(count: number, concurrency: LintCommandInput['concurrency']): number {
  if (concurrency === 'off') return 1;
  // The main thread mostly waits for the workers, so every core can run one.
  const cores = Math.max(1, availableParallelism());
  if (typeof concurrency === 'number') return Math.max(1, Math.min(concurrency, count));
  if (count < WORKER_THRESHOLD || cores < MIN_CORES_FOR_WORKERS) return 1;
  return Math.max(1, Math.min(cores, MAX_AUTO_WORKERS, Math.ceil(count / FILES_PER_WORKER)));
}

export async function runLint(input: LintCommandInput): Promise<LintCommandResult> {
  const reporter = REPORTERS[input.format ?? 'stylish'];
  if (!reporter) return usage(`calckit lint: unknown format '${input.format}'; use ${Object.keys(REPORTERS).join(', ')}`);
  if (input.maxWarnings !== undefined && (!Number.isInteger(input.maxWarnings) || input.maxWarnings < -1)) {
    return usage('calckit lint: --max-warnings must be a whole number');
  }
  if (input.maxProblems !== undefined && (!Number.isInteger(input.maxProblems) || input.maxProblems < 0)) {
    return usage('calckit lint: --max-problems-per-file must be a whole number (0 for no limit)');
  }
  const fixDryRun = input.fixDryRun === true;
  const options: LintRunOptions = {
    fix: input.fix === true || fixDryRun,
    quiet: input.quiet === true,
    keepSource: (input.format ?? 'stylish') === 'stylish',
    maxProblems: input.maxProblems ?? DEFAULT_MAX_PROBLEMS,
  };
  const resolver = new ProjectResolver(input.config);
  const fromStdin = input.patterns.length === 1 && input.patterns[0] === '-';
  if (input.patterns.includes('-') && !fromStdin) return usage("calckit lint: '-' (standard input) cannot be combined with other paths");

  const notices: string[] = [];
  try {
    let jobs: LintJob[];
    if (fromStdin) {
      const name = input.stdinFilename ?? '<text>';
      const file = resolve(input.cwd, input.stdinFilename ?? 'stdin.calc');
      const displayPath = input.stdinFilename ? display(input.cwd, file) : name;
      const stdin = input.stdinText ?? '';
      let text = typeof stdin === 'string' ? stdin : undefined;
      if (text === undefined) {
        try {
          text = decodeFormulaText(stdin as Uint8Array, displayPath);
        } catch (error) {
          if (!(error instanceof FileEncodingError)) throw error;
          // Standard input that is not UTF-8 text: one fatal error, as for a file.
          return finish(input, reporter, [fatalResult(displayPath, error)], [], notices, false);
        }
      }
      jobs = [{ file, displayPath, text }];
    } else {
      const patterns = input.patterns.length > 0 ? input.patterns : ['.'];
      const { files, unmatched, explicit, nonFormulaOnly } = await expandPatterns(patterns, input.cwd);
      if (unmatched.length > 0 && input.errorOnUnmatchedPattern !== false) {
        const hint = nonFormulaOnly.size > 0 ? '; directories and globs select *.calc files only: name other files one by one' : '';
        return usage(`calckit lint: no files matching ${unmatched.map((p) => `'${p}'`).join(', ')} were found (use --no-error-on-unmatched-pattern to allow this)${hint}`);
      }
      jobs = [];
      for (const file of files) {
        const project = resolver.projectFor(file);
        if (project && isIgnored(project.config, relative(project.project.root, file).split(sep).join('/'))) {
          // ESLint's convention: a file named on the command line but ignored is mentioned, not silently dropped.
          if (explicit.has(file)) notices.push(`calckit lint: ${display(input.cwd, file)} is ignored by lint.ignores in ${display(input.cwd, project.project.file)}`);
          continue;
        }
        const root = project?.project.root;
        jobs.push({ file, displayPath: display(input.cwd, file), ...(root !== undefined && isInside(root, file) ? { projectRoot: root } : {}) });
      }
    }

    // The cache: keyed by content and settings; only for files on disk, and not when fixing.
    const cachePath = resolve(input.cwd, input.cacheLocation ?? DEFAULT_CACHE_LOCATION);
    const cacheRoot = input.cache && !fromStdin ? resolver.projectFor(cachePath)?.project.root : undefined;
    const cache = input.cache && !fromStdin ? new LintCache(cachePath, VERSION, cacheRoot !== undefined && isInside(cacheRoot, cachePath) ? cacheRoot : undefined) : undefined;
    const results: Array<JobResult | undefined> = new Array(jobs.length);
    const keys: Array<string | undefined> = new Array(jobs.length);
    const pending: Array<{ index: number; job: LintJob }> = [];
    jobs.forEach((job, index) => {
      if (cache && !options.fix) {
        let text: string;
        try {
          text = readJobText(job);
        } catch (error) {
          // Not UTF-8 text, or unreadable: a fatal result, never cached (there is no text to key it by).
          if (error instanceof FileEncodingError || error instanceof FileAccessError) {
            results[index] = fatalResult(job.displayPath, error);
            return;
          }
          results[index] = internalErrorResult(job.displayPath, error);
          return;
        }
        const s = resolver.settingsFor(job.file);
        const key = LintCache.key(text, [s.resolved, s.schema ?? null, options.quiet, options.maxProblems, nestingKey(text, s.projectInfo)]);
        keys[index] = key;
        const hit = cache.get(job.file, key, text, job.displayPath);
        if (hit) {
          results[index] = hit;
          return;
        }
        pending.push({ index, job: { ...job, text } });
      } else pending.push({ index, job });
    });

    const progress = progressLine(pending.length, input.progressStream);
    const threads = threadsFor(pending.length, input.concurrency);
    let fresh: JobResult[];
    if (threads > 1) {
      fresh = await lintInWorkers(pending.map((p) => p.job), threads, input.config, options, (n) => progress.add(n));
    } else {
      fresh = pending.map((p) => {
        const r = lintJob(p.job, resolver, options);
        progress.add(1);
        return r;
      });
    }
    progress.done();
    pending.forEach((p, i) => {
      results[p.index] = fresh[i]!;
      const key = keys[p.index];
      // An internal error is never cached: the next run tries again (with --debug, say).
      if (cache && key !== undefined && !failedToLint(fresh[i]!)) cache.set(p.job.file, key, fresh[i]!);
    });
    const cacheProblem = cache?.save();
    if (cacheProblem) notices.push(`calckit lint: ${cacheProblem}; results were not cached`);

    const all = results as JobResult[];
    notices.push(...internalErrorNotices(all, input.debug === true));
    const fixedFiles: string[] = [];
    let writeFailed = false;
    if (options.fix && !fixDryRun && !fromStdin) {
      all.forEach((r, i) => {
        // A fatal result (a file that is not UTF-8 text) has no output: it is never written.
        if (r.output === undefined) return;
        try {
          // Atomic, keeping the file's mode and owner, through a symbolic link to its target.
          const root = jobs[i]!.projectRoot;
          writeFormulaFileSync(jobs[i]!.file, r.output, { displayPath: jobs[i]!.displayPath, ...(root !== undefined ? { projectRoot: root } : {}) });
          fixedFiles.push(jobs[i]!.file);
        } catch (error) {
          if (!(error instanceof FileAccessError || error instanceof FileEncodingError)) throw error;
          notices.push(`calckit lint: ${error.message}; its fixes were not applied`);
          writeFailed = true;
        }
      });
    }
    // After writing, `output` is not part of the report (ESLint prints it only for dry runs).
    const reported = all.map(({ output, stack: _stack, ...rest }) => (options.fix && !fixDryRun && !fromStdin ? rest : { ...rest, ...(output !== undefined ? { output } : {}) }) as FileResult);
    return finish(input, reporter, reported, fixedFiles, notices, writeFailed);
  } catch (error) {
    if (error instanceof SettingsError) return usage(error.message);
    throw error;
  }
}

/**
 * What stderr says about internal errors: one line per file (the report has the message too, but may go to a file), the
 * stacks with --debug.
 */
function internalErrorNotices(results: readonly JobResult[], debug: boolean): string[] {
  const failed = results.filter((r) => r.messages.some((m) => m.fatal === true && m.ruleId === INTERNAL_ERROR));
  if (failed.length === 0) return [];
  const lines = failed.map((r) => `calckit lint: ${r.filePath}: ${r.messages[0]!.message.replace(/; this is a bug in calckit.*$/, '')}${debug && r.stack ? `\n${r.stack}` : ''}`);
  lines.push(
    `calckit lint: ${failed.length === 1 ? 'that file was' : `those ${failed.length} files were`} not linted because of a bug in calckit; the other files were. Please report it${debug ? ', with the stack above' : ' (--debug prints the stack)'}.`,
  );
  return lines;
}

/**
 * The report and the exit code: 2 when a fixed file could not be written, a file could not be read or the linter
 * failed on one (an internal error), else 1 for errors or too many warnings.
 */
function finish(input: LintCommandInput, reporter: NonNullable<(typeof REPORTERS)[string]>, reported: FileResult[], fixedFiles: string[], notices: string[], writeFailed: boolean): LintCommandResult {
  const errors = reported.reduce((n, r) => n + r.errorCount, 0);
  const warnings = reported.reduce((n, r) => n + r.warningCount, 0);
  const tooManyWarnings = input.maxWarnings !== undefined && input.maxWarnings >= 0 && warnings > input.maxWarnings;
  const report = reporter(reported, {
    color: input.color === true,
    rules: RULES,
    toolVersion: VERSION,
    ...(process.env[DOCS_URL_ENV] ? { docsUrl: process.env[DOCS_URL_ENV]!.replace(/\/?$/, '/') } : {}),
    ...(input.maxWarnings !== undefined && input.maxWarnings >= 0 ? { maxWarnings: input.maxWarnings } : {}),
  });
  const exitCode = writeFailed || reported.some(failedToLint) ? EXIT_USAGE : errors > 0 || tooManyWarnings ? EXIT_FINDINGS : EXIT_OK;
  return { exitCode, report, results: reported, fixedFiles, notices };
}
