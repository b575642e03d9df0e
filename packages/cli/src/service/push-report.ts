// Human text for `calckit push`: one line per file as it finishes (progress), details for failures, a summary.
import type { FilePushResult, PushCommandResult } from './push-files.js';

const MARK: Readonly<Record<FilePushResult['outcome'], string>> = {
  updated: 'updated',
  unchanged: 'unchanged',
  'would-update': 'would update',
  'would-skip': 'up to date',
  conflict: 'CONFLICT',
  unknown: 'OUTCOME UNKNOWN',
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
  const error = result.error;
  if (error) {
    if (result.steps.length > 0) lines.push(`    steps done: ${result.steps.map((s) => `${s.step} (${s.detail})`).join('; ')}`);
    // Our own refusals carry no service message: their message, without the prefix that repeats the step.
    const why = error.serviceMessage ?? error.message.replace(/^push of calculation \d+ failed at step "[^"]+": /, '');
    lines.push(`    failed at step "${error.step}"${error.status !== null ? `, HTTP ${error.status}` : ''}: ${why}`);
    for (const f of error.fieldErrors ?? []) {
      lines.push(`    ${result.file}${f.line !== null ? `:${f.line}:${f.column}` : ''} service: ${f.message}${f.code !== null ? ` (${f.code})` : ''}`);
    }
    if (error.leftUnlocked) lines.push(`    THE CALCULATION IS LEFT UNLOCKED: run \`calckit lock ${result.id}\``);
    else if (error.lockedNow === true) lines.push('    the calculation is locked, as it was');
    if (result.outcome === 'unknown') lines.push('    the update MAY HAVE BEEN APPLIED: its answer was lost');
    else if (error.remoteUpdated) lines.push('    the remote formula WAS updated');
    else if (error.step !== 'map' && error.step !== 'lint') lines.push('    the remote formula and the local file are unchanged');
    if (error.remoteExpression != null && error.localExpression != null) {
      lines.push(...conflictLines(error.remoteExpression, error.localExpression));
    }
    lines.push(`    what to do: ${error.hint}`);
  }
  if (result.status === 'INVALID' && result.outcome === 'updated') {
    const why = result.invalidReasons && result.invalidReasons.length > 0 ? `: ${result.invalidReasons.join('; ')}` : '';
    lines.push(`    warning: the service stored the formula as INVALID${why} (fix it, or push with --strict to have such formulas refused)`);
  }
  if (result.recordError) lines.push(`    warning: pushed, but the push record was not written: ${result.recordError}`);
  for (const m of result.mismatches) {
    lines.push(`    warning: the service's ${m.field} differs from calckit's analysis: service ${JSON.stringify(m.remote)}, calckit ${JSON.stringify(m.local)}`);
  }
  return lines;
}

/** The service's formula against ours, line by line (`-` service, `+` local). */
function conflictLines(remote: string, local: string): string[] {
  const out = ['    --- service', '    +++ local'];
  const a = remote.split('\n');
  const b = local.split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  for (const line of a.slice(start, endA)) out.push(`    -${line}`);
  for (const line of b.slice(start, endB)) out.push(`    +${line}`);
  return out;
}

export function summaryLine(result: PushCommandResult): string {
  const parts = Object.entries(result.summary)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${n} ${MARK[k as FilePushResult['outcome']].toLowerCase()}`);
  return `${result.dryRun ? 'dry run: ' : ''}${parts.join(', ') || 'nothing to push'} (${result.baseUrl})`;
}
