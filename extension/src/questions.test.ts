// Every modal question of the extension: its first button is VS Code's default (Enter, or a Space typed next) and
// Cancel is Escape or closing the dialog, so neither may send a token, change the service or run a program.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  conflictQuestion,
  environmentTokenQuestion,
  lintQuestion,
  type Question,
  sendTokenTo,
  workspaceCalckitQuestion,
} from './questions.js';

const finding = { severity: 'error' as const, code: 'syntax', message: 'expected an expression', line: 1, column: 14 };
const ORIGIN = 'https://acme.example.com:8443';

const questions: Record<string, Question<string>> = {
  lint: lintQuestion('a.calc', [finding]),
  conflict: conflictQuestion({ calculationId: 101, remoteName: 'Profit', neverPushed: false }),
  'environment token': environmentTokenQuestion('CALCKIT_DEVELOPER_TOKEN', ORIGIN),
  "workspace's calckit": workspaceCalckitQuestion('/w/node_modules/.bin/calckit'),
};

describe.each(Object.entries(questions))('the %s question', (_name, question) => {
  it('its default (first) button and Cancel do nothing irreversible; each acting answer has its own later button', () => {
    expect(question.acting).not.toContain(question.answer(question.buttons[0]));
    expect(question.acting).not.toContain(question.answer(undefined));
    for (const acting of question.acting) {
      const buttons = question.buttons.filter((b) => question.answer(b) === acting);
      expect(buttons).toHaveLength(1);
      expect(question.buttons.indexOf(buttons[0] as string)).toBeGreaterThan(0);
    }
  });
  it('has distinct buttons, none called Cancel (VS Code adds its own)', () => {
    expect(new Set(question.buttons).size).toBe(question.buttons.length);
    expect(question.buttons).not.toContain('Cancel');
  });
});

describe('the lint question', () => {
  it('Show Problems first, Push Anyway pushes', () => {
    const q = lintQuestion('a.calc', [finding]);
    expect(q.buttons).toEqual(['Show Problems', 'Push Anyway']);
    expect(q.answer('Show Problems')).toBe('show-problems');
    expect(q.answer('Push Anyway')).toBe('push-anyway');
    expect(q.answer(undefined)).toBe('cancel');
  });
  it('names the count and the first error', () => {
    expect(lintQuestion('a.calc', [finding]).message).toBe(
      'a.calc has 1 error (line 1, column 14: expected an expression). The service may reject it or store it as INVALID.',
    );
    expect(lintQuestion('a.calc', [finding, finding]).message).toMatch(/^a\.calc has 2 errors/);
  });
});

describe('the conflict question', () => {
  it('Compare first, Overwrite overwrites; says why the remote formula is not ours', () => {
    const q = conflictQuestion({ calculationId: 101, remoteName: 'Profit', neverPushed: false });
    expect(q.buttons).toEqual(['Compare', 'Overwrite']);
    expect(q.answer('Overwrite')).toBe('overwrite');
    expect(q.message).toBe('Calculation 101 "Profit" changed in the service since your last push.');
    expect(conflictQuestion({ calculationId: 7, neverPushed: true }).message).toBe(
      'Calculation 7 was never pushed from this repository, and the service holds a different formula.',
    );
  });
});

describe('the environment token question', () => {
  const q = environmentTokenQuestion('CALCKIT_DEVELOPER_TOKEN', ORIGIN);
  it("Don't Send first; the button that sends names the origin that would receive the token", () => {
    expect(q.buttons).toEqual(["Don't Send", `Send to ${ORIGIN}`]);
    expect(q.answer("Don't Send")).toBe('deny');
    expect(q.answer(sendTokenTo(ORIGIN))).toBe('allow');
    expect(q.answer(undefined)).toBe('not-now');
    // A button naming another origin is not this question's (it cannot allow this one).
    expect(q.answer(sendTokenTo('https://other.example.com'))).toBe('not-now');
  });
  it('names the variable and the origin in the question, and how to forget the answer', () => {
    expect(q.message).toBe(`Send the developer token from the environment (CALCKIT_DEVELOPER_TOKEN) to ${ORIGIN}?`);
    expect(q.detail).toContain('Clear Developer Token');
  });
});

describe("the workspace's calckit question", () => {
  it('Use Another calckit… first (runs nothing); the run button says whose calckit; the program is named', () => {
    const q = workspaceCalckitQuestion('/w/node_modules/.bin/calckit');
    expect(q.buttons).toEqual(['Use Another calckit…', "Run the Workspace's calckit"]);
    expect(q.answer("Run the Workspace's calckit")).toBe('run');
    expect(q.answer('Use Another calckit…')).toBe('choose-another');
    expect(q.detail).toContain('/w/node_modules/.bin/calckit serve');
  });
});

describe('one module holds the questions', () => {
  it('no file of the extension but ask.ts opens a modal dialog', () => {
    const dir = fileURLToPath(new URL('.', import.meta.url));
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    const modal = files.filter((f) => /\bmodal\s*:/.test(readFileSync(join(dir, f), 'utf8')));
    expect(modal).toEqual(['ask.ts']);
  });
});
