// Which saves push: explicit saves when push on save is on; auto-saves only with calckit.push.onAutoSave, unattended.
import { describe, expect, it } from 'vitest';
import { SAVE_REASON, savePush, saveKindOf, unattendedSkipNote } from './save-trigger.js';

describe('saveKindOf', () => {
  it('reads VS Code save reasons: Manual is the user, AfterDelay and FocusOut are auto-saves', () => {
    expect(saveKindOf(SAVE_REASON.manual)).toBe('manual');
    expect(saveKindOf(SAVE_REASON.afterDelay)).toBe('auto');
    expect(saveKindOf(SAVE_REASON.focusOut)).toBe('auto');
  });
  it('a save with no reason (Save without Formatting runs no participants) is the user’s', () => {
    expect(saveKindOf(undefined)).toBe('manual');
  });
});

describe('savePush', () => {
  const on = { pushOnSave: true, pushOnAutoSave: false };
  it('pushes an explicit save, attended (it may ask)', () => {
    expect(savePush('manual', on)).toEqual({ push: true, unattended: false });
  });
  it('does not push an auto-save unless calckit.push.onAutoSave opts in', () => {
    expect(savePush('auto', on)).toMatchObject({ push: false, why: expect.stringContaining('calckit.push.onAutoSave') });
  });
  it('pushes an auto-save unattended (no dialog) when opted in', () => {
    expect(savePush('auto', { pushOnSave: true, pushOnAutoSave: true })).toEqual({ push: true, unattended: true });
  });
  it('pushes nothing when push on save is off, whatever the opt-in says', () => {
    expect(savePush('manual', { pushOnSave: false, pushOnAutoSave: true }).push).toBe(false);
    expect(savePush('auto', { pushOnSave: false, pushOnAutoSave: true }).push).toBe(false);
  });
});

describe('unattendedSkipNote', () => {
  it('says what was skipped, briefly for the status bar, and how to push in the log', () => {
    expect(unattendedSkipNote('formulas/a.calc', { lintErrors: 1 })).toEqual({
      status: 'calckit: not pushed on auto-save (1 error)',
      log: 'formulas/a.calc not pushed on auto-save: it has 1 error. Save it yourself or run "Push This Formula" to decide.',
    });
    expect(unattendedSkipNote('a.calc', { lintErrors: 3 }).status).toBe('calckit: not pushed on auto-save (3 errors)');
    expect(unattendedSkipNote('a.calc', { conflict: true })).toEqual({
      status: 'calckit: not pushed on auto-save (changed in the service)',
      log: 'a.calc not pushed on auto-save: the service holds a change that is not yours. Save it yourself or run "Push This Formula" to decide.',
    });
  });
});
