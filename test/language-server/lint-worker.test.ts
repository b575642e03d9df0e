// The lint worker: lints in another thread with the built server script, and after repeated crashes gives way to the
// main thread without losing a request.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LintWorker } from '@calckit/language-server';
import { SERVER } from './client.js';

function collectingLog() {
  const lines: string[] = [];
  return { lines, log: { error: (m: string) => void lines.push(`error ${m}`), warn: (m: string) => void lines.push(`warn ${m}`), info: (m: string) => void lines.push(`info ${m}`) } };
}

describe('LintWorker', () => {
  it('lints in a worker running the server script, with the nesting answers passed along', async () => {
    const { lines, log } = collectingLog();
    const worker = new LintWorker(SERVER, log);
    try {
      const ds = await worker.lint('SUM(`Nope`) + SVC_BEAST_MODE(7)', {
        schema: [{ name: 'Sales', type: 'DECIMAL' }],
        calculations: [{ id: 7 }],
        nestedIds: (id) => (id === 7 ? [8] : undefined),
      });
      const codes = ds.map((d) => d.code);
      expect(codes).toContain('unknown-column');
      expect(codes).toContain('nested-calculation-depth');
      expect(ds.find((d) => d.code === 'unknown-column')!.span).toEqual({ start: 4, end: 10 });
      expect(lines).toEqual([]);
    } finally {
      worker.dispose();
    }
  });

  it('rejects pending requests when the worker dies, restarts, and gives up after repeated crashes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'calckit-worker-'));
    const crashing = join(dir, 'crash.mjs');
    writeFileSync(crashing, "import { parentPort } from 'node:worker_threads';\nparentPort.on('message', () => process.exit(3));\n");
    const { lines, log } = collectingLog();
    const worker = new LintWorker(crashing, log);
    for (let i = 0; i < 3; i++) await expect(worker.lint('1', {})).rejects.toThrow(/stopped/);
    expect(worker.usable).toBe(false);
    expect(lines.filter((l) => l.startsWith('error')).length).toBe(3);
    expect(lines.at(-1)).toContain('main thread');
    worker.dispose();
  });
});
