// `calckit lint` and `calckit analyze` on formulas of a megabyte (a flat chain of 70,000 comparisons, a tree 70,000
// levels deep; a CASE of 10,000 WHENs; a 100,000-value IN list) and beyond the length limit: each run exits normally
// with its report, never with an internal error.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const CLI = join(import.meta.dirname, '../../packages/cli/dist/main.js');
const dir = mkdtempSync(join(tmpdir(), 'calckit-long-'));
const run = (args: string[]) => spawnSync(process.execPath, [CLI, ...args], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 28, timeout: 110_000 });

/** About `bytes` of `Region` = 'R0' OR `Region` = 'R1' OR …, ending in `last`: by default `= NULL` (a warning). */
function chain(bytes: number, last = '`Region` = NULL'): { text: string; links: number } {
  const terms: string[] = [];
  for (let length = 0; length < bytes; length += 20) terms.push(`\`Region\` = 'R${terms.length}'`);
  return { text: `${terms.join(' OR ')} OR ${last}\n`, links: terms.length };
}
/** A lint error (a wrong argument count) that ends the chains lint is run on. */
const ERROR_TERM = "LEFT(`Region`) = 'R'";

describe('formulas of a megabyte', () => {
  const big = chain(1_000_000);
  writeFileSync(join(dir, 'chain.calc'), big.text);
  writeFileSync(join(dir, 'chain-error.calc'), chain(1_000_000, ERROR_TERM).text);
  writeFileSync(join(dir, 'case.calc'), `CASE ${Array.from({ length: 10_000 }, (_, i) => `WHEN \`Amount\` > ${i} THEN 'b${i}'`).join(' ')} ELSE 0 END\n`);
  writeFileSync(join(dir, 'list.calc'), `\`Code\` IN (${Array.from({ length: 100_000 }, (_, i) => String(i)).join(', ')}) AND ${ERROR_TERM}\n`);

  it('calckit lint reports on a 1 MB chain, a 10,000-WHEN CASE and a 100,000-value list (stylish and JSON)', () => {
    expect(big.text.length).toBeGreaterThan(1_000_000);
    const stylish = run(['lint', 'chain-error.calc']);
    expect(stylish.stderr).not.toMatch(/internal error|RangeError/);
    expect(stylish.status).toBe(1);
    expect(stylish.stdout).toContain('argument-count');
    const json = run(['lint', '-f', 'json', 'chain-error.calc', 'case.calc', 'list.calc']);
    expect(json.status).toBe(1);
    const results = JSON.parse(json.stdout) as Array<{ filePath: string; messages: Array<{ ruleId: string }> }>;
    expect(results.map((r) => r.filePath.split(/[\\/]/).pop()).sort()).toEqual(['case.calc', 'chain-error.calc', 'list.calc']);
    for (const r of results) expect(r.messages.map((m) => m.ruleId), r.filePath).toContain(r.filePath.endsWith('case.calc') ? 'case-branch-types' : 'argument-count');
  }, 120_000);

  it('calckit analyze prints the fields of a 1 MB chain', () => {
    const r = run(['analyze', 'chain.calc']);
    expect(r.stderr).not.toMatch(/internal error|RangeError/);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as { status: string; dataType: string; functions: string[]; columnPositions: unknown[] };
    expect(out).toMatchObject({ status: 'VALID', dataType: 'LONG', functions: [] });
    expect(out.columnPositions).toHaveLength(big.links + 1);
  }, 120_000);

  it('a formula over the length limit is one clear problem, not a crash', () => {
    writeFileSync(join(dir, 'huge.calc'), chain(4_300_000).text);
    const lint = run(['lint', '-f', 'json', 'huge.calc']);
    expect(lint.status).toBe(1);
    const [result] = JSON.parse(lint.stdout) as Array<{ messages: Array<{ ruleId: string; message: string }> }>;
    expect(result!.messages).toHaveLength(1);
    expect(result!.messages[0]).toMatchObject({ ruleId: 'syntax-error' });
    expect(result!.messages[0]!.message).toMatch(/^The formula is 4\.\d MB long: calckit reads formulas of up to 4 MB$/);
    const analyze = run(['analyze', 'huge.calc']);
    expect(analyze.status).toBe(1);
    expect(analyze.stderr).toContain('(too-long)');
  }, 120_000);
});
