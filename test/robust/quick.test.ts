// Runs the robustness suite's quick mode (`node test/robust/run.mjs --quick`) as a process, so `npm test` and CI
// cover fuzzing, language-server edit streams, emulator bad input and SIGKILL durability in a couple of minutes.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const RUN = fileURLToPath(new URL('./run.mjs', import.meta.url));

interface Summary {
  inputsTried: number;
  failures: number;
  writesLost: number;
  acknowledgedWrites: number;
  failureList: string[];
  notAvailable: string[];
  results: { core?: { tried: number; formatted: number }; longShapes?: { tried: number }; languageServer?: { edits: number }; emulator?: { tried: number }; escape?: { tried: number; outcomes: Record<string, string> }; kill?: { rounds: number } };
}

describe('robustness, quick mode', () => {
  it('finds no failure and loses no acknowledged write', () => {
    const run = spawnSync(process.execPath, [RUN, '--quick', '--json'], { encoding: 'utf8', maxBuffer: 1 << 26, timeout: 290_000 });
    expect(run.error, run.stderr.slice(-2000)).toBeUndefined();
    const summary = JSON.parse(run.stdout) as Summary;
    expect(summary.notAvailable).toEqual([]);
    expect(summary.failureList).toEqual([]);
    expect(summary.failures).toBe(0);
    expect(summary.writesLost).toBe(0);
    // The run did real work in every part.
    expect(summary.results.core?.tried).toBeGreaterThanOrEqual(4000);
    expect(summary.results.core?.formatted).toBeGreaterThan(0);
    // Every long shape (chains, wide CASEs, long lists, megabyte literals, limits), at a twentieth of its size.
    expect(summary.results.longShapes?.tried).toBeGreaterThanOrEqual(15);
    expect(summary.results.languageServer?.edits).toBeGreaterThanOrEqual(300);
    expect(summary.results.emulator?.tried).toBeGreaterThanOrEqual(300);
    // Every route out of the code-function sandbox was tried, and each ended as a refused or failed run.
    expect(summary.results.escape?.tried).toBeGreaterThanOrEqual(10);
    expect(Object.keys(summary.results.escape?.outcomes ?? {})).toHaveLength(summary.results.escape!.tried);
    expect(summary.results.kill?.rounds).toBe(2);
    expect(summary.acknowledgedWrites).toBeGreaterThan(0);
    expect(run.status).toBe(0);
  }, 300_000);
});
