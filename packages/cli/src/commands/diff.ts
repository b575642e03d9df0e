// `calckit diff [files…]`: for each mapped formula file, a unified diff of the service's formula (old) against the
// local file (new) — what `calckit push` would change — with status's verdict. Exit 0 when all are equal, 1 when any
// differs (as `git diff --exit-code`), 2 for usage or configuration problems.
import { relative } from 'node:path';
import { isServiceError, type Client } from '@calckit/client';
import { checkSumOf, expressionFromFileText } from '@calckit/formula';
import { FileAccessError, FileEncodingError, readFormulaFile, type ProjectCalculation } from '@calckit/project';
import type { Command } from 'commander';
import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff';
import { CliExit, EXIT_FINDINGS, EXIT_OK, EXIT_USAGE } from '../exit.js';
import { openContext, withConnectionOptions, type ConnectionCliOptions, type ContextOverrides } from '../service/context.js';
import { fileTextFromExpression } from '../service/expression.js';
import { finish, stdoutEmit } from '../service/output.js';
import { runStatus, type StatusEntry, type SyncState } from './status.js';

export interface DiffEntry {
  readonly file: string;
  readonly id: number;
  /** Status's verdict for the file (the same rule as `calckit status` and `calckit push`). */
  readonly state: SyncState;
  readonly verdict: string;
  /** The local file's formula equals the service's. */
  readonly equal: boolean;
  readonly local: string | null;
  readonly recorded: string | null;
  readonly remote: string | null;
  /** The unified diff, service (---) to local file (+++); empty when equal or when a side could not be read. */
  readonly diff: string;
  readonly message: string | null;
  /** The local file could not be read as formula text (not UTF-8, unreadable): a usage problem, exit 2. */
  readonly unreadable?: boolean;
}

export interface DiffResult {
  readonly baseUrl: string;
  readonly entries: readonly DiffEntry[];
  readonly summary: { readonly equal: number; readonly different: number; readonly errors: number };
  readonly exitCode: number;
}

export interface DiffOptions extends ConnectionCliOptions {
  /** Lines of context around each change (default 3). */
  readonly context?: number;
}

/** Short names of status's verdicts (status prints them with advice; diff shows the diff instead). */
const VERDICT: Readonly<Record<SyncState, string>> = {
  'in-sync': 'in sync',
  'local-changes': 'local changes',
  'remote-changed': 'changed in the service',
  diverged: 'changed here and in the service',
  'not-pushed': 'differs, never pushed from here',
  'missing-file': 'file missing',
  unreadable: 'the local file cannot be used',
  error: 'could not read the remote calculation',
};

const NEXT: Partial<Record<SyncState, string>> = {
  'local-changes': '`calckit push` sends the + side',
  'remote-changed': '`calckit pull <id>` takes the - side, `calckit push --force` the + side',
  diverged: 'both moved since the last push: merge by hand, then `calckit push --force` or `calckit pull <id> --force`',
  'not-pushed': 'the service holds a formula not pushed from here: `calckit pull <id> --force` takes it, `calckit push --force` replaces it',
  'missing-file': '`calckit pull <id>` writes the service\'s formula',
};

export async function runDiff(files: readonly string[], options: DiffOptions, overrides: ContextOverrides = {}): Promise<DiffResult> {
  // status decides each verdict (token, project, unmapped files and state problems are handled there, exit 2).
  const status = await runStatus(files, options, overrides, 'calckit diff');
  const context = openContext(options, true, overrides);
  const project = context.project!; // runStatus required it
  const cwd = overrides.cwd ?? process.cwd();
  const byId = new Map(project.calculations.map((c) => [c.id, c]));
  const entries = await mapLimit(status.entries, 8, (entry) => diffOne(entry, byId.get(entry.id), context.client, cwd, options.context ?? 3, project.root));
  const summary = {
    equal: entries.filter((e) => e.equal).length,
    different: entries.filter((e) => !e.equal && e.state !== 'error' && e.state !== 'unreadable').length,
    errors: entries.filter((e) => e.state === 'error' || e.state === 'unreadable').length,
  };
  // Usage or configuration (unmapped file, no token, a file that is not UTF-8 text) is 2, as for push; any difference 1.
  const exitCode =
    status.exitCode === EXIT_USAGE || entries.some((e) => e.unreadable) ? EXIT_USAGE : entries.every((e) => e.equal) ? EXIT_OK : EXIT_FINDINGS;
  return { baseUrl: status.baseUrl, entries, summary, exitCode };
}

