// The buttons of the push's modal questions: the first one is VS Code's default (Enter, or a Space typed next), so it
// never sends anything; Cancel (Escape, or closing the dialog) never does either.
import { describe, expect, it } from 'vitest';
import { CONFLICT_BUTTONS, conflictAnswer, LINT_BUTTONS, lintAnswer, lintQuestion } from './questions.js';

describe('the lint question', () => {
  it('its default button pushes nothing; only Push Anyway pushes', () => {
    expect(lintAnswer(LINT_BUTTONS[0])).toBe('show-problems');
    expect(LINT_BUTTONS.filter((b) => lintAnswer(b) === 'push-anyway')).toEqual(['Push Anyway']);
    expect(lintAnswer(undefined)).toBe('cancel');
  });
  it('names the count and the first error', () => {
    const finding = { severity: 'error' as const, code: 'syntax', message: 'expected an expression', line: 1, column: 14 };
    expect(lintQuestion('a.calc', [finding])).toBe(
      'a.calc has 1 error (line 1, column 14: expected an expression). The service may reject it or store it as INVALID.',
    );
    expect(lintQuestion('a.calc', [finding, finding])).toMatch(/^a\.calc has 2 errors/);
  });
});

describe('the conflict question', () => {
  it('its default button overwrites nothing; Cancel neither', () => {
    expect(conflictAnswer(CONFLICT_BUTTONS[0])).toBe('compare');
    expect(CONFLICT_BUTTONS.filter((b) => conflictAnswer(b) === 'overwrite')).toEqual(['Overwrite']);
    expect(conflictAnswer(undefined)).toBe('cancel');
  });
});
