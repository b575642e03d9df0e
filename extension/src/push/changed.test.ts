// "Push All Changed Formulas" picks the mapped formulas whose text differs from their last push (a real project
// folder with a calckit.json and a state file).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadProject, recordPush } from '@calckit/project';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changedFormulas } from './changed.js';
import { checkSumOf } from '@calckit/formula';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'calckit-changed-'));
  mkdirSync(join(root, 'formulas'));
  writeFileSync(
    join(root, 'calckit.json'),
    JSON.stringify({
      calculations: {
        'formulas/same.calc': { id: 1 },
        'formulas/edited.calc': { id: 2 },
        'formulas/new.calc': { id: 3 },
        'formulas/missing.calc': { id: 4 },
      },
    }),
  );
  writeFileSync(join(root, 'formulas', 'same.calc'), 'SUM(`Sales`)\n'); // trailing newline: not a change
  writeFileSync(join(root, 'formulas', 'edited.calc'), 'SUM(`Sales`) * 2');
  writeFileSync(join(root, 'formulas', 'new.calc'), 'COUNT(`Order ID`)');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const ORIGIN = 'https://acme.example.com';

describe('changedFormulas', () => {
  it('lists edited and never-pushed formulas, skips unchanged ones, reports unreadable files', () => {
    const project = loadProject(join(root, 'calckit.json'));
    recordPush(project.statePath, ORIGIN, 1, { checkSum: checkSumOf('SUM(`Sales`)') });
    recordPush(project.statePath, ORIGIN, 2, { checkSum: checkSumOf('SUM(`Sales`)') });
    const result = changedFormulas(project, ORIGIN, (file) => readFileSync(file, 'utf8'));
    expect(result.changed.map((c) => [c.calculation.path, c.lastPushedCheckSum])).toEqual([
      ['formulas/edited.calc', checkSumOf('SUM(`Sales`)')],
      ['formulas/new.calc', undefined],
    ]);
    expect(result.unreadable.map((u) => u.calculation.path)).toEqual(['formulas/missing.calc']);
    expect(result.unreadable[0]?.reason).toMatch(/ENOENT/);
  });

  it("takes the text the caller gives (an editor's unsaved buffer)", () => {
    const project = loadProject(join(root, 'calckit.json'));
    recordPush(project.statePath, ORIGIN, 2, { checkSum: checkSumOf('SUM(`Sales`) * 2') });
    const buffers: Record<string, string> = { [join(root, 'formulas', 'edited.calc')]: 'SUM(`Sales`) * 3' };
    const result = changedFormulas(project, ORIGIN, (file) => buffers[file] ?? readFileSync(file, 'utf8'));
    expect(result.changed.find((c) => c.calculation.id === 2)?.text).toBe('SUM(`Sales`) * 3');
  });
});
