// updateFormulaTestFile (`calckit test --update`) on disk: what it writes, and when it refuses to write: a file changed
// since it was run, a file outside the working directory when no project holds it, nothing failed.
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runFormulaTestFile, updateFormulaTestFile } from './formula-tests.js';
import { ProjectIndex } from './project-index.js';

const TESTS = '# doubles\ntests:\n  - name: double\n    rows: [{ a: 1 }, { a: 2 }]\n    expect: [2, 5]  # the second is wrong\n';

function folder(): { dir: string; testFile: string } {
  const dir = mkdtempSync(join(tmpdir(), 'calckit-update-'));
  writeFileSync(join(dir, 'double.calc'), '`a` * 2\n');
  writeFileSync(join(dir, 'double.calc.test.yaml'), TESTS);
  return { dir, testFile: join(dir, 'double.calc.test.yaml') };
}

describe('updateFormulaTestFile', () => {
  it('writes the failed values (no project: inside the working directory)', () => {
    const { dir, testFile } = folder();
    const index = new ProjectIndex();
    const run = runFormulaTestFile(testFile, { index, now: '2024-01-01' });
    expect(updateFormulaTestFile(run, { index, cwd: dir })).toEqual({ testFile, updated: ['double'], notUpdated: [] });
    expect(readFileSync(testFile, 'utf8')).toBe(TESTS.replace('[2, 5]', '[2, 4]'));
    // Passing now: nothing to write, the file is not touched.
    const mtime = statSync(testFile).mtimeMs;
    const again = runFormulaTestFile(testFile, { index, now: '2024-01-01' });
    expect(updateFormulaTestFile(again, { index, cwd: dir })).toEqual({ testFile, updated: [], notUpdated: [] });
    expect(statSync(testFile).mtimeMs).toBe(mtime);
  });

  it('refuses a file outside the working directory when no project holds it, and one changed since the run', () => {
    const { dir, testFile } = folder();
    const index = new ProjectIndex();
    const run = runFormulaTestFile(testFile, { index, now: '2024-01-01' });
    const elsewhere = mkdtempSync(join(tmpdir(), 'calckit-cwd-'));
    expect(updateFormulaTestFile(run, { index, cwd: elsewhere }).problem).toMatch(/^not updated: .*double\.calc\.test\.yaml leads outside the working directory \(.*\), and no calckit\.json holds it$/);
    writeFileSync(testFile, `${TESTS}# edited meanwhile\n`);
    expect(updateFormulaTestFile(run, { index, cwd: dir, displayPath: () => 'double.calc.test.yaml' }).problem).toBe('not updated: double.calc.test.yaml changed since it was run; run the tests again');
    expect(readFileSync(testFile, 'utf8')).toBe(`${TESTS}# edited meanwhile\n`);
  });
});
