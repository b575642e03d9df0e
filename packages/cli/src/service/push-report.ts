// Human text for `calckit push`: one line per file as it finishes (progress), details for failures, a summary.
import type { FilePushResult, PushCommandResult } from './push-files.js';

const MARK: Readonly<Record<FilePushResult['outcome'], string>> = {
  updated: 'updated',
  unchanged: 'unchanged',
  'would-update': 'would update',
  'would-skip': 'up to date',
  conflict: 'CONFLICT',
  failed: 'FAILED',
  'lint-failed': 'LINT ERRORS',
  unreadable: 'UNREADABLE',
  unmapped: 'NOT MAPPED',
};

export function progressLine(result: FilePushResult, done: number, total: number): string {
  const id = result.id !== null ? ` #${result.id}` : '';
  const lock = result.locked === true ? ', locked' : '';
  const sum = result.checkSum && (result.outcome === 'updated' || result.outcome === 'unchanged') ? ` ${result.checkSum.slice(0, 12)}` : '';
  return `[${done}/${total}] ${result.file}${id}: ${MARK[result.outcome]}${sum}${lock}`;
}

export function detailLines(result: FilePushResult): string[] {
  const lines: string[] = [];
  for (const p of result.problems) lines.push(`    ${result.file}:${p.line}:${p.column} ${p.severity} ${p.code}: ${p.message}`);
  if (result.error) {
    if (result.steps.length > 0) lines.push(`    steps done: ${result.steps.map((s) => `${s.step} (${s.detail})`).join('; ')}`);
    lines.push(`    failed at step "${result.error.step}"${result.error.status !== null ? `, HTTP ${result.error.status}` : ''}: ${result.error.serviceMessage ?? result.error.message}`);
    if (result.error.lockedNow === true) lines.push('    the calculation is locked, as it was');
    if (result.error.remoteUpdated) lines.push('    the remote formula WAS updated');
    else if (result.error.step !== 'map' && result.error.step !== 'lint') lines.push('    the remote formula and the local file are unchanged');
    lines.push(`    what to do: ${result.error.hint}`);
  }
  if (result.status === 'INVALID' && result.outcome === 'updated') {
    lines.push('    warning: the service stored the formula as INVALID (run without --skip-lint, or with --strict to refuse it)');
  }
  for (const m of result.mismatches) {
    lines.push(`    warning: the service's ${m.field} differs from calckit's analysis: service ${JSON.stringify(m.remote)}, calckit ${JSON.stringify(m.local)}`);
  }
  return lines;
}

export function summaryLine(result: PushCommandResult): string {
  const parts = Object.entries(result.summary)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${n} ${MARK[k as FilePushResult['outcome']].toLowerCase()}`);
  return `${result.dryRun ? 'dry run: ' : ''}${parts.join(', ') || 'nothing to push'} (${result.baseUrl})`;
}
