// `calckit lint` on 10,000 files in one process: every file reported, under 300 MB of peak RSS (threads included).
// Wall time is printed, not asserted: CI machines are shared and their load varies.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const CLI = join(import.meta.dirname, '../../packages/cli/dist/main.js');
const RSS_HOOK = join(import.meta.dirname, 'fixtures/report-rss.cjs');
const FILES = 10_000;

describe('calckit lint at scale', () => {
  it(`lints ${FILES} files under 300 MB`, () => {
    const corpus = readFileSync(join(import.meta.dirname, '../corpus/formulas.jsonl'), 'utf8')
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => (JSON.parse(l) as { formula: string }).formula);
    const dir = mkdtempSync(join(tmpdir(), 'calckit-lint-10k-'));
    for (let i = 0; i < FILES; i++) {
      const sub = join(dir, `d${Math.floor(i / 500)}`);
      if (i % 500 === 0) mkdirSync(sub);
      writeFileSync(join(sub, `f${i}.calc`), corpus[i % corpus.length]!);
    }
    const started = Date.now();
    const r = spawnSync(process.execPath, ['--require', RSS_HOOK, CLI, 'lint', '--format', 'json', '-o', 'report.json'], { cwd: dir, encoding: 'utf8' });
    const seconds = (Date.now() - started) / 1000;
    expect(r.status, r.stderr).toBe(1); // the corpus has invalid formulas
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as unknown[];
    expect(report).toHaveLength(FILES);
    const rssMb = Number(/maxRSS=(\d+)/.exec(r.stderr)![1]) / 1024;
    console.log(`calckit lint: ${FILES} files in ${seconds.toFixed(1)} s wall, peak RSS ${rssMb.toFixed(0)} MB`);
    expect(rssMb).toBeLessThan(300);
  }, 300_000);
});
