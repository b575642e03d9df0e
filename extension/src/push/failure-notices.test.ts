// An auto-save push that fails again for the cause already notified goes to the status bar; pushes the user asked for
// are always notified; a success starts over.
import { describe, expect, it } from 'vitest';
import { failureCause, FailureNotices, repeatedFailureNote } from './failure-notices.js';

const noToken = { step: 'connect' as const, message: 'no developer token for http://127.0.0.1:4100' };
const refused = { step: 'read' as const, message: 'readCalculation failed: network: ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:4100' };
const locked = { step: 'update' as const, status: 423, message: 'locked' };

describe('FailureNotices', () => {
  it('notifies an auto-save failure once while it repeats with the same cause', () => {
    const notices = new FailureNotices();
    expect(notices.report(noToken, true)).toBe('notification');
    expect(notices.report(noToken, true)).toBe('status bar');
    expect(notices.report({ ...noToken }, true)).toBe('status bar');
  });
  it('notifies again when the cause changes (and then that cause only once)', () => {
    const notices = new FailureNotices();
    notices.report(noToken, true);
    expect(notices.report(refused, true)).toBe('notification');
    expect(notices.report(refused, true)).toBe('status bar');
    expect(notices.report(noToken, true)).toBe('notification');
  });
  it('always notifies a push the user asked for, whose cause then counts as told', () => {
    const notices = new FailureNotices();
    expect(notices.report(noToken, true)).toBe('notification');
    expect(notices.report(noToken, false)).toBe('notification');
    expect(notices.report(noToken, false)).toBe('notification');
    expect(notices.report(noToken, true)).toBe('status bar');
  });
  it('starts over after a success', () => {
    const notices = new FailureNotices();
    notices.report(noToken, true);
    notices.succeeded();
    expect(notices.report(noToken, true)).toBe('notification');
  });
  it('tells causes apart by step, status and message', () => {
    expect(failureCause(locked)).not.toBe(failureCause({ ...locked, status: 409 }));
    expect(failureCause(locked)).not.toBe(failureCause({ ...locked, step: 'lock' }));
    expect(failureCause(noToken)).toBe(failureCause({ ...noToken }));
  });
});

describe('repeatedFailureNote', () => {
  it('is short for the status bar and says in the log how to see the error', () => {
    expect(repeatedFailureNote({ file: 'formulas/a.calc', step: 'connect' })).toEqual({
      status: 'calckit: auto-save push failed again (connect)',
      log:
        'formulas/a.calc: the auto-save push failed again for the reason already notified; not notified again until a ' +
        'push succeeds. Save it yourself (Ctrl+S) or run "Push This Formula" to see the error.',
    });
    expect(repeatedFailureNote({ file: 'a.calc', step: 'update', status: 423 }).status).toBe('calckit: auto-save push failed again (update, HTTP 423)');
  });
});