async function diffOne(entry: StatusEntry, calc: ProjectCalculation | undefined, client: Client, cwd: string, context: number, projectRoot: string): Promise<DiffEntry> {
  const base = { file: entry.file, id: entry.id, local: entry.local, recorded: entry.recorded, remote: entry.remote };
  const verdictOf = (state: SyncState): string => VERDICT[state];
  if (entry.state === 'unreadable') return { ...base, state: entry.state, verdict: verdictOf(entry.state), equal: false, diff: '', message: entry.message, unreadable: true };
  if (entry.state === 'error' || calc === undefined) {
    return { ...base, state: 'error', verdict: verdictOf('error'), equal: false, diff: '', message: entry.message };
  }
  if (entry.state === 'in-sync') return { ...base, state: entry.state, verdict: verdictOf(entry.state), equal: true, diff: '', message: null };
  let localText = '';
  if (entry.state !== 'missing-file') {
    try {
      localText = fileTextFromExpression(expressionFromFileText(readFormulaFile(calc.file, { displayPath: relative(cwd, calc.file) || calc.file, projectRoot })));
    } catch (error) {
      if (error instanceof FileEncodingError || error instanceof FileAccessError) {
        return { ...base, state: 'unreadable', verdict: verdictOf('unreadable'), equal: false, diff: '', message: error.message, unreadable: true };
      }
      throw error;
    }
  }
  let remoteExpression: string;
  try {
    remoteExpression = (await client.readCalculation(entry.id)).expression;
  } catch (error) {
    if (!isServiceError(error) || error.unreachable) throw error; // unreachable: the run stops, one message
    return { ...base, state: 'error', verdict: verdictOf('error'), equal: false, diff: '', message: error.message };
  }
  // The service moved between status's read and ours: say so rather than show a diff against another version.
  const moved = checkSumOf(remoteExpression) !== entry.remote;
  const diff = createTwoFilesPatch(entry.file, entry.file, fileTextFromExpression(remoteExpression), localText, `service #${entry.id}`, entry.state === 'missing-file' ? 'missing' : 'local', {
    context,
    headerOptions: FILE_HEADERS_ONLY,
  });
  return {
    ...base,
    state: entry.state,
    verdict: verdictOf(entry.state),
    equal: false,
    diff,
    message: moved ? 'the remote formula changed while diff ran: run it again' : (NEXT[entry.state] ?? null),
  };
}

/** Maps with at most `limit` calls running at once, keeping the order. */
async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** Colour: --color / --no-color, else on when stdout is a terminal and NO_COLOR is unset (FORCE_COLOR forces it). */
export function useColor(flag: boolean | undefined, env: NodeJS.ProcessEnv = process.env, isTTY = process.stdout.isTTY === true): boolean {
  if (flag !== undefined) return flag;
  if (env['NO_COLOR']) return false;
  if (env['FORCE_COLOR'] && env['FORCE_COLOR'] !== '0') return true;
  return isTTY;
}

export function formatDiff(result: DiffResult, color: boolean): string {
  const paint = (code: string, s: string): string => (color ? `\u001b[${code}m${s}\u001b[0m` : s);
  const out: string[] = [];
  for (const e of result.entries) {
    if (e.equal) continue;
    out.push(paint('1', `${e.file} #${e.id}: ${e.verdict}`) + (e.message ? `\n  ${e.message}` : ''));
    if (e.diff === '') continue;
    // The first two lines are the file headers; after them a line's first character says what it is (a removed
    // comment line "-- x" reads "--- x" and is not a header).
    for (const [i, line] of e.diff.replace(/\n$/, '').split('\n').entries()) {
      if (i < 2) out.push(paint('1', line));
      else if (line.startsWith('@@')) out.push(paint('36', line));
      else if (line.startsWith('-')) out.push(paint('31', line));
      else if (line.startsWith('+')) out.push(paint('32', line));
      else out.push(line);
    }
  }
  const { equal, different, errors } = result.summary;
  out.push(`${different} different, ${equal} equal${errors > 0 ? `, ${errors} could not be compared` : ''} (${result.baseUrl})`);
  return out.join('\n');
}

export function register(program: Command): void {
  withConnectionOptions(
    program
      .command('diff')
      .description("show how each formula file differs from the service's formula (exit 1 when any differs)")
      .argument('[files...]', 'formula files or directories (default: every calculation in calckit.json)')
      .option('-U, --unified <n>', 'lines of context', '3')
      .option('--color', 'force colour')
      .option('--no-color', 'no colour'),
  ).action(async (files: string[], options: DiffOptions & { unified?: string; color?: boolean }) => {
    const emit = stdoutEmit(options.json ?? false);
    const context = Number(options.unified ?? '3');
    if (!Number.isInteger(context) || context < 0 || context > 1000) {
      throw new CliExit(EXIT_USAGE, `calckit diff: --unified must be a whole number from 0 to 1000, got "${options.unified}"`);
    }
    const result = await runDiff(files, { ...options, context });
    finish(emit, result, () => formatDiff(result, useColor(options.color)));
  });
}
