// Linting one file or text: settings from the project, the lint call, the result as reporters want it. Every file gets
// a result, ESLint's way: a file that is not UTF-8 text (or is binary) or cannot be read is one fatal error, and so is a
// failure of the linter itself on the file (an internal error: any exception, a stack overflow too), while the run goes
// on with the other files. Results are capped per file (limitProblems: at most 100 problems, then one note).
import { isMainThread } from 'node:worker_threads';
import { INTERNAL_ERROR, RULES, RuleError, lintText, limitProblems, type LintMessage, type ResolvedConfig, type Rule } from '@calckit/lint';
import type { FileResult } from '@calckit/lint';
import { FileAccessError, FileEncodingError, readFormulaFile } from '@calckit/project';
import { SettingsError, type ProjectResolver } from './projects.js';

export interface LintJob {
  /** Absolute path (or the --stdin-filename) used for settings. */
  readonly file: string;
  /** Path to show in reports. */
  readonly displayPath: string;
  /** The text when it does not come from the file (stdin). */
  readonly text?: string;
  /** The folder of the project holding the file: read and fixed only while it really is inside (links followed). */
  readonly projectRoot?: string;
}

export interface LintRunOptions {
  readonly fix: boolean;
  readonly quiet: boolean;
  /** Keep each file's text in its result (code frames need it; other formats do not, and 10,000 texts add up). */
  readonly keepSource: boolean;
  /** Problems shown per file (then one note with the count of the others); 0 for all. */
  readonly maxProblems: number;
}

/** A file's result; `stack` (never reported) is the stack of an internal error, for --debug. */
export type JobResult = FileResult & { readonly stack?: string };

/** The fatal message of a file that could not be read (not a regular file, larger than 10 MB, permission denied…). */
export const FILE_ACCESS = 'file-access';

/** `--quiet` runs error rules only (ESLint 9): warn rules neither report nor fix. One copy per resolved config. */
const errorRulesOnly = new WeakMap<ResolvedConfig, ResolvedConfig>();
function withoutWarnRules(config: ResolvedConfig): ResolvedConfig {
  let out = errorRulesOnly.get(config);
  if (!out) {
    out = { rules: Object.fromEntries(Object.entries(config.rules).map(([id, s]) => [id, s.severity === 'warn' ? { ...s, severity: 'off' as const } : s])) };
    errorRulesOnly.set(config, out);
  }
  return out;
}

/** Warnings dropped (`--quiet`), counts adjusted. */
export function onlyErrors(result: FileResult): FileResult {
  const messages: LintMessage[] = result.messages.filter((m) => m.severity === 'error');
  return { ...result, messages, warningCount: 0, fixableWarningCount: 0 };
}

const fatalMessage = (ruleId: string, message: string, line = 1, column = 1): LintMessage => ({
  ruleId,
  fatal: true,
  severity: 'error',
  message, // the reporters name the file
  range: { start: { line, column, offset: 0 }, end: { line, column: column + 1, offset: 0 } },
});
const fatalOf = (displayPath: string, message: LintMessage, extra: { stack?: string } = {}): JobResult => ({
  filePath: displayPath,
  messages: [message],
  errorCount: 1,
  warningCount: 0,
  fixableErrorCount: 0,
  fixableWarningCount: 0,
  source: '',
  ...extra,
});

/** The one message of a file that could not be linted: its bytes are not formula text, or it could not be read. */
export function fatalResult(displayPath: string, error: FileEncodingError | FileAccessError): JobResult {
  if (error instanceof FileAccessError) return fatalOf(displayPath, fatalMessage(FILE_ACCESS, `cannot read the file: ${error.reason}`));
  return fatalOf(displayPath, fatalMessage(error.kind === 'binary' ? 'binary-file' : 'file-encoding', error.detail, error.line, error.column));
}

const MAX_REASON = 300;
/** `RangeError: Maximum call stack size exceeded`: an error's name and the first line of its message, kept short. */
function oneLine(error: unknown): string {
  // A plain Error's name says nothing: `RangeError: …`, but `boom` rather than `Error: boom`.
  const text = error instanceof Error ? (error.name && error.name !== 'Error' ? `${error.name}: ${error.message}` : error.message) : String(error);
  const first = text.split(/\r?\n/, 1)[0]!;
  return first.length > MAX_REASON ? `${first.slice(0, MAX_REASON)}…` : first;
}

/**
 * The one message of a file on which the linter failed (a bug in calckit, never in the file): `internal error:` and the
 * error in one line, asking for a report. The stack is kept apart (`stack`) for --debug, never in the message.
 */
