// Which failed pushes get a notification. An auto-save's push (calckit.push.onAutoSave) runs at every pause in typing:
// while the service stays unreachable or the token missing, each one fails alike, and a notification with Retry at
// every pause would bury the editor. So a failure is notified once per cause: an auto-save push that fails again for
// the cause last notified is said in the status bar and the log only. A push the user asked for (a save of their own,
// a command, Retry) always gets its notification — and its cause counts as told. A push that succeeds starts over.
// Pure: the controller feeds it outcomes.
import type { PushOutcome } from './types.js';

type Failure = Extract<PushOutcome, { kind: 'failed' }>;

/** What makes two failures "the same": the step, the HTTP status and the message (never the file's text). */
export function failureCause(failure: Pick<Failure, 'step' | 'status' | 'message'>): string {
  return `${failure.step}\u0000${failure.status ?? ''}\u0000${failure.message}`;
}

export type FailureReport = 'notification' | 'status bar';

export class FailureNotices {
  /** The cause of the last failure notified since the last success. */
  private told: string | undefined;

  /** How to report this failure; `unattended`: an auto-save's push. */
  report(failure: Pick<Failure, 'step' | 'status' | 'message'>, unattended: boolean): FailureReport {
    const cause = failureCause(failure);
    if (unattended && cause === this.told) return 'status bar';
    this.told = cause;
    return 'notification';
  }

  /** A push succeeded (or found the service up to date): the next failure is news again. */
  succeeded(): void {
    this.told = undefined;
  }
}

/** The status bar note and log line of an auto-save push that failed again for the cause already notified. */
export function repeatedFailureNote(failure: Pick<Failure, 'file' | 'step' | 'status'>): { status: string; log: string } {
  const statusText = failure.status === undefined ? '' : `, HTTP ${failure.status}`;
  return {
    status: `calckit: auto-save push failed again (${failure.step}${statusText})`,
    log:
      `${failure.file}: the auto-save push failed again for the reason already notified; not notified again until a push ` +
      'succeeds. Save it yourself (Ctrl+S) or run "Push This Formula" to see the error.',
  };
}
