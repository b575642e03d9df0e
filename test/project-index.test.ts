// One project index, checked from the outside: `calckit lint` (a process) and the language server (over stdio) lint
// the same files of one project and must agree on what the project tells them: the dataset schema (unknown columns)
// and the calculations nested ones nest, counted the service's way (only SVC_BEAST_MODE(id) with the project's name).
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeProject, SALES_SCHEMA, TestClient } from './language-server/client.js';

const CLI = join(import.meta.dirname, '../packages/cli/dist/main.js');

let client: TestClient | undefined;
afterEach(async () => {
  await client?.stop();
  client = undefined;
});

const FILES = {
  // Column `Nope` is unknown only with the schema; calculation 3 nests 1 (its OTHER_BEAST_MODE(2) is not a nesting).
  'f/top.calc': 'SUM(`Sales`) + SUM(`Nope`) + SVC_BEAST_MODE(3)',
  'f/mid.calc': 'SVC_BEAST_MODE(1) + OTHER_BEAST_MODE(2)',
  'f/one.calc': '1',
  'f/two.calc': '2',
};

function salesNestingProject() {
  return makeProject({
    'calckit.json': JSON.stringify({
      service: { name: 'SVC', baseUrl: 'http://127.0.0.1:9' },
      datasets: { sales: { id: 'ds', schema: 'schemas/sales.json' } },
      calculations: { 'f/top.calc': { id: 10, dataset: 'sales' }, 'f/mid.calc': { id: 3, dataset: 'sales' }, 'f/one.calc': { id: 1 }, 'f/two.calc': { id: 2 } },
    }),
    'schemas/sales.json': JSON.stringify(SALES_SCHEMA),
    ...FILES,
  });
}

const RELEVANT = new Set(['unknown-column', 'nested-calculation-depth']);

describe('one project index: the CLI and the language server agree', () => {
  it('on the schema and on nested ids (SVC_BEAST_MODE nests, OTHER_BEAST_MODE does not)', async () => {
    const project = salesNestingProject();
    const cli = spawnSync(process.execPath, [CLI, 'lint', '--format', 'json', 'f'], { cwd: project.root, encoding: 'utf8' });
    const report = JSON.parse(cli.stdout) as Array<{ filePath: string; messages: Array<{ ruleId: string; message: string }> }>;
    const fromCli = Object.fromEntries(report.map((r) => [r.filePath, r.messages.filter((m) => RELEVANT.has(m.ruleId)).map((m) => `${m.ruleId}: ${m.message}`).sort()]));

    ({ client } = await TestClient.start({ rootUri: project.uri('') }));
    const fromServer: Record<string, string[]> = {};
    for (const [path, text] of Object.entries(FILES)) {
      const uri = project.uri(path);
      await client.open(uri, text);
      const diagnostics = await client.diagnosticsFor(uri, 1);
      fromServer[path] = diagnostics.filter((d) => RELEVANT.has(String(d.code))).map((d) => `${d.code}: ${d.message}`).sort();
    }

    expect(fromServer).toEqual(fromCli);
    // What they agree on is the service's way, not a shared mistake.
    expect(fromCli['f/top.calc']).toEqual([
      'nested-calculation-depth: Calculation 3 itself nests calculation 1: the service allows one level of nesting only (ILLEGAL_DEPTH)',
      expect.stringMatching(/^unknown-column: .*Nope/),
    ]);
    expect(fromCli['f/mid.calc']).toEqual(["nested-calculation-depth: 'OTHER_BEAST_MODE' does not match the service's name; write SVC_BEAST_MODE(2)"]);
    expect(fromCli['f/two.calc']).toEqual([]);
  });

  it('the server re-lints when a watched file changes what the index answered, and only then', async () => {
    const project = salesNestingProject();
    ({ client } = await TestClient.start({ rootUri: project.uri('') }));
    const top = project.uri('f/top.calc');
    await client.open(top, FILES['f/top.calc']);
    const depth = (ds: { code?: unknown; message: string }[]) => ds.filter((d) => d.code === 'nested-calculation-depth').map((d) => d.message);
    expect(depth(await client.diagnosticsFor(top, 1))).toEqual([expect.stringContaining('Calculation 3 itself nests calculation 1:')]);
    const published = () => client!.published.get(top)!.length;

    // A file nothing was read from: the index had no answer from it, so nothing is re-linted. (f/one.calc is read: the
    // cycle rule follows 3's nesting of 1 to see whether it leads back to 10.)
    const before = published();
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: project.uri('f/two.calc'), type: 2 }, { uri: project.uri('notes/x.json'), type: 1 }] });
    const other = project.uri('f/two.calc');
    await client.open(other, '2');
    await client.diagnosticsFor(other, 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(published()).toBe(before);

    // The nested calculation's file: read again, and the open formula re-linted with its new answer.
    writeFileSync(project.path('f/mid.calc'), 'SVC_BEAST_MODE(1) + SVC_BEAST_MODE(2)');
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: project.uri('f/mid.calc'), type: 2 }] });
    await client.until(() => published() > before, 10_000, 're-lint');
    expect(depth(client.published.get(top)!.at(-1)!.diagnostics)).toEqual([expect.stringContaining('Calculation 3 itself nests calculation 1, calculation 2:')]);
  });
});