export function internalErrorResult(displayPath: string, error: unknown): JobResult {
  const what = error instanceof RuleError ? `rule ${error.ruleId} failed: ${oneLine(error.cause)}` : oneLine(error);
  const stacks = [error, error instanceof RuleError ? error.cause : undefined].filter((e): e is Error => e instanceof Error).map((e) => e.stack ?? `${e.name}: ${e.message}`);
  const message = `internal error: ${what}; this is a bug in calckit, please report it (calckit lint --debug prints the details)`;
  return fatalOf(displayPath, fatalMessage(INTERNAL_ERROR, message), { stack: stacks.length > 0 ? stacks.join('\ncaused by: ') : String(error) });
}

/** Whether a result is the fatal message of an internal error or of a file that could not be read (exit code 2). */
export const failedToLint = (r: FileResult): boolean => r.messages.some((m) => m.fatal === true && (m.ruleId === INTERNAL_ERROR || m.ruleId === FILE_ACCESS));

/** A file's text; throws FileEncodingError for one that is not UTF-8 text, FileAccessError for one that cannot be read. */
export function readJobText(job: LintJob): string {
  if (job.text !== undefined) return job.text;
  return readFormulaFile(job.file, { displayPath: job.displayPath, ...(job.projectRoot !== undefined ? { projectRoot: job.projectRoot } : {}) });
}

/**
 * Test hook (for test/lint/internal-error.test.ts; nothing else sets it): with CALCKIT_TEST_INTERNAL_ERROR=<marker>,
 * a file whose text holds <marker> makes the linter fail with a real stack overflow, inside a rule, as the semantic
 * model's walk once did on long flat chains; with `exit:<marker>`, a worker thread that lints such a file stops at once
 * (as a worker that runs out of memory does). Real inputs that crash the linter are bugs that get fixed, so the tests of
 * the error boundary cannot rely on one.
 */
const TEST_HOOK = process.env['CALCKIT_TEST_INTERNAL_ERROR'];
const testHookRule = ((): Rule | undefined => {
  if (!TEST_HOOK) return undefined;
  const exit = TEST_HOOK.startsWith('exit:');
  const marker = exit ? TEST_HOOK.slice('exit:'.length) : TEST_HOOK;
  const overflow = (n: number): number => overflow(n + 1) + 1;
  const meta = { ...RULES[0]!.meta, id: 'test-internal-error', fixable: undefined, hasSuggestions: false } as Rule['meta'];
  return {
    meta,
    create: (context) => ({
      onStart() {
        if (!context.text.includes(marker)) return;
        if (exit && !isMainThread) process.exit(70);
        overflow(0);
      },
    }),
  };
})();

function lintFile(job: LintJob, text: string, resolver: ProjectResolver, options: LintRunOptions): JobResult {
  const settings = resolver.settingsFor(job.file);
  let resolved = options.quiet ? withoutWarnRules(settings.resolved) : settings.resolved;
  if (testHookRule) resolved = { rules: { ...resolved.rules, [testHookRule.meta.id]: { severity: 'error', options: {} } } };
  const result = lintText(text, {
    resolvedConfig: resolved,
    ...(testHookRule ? { rules: [...RULES, testHookRule] } : {}),
    ...(settings.schema ? { schema: settings.schema } : {}),
    ...(settings.projectInfo ? { project: settings.projectInfo } : {}),
    ...(settings.relativePath !== undefined ? { filePath: settings.relativePath } : {}),
    fix: options.fix,
  });
  const out: FileResult = { ...result, filePath: job.displayPath, ...(options.keepSource ? {} : { source: '' }) };
  return limitProblems(options.quiet ? onlyErrors(out) : out, { maxProblems: options.maxProblems, hint: '--max-problems-per-file sets the limit' });
}

/**
 * One file's result, whatever happens: a bad project file or schema (SettingsError) stops the run (exit 2, as ESLint
 * does for a bad configuration); anything else that goes wrong is this file's one fatal message.
 */
export function lintJob(job: LintJob, resolver: ProjectResolver, options: LintRunOptions): JobResult {
  let text: string;
  try {
    text = readJobText(job);
  } catch (error) {
    if (error instanceof FileEncodingError || error instanceof FileAccessError) return fatalResult(job.displayPath, error);
    return internalErrorResult(job.displayPath, error);
  }
  try {
    return lintFile(job, text, resolver, options);
  } catch (error) {
    if (error instanceof SettingsError) throw error;
    return internalErrorResult(job.displayPath, error);
  }
}
