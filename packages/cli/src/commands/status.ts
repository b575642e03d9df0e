// `calckit status`: for each calculation of the project, the local file vs the last pushed version vs the remote.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { isServiceError } from '@calckit/client';
import { analyzeCalculation } from '@calckit/formula';
import { readState } from '@calckit/project';
import type { Command } from 'commander';
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE } from '../exit.js';
import { openContext, requireDeveloperToken, withConnectionOptions, type ConnectionCliOptions, type ContextOverrides } from '../service/context.js';
import { expressionFromFileText } from '@calckit/formula';
import { finish, stdoutEmit } from '../service/output.js';
import { selectCalculations } from '../service/push-files.js';

/**
 * in-sync: local = remote. local-changes: remote = last pushed, local differs (push). remote-changed: local = last
 * pushed, remote differs (pull, or push --force). diverged: both differ from the last push. not-pushed: they differ
 * and no push from here is recorded.
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
  'not-pushed': 'differs, never pushed from here: `calckit push` (or `calckit pull <id>` to take the service\'s)',
  'missing-file': 'file missing: `calckit pull <id>`',
  error: 'could not read the remote calculation',
};

export async function runStatus(files: readonly string[], options: ConnectionCliOptions, overrides: ContextOverrides = {}): Promise<StatusResult> {
  const context = openContext(options, true, overrides);
  requireDeveloperToken(context);
  const project = context.project!; // required above
  const cwd = overrides.cwd ?? process.cwd();
  const { selected, unmapped } = selectCalculations(project, files, cwd);
  const state = readState(project.statePath);
  const entries = await Promise.all(
    selected.map(async (calc): Promise<StatusEntry> => {
      const file = relative(cwd, calc.file) || calc.file;
      let local: string | null = null;
      try {
        local = analyzeCalculation(expressionFromFileText(readFileSync(calc.file, 'utf8'))).checkSum;
      } catch {
        local = null;
      }
      const recorded = state.calculations[String(calc.id)]?.checkSum ?? null;
      try {
        const remote = await context.client.readCalculation(calc.id);
        const sync: SyncState =
          local === null
            ? 'missing-file'
            : local === remote.checkSum
              ? 'in-sync'
              : recorded === null
                ? 'not-pushed'
                : remote.checkSum === recorded
                ? 'local-changes'
                : local === recorded
                  ? 'remote-changed'
                  : 'diverged';
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
