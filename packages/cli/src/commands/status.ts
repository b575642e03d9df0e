// `calckit status`: for each calculation of the project, the local file vs the last pushed version vs the remote.
import { statSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { isServiceError, judgeRemote } from '@calckit/client';
import { checkSumOf } from '@calckit/formula';
import { FileAccessError, FileEncodingError, ProjectError, gitVersionLookup, readFormulaFile, readState, recordsFor, serviceOrigin, type Project } from '@calckit/project';
import type { Command } from 'commander';
import { CliExit, EXIT_FINDINGS, EXIT_OK, EXIT_USAGE } from '../exit.js';
import { openContext, requireDeveloperToken, withConnectionOptions, type ConnectionCliOptions, type ContextOverrides } from '../service/context.js';
import { expressionFromFileText } from '@calckit/formula';
import { finish, stdoutEmit } from '../service/output.js';
import { selectCalculations } from '../service/push-files.js';

/**
 * in-sync: local = remote. local-changes: the remote formula is ours (the last push to this service, or a version of
 * the file in git), the local differs: push. Otherwise the service holds someone's change: remote-changed when the
 * local file is what we last pushed (pull, or push --force), diverged when both moved, not-pushed when nothing was
 * ever pushed from here. The same rule as push (`judgeRemote`), so status says what push will do.
 */
export type SyncState = 'in-sync' | 'local-changes' | 'remote-changed' | 'diverged' | 'not-pushed' | 'missing-file' | 'unreadable' | 'error';

export interface StatusEntry {
  readonly file: string;
  readonly id: number;
  readonly state: SyncState;
  readonly local: string | null;
  readonly recorded: string | null;
  readonly remote: string | null;
  readonly locked: boolean | null;
  readonly message: string | null;
  /** The client's failure kind when the remote could not be read (`config` = no token). */
  readonly errorKind?: string;
}

export interface StatusResult {
  readonly baseUrl: string;
  readonly entries: readonly StatusEntry[];
  readonly exitCode: number;
}

const ADVICE: Readonly<Record<SyncState, string>> = {
  'in-sync': 'in sync',
  'local-changes': 'local changes: `calckit push`',
  'remote-changed': 'changed in the service: `calckit pull <id>` or `calckit push --force`',
  diverged: 'changed here and in the service: compare, then pull or push --force',
  'not-pushed': 'changed in the service, never pushed from here: `calckit diff`, then `calckit pull <id>` or `calckit push --force`',
  'missing-file': 'file missing: `calckit pull <id>`',
  unreadable: 'the local file cannot be used',
  error: 'could not read the remote calculation',
};

export async function runStatus(files: readonly string[], options: ConnectionCliOptions, overrides: ContextOverrides = {}, command = 'calckit status'): Promise<StatusResult> {
  const context = openContext(options, true, overrides);
  requireDeveloperToken(context);
  const project = context.project!; // required above
  const cwd = overrides.cwd ?? process.cwd();
  const { selected, unmapped } = selectCalculations(project, files, cwd);
  // A file named that is no calculation of the project: say which and how to map it, before asking the service.
  if (unmapped.length > 0) throw new CliExit(EXIT_USAGE, unmapped.map((p) => `${command}: ${unmappedReason(project, p, cwd)}`).join('\n'));
  const within = { projectRoot: project.root };
  let records;
  try {
    records = recordsFor(readState(project.statePath, within), serviceOrigin(context.client.baseUrl));
  } catch (error) {
    if (error instanceof ProjectError) throw new CliExit(EXIT_USAGE, `calckit status: ${error.message}`);
    throw error;
  }
  const entries = await Promise.all(
    selected.map(async (calc): Promise<StatusEntry> => {
      const file = relative(cwd, calc.file) || calc.file;
      let local: string | null = null;
      const recorded = records[String(calc.id)]?.checkSum ?? null;
      try {
        local = checkSumOf(expressionFromFileText(readFormulaFile(calc.file, { displayPath: file, ...within })));
      } catch (error) {
        // Not UTF-8 (its checkSum would be of replacement characters), a link out of the project, unreadable: the
        // local file is at fault, said as such, and nothing of it is shown. Only a missing file is a state.
        if (error instanceof FileEncodingError) return { file, id: calc.id, state: 'unreadable', local: null, recorded, remote: null, locked: null, message: `local file ${file}: ${error.detail}` };
        if (!(error instanceof FileAccessError)) throw error;
        if (error.code !== 'ENOENT') return { file, id: calc.id, state: 'unreadable', local: null, recorded, remote: null, locked: null, message: `cannot read ${file}: ${error.reason}` };
        local = null;
      }
      try {
        const remote = await context.client.readCalculation(calc.id);
        let sync: SyncState;
        if (local === null) sync = 'missing-file';
        else if (local === remote.checkSum) sync = 'in-sync';
        else {
          const verdict = await judgeRemote(remote.checkSum, {
            local: { checkSum: local, functions: [], columnPositions: [] },
            lastPushedCheckSum: recorded ?? undefined,
            knownVersion: gitVersionLookup(calc.file, (version) => checkSumOf(expressionFromFileText(version))),
          });
          sync = verdict.ours ? 'local-changes' : recorded === null ? 'not-pushed' : local === recorded ? 'remote-changed' : 'diverged';
        }
        return { file, id: calc.id, state: sync, local, recorded, remote: remote.checkSum, locked: remote.locked, message: null };
      } catch (error) {
        if (!isServiceError(error) || error.unreachable) throw error; // unreachable: the run stops, one message
        return { file, id: calc.id, state: 'error', local, recorded, remote: null, locked: null, message: error.message, errorKind: error.kind };
      }
    }),
  );
  const anyConfig = entries.some((e) => e.errorKind === 'config' || e.state === 'unreadable');
  const exitCode = anyConfig ? EXIT_USAGE : entries.every((e) => e.state === 'in-sync') ? EXIT_OK : EXIT_FINDINGS;
  return { baseUrl: context.client.baseUrl, entries, exitCode };
}

/** Why a path named on the command line selects no calculation, and how to make it one. */
export function unmappedReason(project: Project, path: string, cwd: string): string {
  let isDirectory: boolean;
  try {
    isDirectory = statSync(resolve(cwd, path)).isDirectory();
  } catch {
    return `${path}: no such file or directory, and calckit.json maps no formula file there`;
  }
  const where = relative(project.root, resolve(cwd, path)).split('\\').join('/');
  if (isDirectory) return `${path}: calckit.json maps no formula file in this folder`;
  return `${path} is not mapped to a calculation in ${project.file}: add it under "calculations" (e.g. "${where}": { "id": <calculation id> }), or write it from the service with \`calckit pull <id> ${path}\` or \`calckit import\``;
}

export function formatStatus(result: StatusResult): string {
  const short = (s: string | null): string => (s === null ? '—'.padEnd(12) : s.slice(0, 12));
  const lines = [`${'file'.padEnd(44)} ${'id'.padStart(6)}  ${'local'.padEnd(12)} ${'pushed'.padEnd(12)} ${'remote'.padEnd(12)} lock  state`];
  for (const e of result.entries) {
    const lock = e.locked === null ? '  ? ' : e.locked ? ' yes' : '  no';
    lines.push(`${e.file.padEnd(44)} ${String(e.id).padStart(6)}  ${short(e.local)} ${short(e.recorded)} ${short(e.remote)} ${lock}  ${ADVICE[e.state]}${e.message ? ` (${e.message})` : ''}`);
  }
  const counts = new Map<SyncState, number>();
  for (const e of result.entries) counts.set(e.state, (counts.get(e.state) ?? 0) + 1);
  lines.push([...counts].map(([k, n]) => `${n} ${k}`).join(', ') + ` (${result.baseUrl})`);
  return lines.join('\n');
}

export function register(program: Command): void {
  withConnectionOptions(
    program
      .command('status')
      .description('compare each formula file with the last pushed version and the remote calculation (exit 1 when any differ)')
      .argument('[files...]', 'formula files or directories (default: every calculation in calckit.json)'),
  ).action(async (files: string[], options: ConnectionCliOptions) => {
    const emit = stdoutEmit(options.json ?? false);
    const result = await runStatus(files, options);
    finish(emit, result, () => formatStatus(result));
  });
}
