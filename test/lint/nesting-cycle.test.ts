// `calckit lint` as a process across the files of a project: a cycle of nested calculations is reported in every file
// on it (naming the cycle's calculations and files), not in a file that only nests into it; in the main thread and in
// worker threads alike. nested-calculation-depth keeps reporting the service's one-level limit beside it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const CLI = join(import.meta.dirname, '../../packages/cli/dist/main.js');

function makeProject(): string {
  const dir = mkdtempSync(join(tmpdir(), 'calckit-cycle-'));
  const files: Record<string, string> = {
    'calckit.json': JSON.stringify({
      service: { name: 'acme', baseUrl: 'http://127.0.0.1:9' },
      calculations: { 'f/a.calc': { id: 1 }, 'f/b.calc': { id: 2 }, 'f/c.calc': { id: 3 }, 'f/outside.calc': { id: 4 }, 'f/self.calc': { id: 5 } },
    }),
    'f/a.calc': 'ACME_BEAST_MODE(2) + 1',
    'f/b.calc': 'ACME_BEAST_MODE(3)',
    'f/c.calc': '2 * ACME_BEAST_MODE(1)',
    'f/outside.calc': 'ACME_BEAST_MODE(1)',
    'f/self.calc': 'ACME_BEAST_MODE(5)',
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

type Report = Array<{ filePath: string; messages: Array<{ ruleId: string; message: string; line: number; column: number }> }>;

describe('calckit lint: nested-calculation-cycle across files', () => {
  const dir = makeProject();
  for (const concurrency of ['off', '2']) {
    it(`reports each file on the cycle at the call that continues it (--concurrency ${concurrency})`, () => {
      const r = spawnSync(process.execPath, [CLI, 'lint', '--format', 'json', '--concurrency', concurrency], { cwd: dir, encoding: 'utf8' });
      expect(r.status).toBe(1);
      const report = JSON.parse(r.stdout) as Report;
      const cycles = Object.fromEntries(report.map((f) => [f.filePath, f.messages.filter((m) => m.ruleId === 'nested-calculation-cycle').map((m) => `${m.line}:${m.column} ${m.message}`)]));
      const tail = ': a calculation cannot nest itself, directly or through other calculations';
      expect(cycles['f/a.calc']).toEqual([`1:1 Nesting cycle: calculation 1 (f/a.calc) → calculation 2 (f/b.calc) → calculation 3 (f/c.calc) → calculation 1 (f/a.calc)${tail}`]);
      expect(cycles['f/b.calc']).toEqual([`1:1 Nesting cycle: calculation 2 (f/b.calc) → calculation 3 (f/c.calc) → calculation 1 (f/a.calc) → calculation 2 (f/b.calc)${tail}`]);
      expect(cycles['f/c.calc']).toEqual([`1:5 Nesting cycle: calculation 3 (f/c.calc) → calculation 1 (f/a.calc) → calculation 2 (f/b.calc) → calculation 3 (f/c.calc)${tail}`]);
      expect(cycles['f/self.calc']).toEqual([`1:1 Nesting cycle: calculation 5 (f/self.calc) → calculation 5 (f/self.calc)${tail}`]);
      expect(cycles['f/outside.calc']).toEqual([]);
      // The depth limit is still its own rule's message.
      const outside = report.find((f) => f.filePath === 'f/outside.calc')!;
      expect(outside.messages.map((m) => m.ruleId)).toEqual(['nested-calculation-depth']);
    });
  }
});

describe('calckit lint --cache: a file whose nestings changed elsewhere is linted again', () => {
  it('a cycle closed in another file shows in an unchanged file that was cached clean', () => {
    const dir = makeProject();
    writeFileSync(join(dir, 'f/c.calc'), '2'); // 1 → 2 → 3, no cycle yet
    const lint = () => {
      const r = spawnSync(process.execPath, [CLI, 'lint', '--cache', '--format', 'json', '--concurrency', 'off', 'f/a.calc', 'f/b.calc', 'f/c.calc'], { cwd: dir, encoding: 'utf8' });
      return Object.fromEntries((JSON.parse(r.stdout) as Report).map((f) => [f.filePath, f.messages.map((m) => m.ruleId)]));
    };
    expect(lint()['f/a.calc']).toEqual(['nested-calculation-depth']);
    expect(readFileSync(join(dir, '.calckit/cache/lint.json'), 'utf8')).toContain('a.calc');
    writeFileSync(join(dir, 'f/c.calc'), '2 * ACME_BEAST_MODE(1)');
    expect(lint()['f/a.calc']).toEqual(['nested-calculation-cycle', 'nested-calculation-depth']);
  });
});
