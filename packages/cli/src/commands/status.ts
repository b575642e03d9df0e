// `calckit status`: for each calculation of the project, the local file vs the last pushed version vs the remote.
import { relative } from 'node:path';
import { isServiceError, judgeRemote } from '@calckit/client';
import { checkSumOf } from '@calckit/formula';
import { FileEncodingError, ProjectError, gitVersionLookup, readFormulaFile, readState, recordsFor, serviceOrigin } from '@calckit/project';
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
export type SyncState = 'in-sync' | 'local-changes' | 'remote-changed' | 'diverged' | 'not-pushed' | 'missing-file' | 'error';

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
  error: 'could not read the remote calculation',
};

export async function runStatus(files: readonly string[], options: ConnectionCliOptions, overrides: ContextOverrides = {}): Promise<StatusResult> {
  const context = openContext(options, true, overrides);
  requireDeveloperToken(context);
  const project = context.project!; // required above
  const cwd = overrides.cwd ?? process.cwd();
  const { selected, unmapped } = selectCalculations(project, files, cwd);
  let records;
  try {
    records = recordsFor(readState(project.statePath), serviceOrigin(context.client.baseUrl));
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
        local = checkSumOf(expressionFromFileText(readFormulaFile(calc.file, { displayPath: file })));
      } catch (error) {
        // Not UTF-8: its checkSum would be of replacement characters; say why instead of comparing.
        if (error instanceof FileEncodingError) return { file, id: calc.id, state: 'error', local: null, recorded, remote: null, locked: null, message: error.detail };
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
        if (!isServiceError(error)) throw error;
        return { file, id: calc.id, state: 'error', local, recorded, remote: null, locked: null, message: error.message, errorKind: error.kind };
      }
    }),
  );
  const anyConfig = entries.some((e) => e.errorKind === 'config');
  const exitCode = unmapped.length > 0 || anyConfig ? EXIT_USAGE : entries.every((e) => e.state === 'in-sync') ? EXIT_OK : EXIT_FINDINGS;
  return { baseUrl: context.client.baseUrl, entries, exitCode };
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
