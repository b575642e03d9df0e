// The idle warm-up over stdio: a server left idle after `initialized` warms its keystroke path and says so in its log;
// one told `warmUp: false` does not; and a document changed while the warm-up runs gets its own diagnostics.
import { afterAll, describe, expect, it } from 'vitest';
import { salesProject, TestClient } from './client.js';

const WARMED = /^warmed up the keystroke path: 300 iterations, \d+ ms$/;
const clients: TestClient[] = [];

afterAll(async () => {
  await Promise.all(clients.map((c) => c.stop()));
});

describe('idle warm-up', () => {
  it('runs once while the server is idle, and not when turned off', async () => {
    const started = Date.now();
    const [{ client: warm }, { client: cold }] = await Promise.all([
      TestClient.start(),
      TestClient.start({ initializationOptions: { warmUp: false } }),
    ]);
    clients.push(warm, cold);
    await warm.until(() => warm.logs.some((l) => WARMED.test(l)), 30_000, 'the warm-up log');
    // The other server had as long, and as much again, to warm up: it stays cold.
    const waited = Date.now();
    await new Promise((r) => setTimeout(r, Math.max(2_000, waited - started)));
    expect(warm.logs.filter((l) => l.startsWith('warmed up'))).toHaveLength(1);
    expect(cold.logs.filter((l) => l.startsWith('warmed up'))).toEqual([]);
  });

  it('leaves the documents opened and changed meanwhile their own diagnostics', async () => {
    const project = salesProject();
    const { client } = await TestClient.start({ rootUri: project.uri('') });
    clients.push(client);
    const uri = project.uri('formulas/a.calc');
    await client.open(uri, 'SUM(`Sales`)');
    expect(await client.diagnosticsFor(uri, 1)).toEqual([]);
    // Idle long enough for slices to run, then changes while they do.
    await new Promise((r) => setTimeout(r, 120));
    const version = await client.change(uri, [{ text: 'SUM(`Nope`) +' }]);
    const codes = (await client.diagnosticsFor(uri, version)).map((d) => d.code);
    expect(codes.sort()).toEqual(['syntax-error', 'unknown-column']);
    const fixed = await client.change(uri, [{ text: 'SUM(`Sales`) + 1' }]);
    expect(await client.diagnosticsFor(uri, fixed)).toEqual([]);
  });
});
