// Schemas come with the calculations, and their drift shows: `calckit import` writes and maps each dataset's column
// schema, `calckit schema pull` refreshes them without ever overwriting a file edited by hand silently, and
// `calckit schema diff` compares them with the service's, column by column. The CLI as a process (the bundle
// `npm run build` makes) against the emulator over loopback, in a project made in a temporary folder.
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCalckit, startHarness, type CliRun, type Harness } from './harness.js';


type Column = { name: string; id: string; type: string; visible: boolean; order: number };
const SALES: Column[] = [
  { name: 'Region', id: 'region', type: 'STRING', visible: true, order: 0 },
  { name: 'Sales', id: 'sales', type: 'DECIMAL', visible: true, order: 1 },
  { name: 'Quantity', id: 'qty', type: 'LONG', visible: false, order: 2 },
];
const OPS: Column[] = [
  { name: 'Site', id: 'site', type: 'STRING', visible: true, order: 0 },
  { name: 'Hours', id: 'hours', type: 'DOUBLE', visible: true, order: 1 },
];

let h: Harness;
let sandbox: string;
let project: string;

function calckit(args: string[], cwd = project): Promise<CliRun> {
  return runCalckit(args, { cwd, env: { HOME: sandbox, CALCKIT_CONFIG_DIR: join(sandbox, '.config'), CALCKIT_DEVELOPER_TOKEN: h.developerToken } });
}

const read = (path: string): string => readFileSync(join(project, path), 'utf8');
const fileText = (columns: Column[]): string => `${JSON.stringify(columns, null, 2)}\n`;
const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');
const setServiceSchema = (dataset: string, columns: Column[]): Promise<void> => h.client().setDatasetSchema(dataset, columns);

beforeAll(async () => {
  sandbox = mkdtempSync(join(tmpdir(), 'calckit-schemas-'));
  const fixtures = join(sandbox, 'fixtures.json');
  writeFileSync(
    fixtures,
    JSON.stringify({
      datasets: [
        { id: 'sales', name: 'Sales', columns: SALES },
        { id: 'ops', name: 'Operations', columns: OPS },
        { id: 'empty', name: 'No columns', columns: [] },
      ],
      calculations: [
        { id: 701, name: 'Total Sales', expression: 'SUM(`Sales`)', owner: 1, locked: false, datasetId: 'sales' },
        { id: 702, name: 'Units', expression: 'SUM(`Quantity`)', owner: 1, locked: false, datasetId: 'sales' },
        { id: 703, name: 'Busy Sites', expression: 'COUNT(DISTINCT `Site`)', owner: 1, locked: false, datasetId: 'ops' },
      ],
    }),
  );
  h = await startHarness({ fixtures });
  project = join(sandbox, 'analytics');
  const init = await calckit(['init', project, '--base-url', h.url], sandbox);
  expect(init.code, init.stderr).toBe(0);
}, 120_000);

afterAll(async () => {
  await h?.close();
  rmSync(sandbox, { recursive: true, force: true });
});

describe('calckit import writes the column schemas', () => {
  it('writes one schema file per dataset, in the documented format, and maps it in calckit.json', async () => {
    const run = await calckit(['import', '--dataset', 'sales', '--json']);
    expect(run.code, run.stderr + run.stdout).toBe(0);
    const result = JSON.parse(run.stdout) as { schemas: Array<{ dataset: string; outcome: string; file: string; columns: number }> };
    expect(result.schemas).toEqual([{ dataset: 'sales', datasetId: 'sales', file: 'schemas/sales.json', outcome: 'created', columns: 3, reason: null }]);
    // An array of { name, id, type, visible, order }, 2-space JSON, final newline: exactly the service's columns.
    expect(read('schemas/sales.json')).toBe(fileText(SALES));
    const config = JSON.parse(read('calckit.json')) as { datasets: Record<string, { id: string; schema?: string }> };
    expect(config.datasets).toEqual({ sales: { id: 'sales', schema: 'schemas/sales.json' } });
    // What was written is recorded for this service, per dataset: the SHA-256 of the file's text.
    const state = JSON.parse(read('.calckit/state.json')) as { services: Record<string, { schemas?: Record<string, { sha256: string; file: string }> }> };
    const [records] = Object.values(state.services);
    expect(records?.schemas?.['sales']).toMatchObject({ sha256: sha256(fileText(SALES)), file: 'schemas/sales.json' });
  });

  it('after the import, lint knows the columns: SUM(`Salez`) is an unknown column', async () => {
    const config = JSON.parse(read('calckit.json')) as { calculations: Record<string, { id: number }> };
    const file = Object.entries(config.calculations).find(([, c]) => c.id === 701)![0];
    const before = read(file);
    writeFileSync(join(project, file), 'SUM(`Salez`)\n');
    try {
      const lint = await calckit(['lint', file, '--format', 'json']);
      expect(lint.code, lint.stderr).toBe(1);
      const messages = (JSON.parse(lint.stdout) as Array<{ messages: Array<{ ruleId: string; message: string }> }>).flatMap((r) => r.messages);
      expect(messages.map((m) => m.ruleId)).toEqual(['unknown-column']);
      expect(messages[0]!.message).toContain('Salez');
    } finally {
      writeFileSync(join(project, file), before);
    }
  });

  it('a dataset whose service schema lists no columns gets no file (an empty schema would make every column unknown)', async () => {
    const before = read('calckit.json');
    const pull = await calckit(['schema', 'pull', '--json'], project);
    expect(pull.code).toBe(0);
    expect(read('calckit.json')).toBe(before);
    // Declared by hand, the empty dataset: pull says so and writes nothing for it.
    writeFileSync(join(project, 'calckit.json'), before.replace('"sales": {', '"empty": { "id": "empty" },\n    "sales": {'));
    const empty = await calckit(['schema', 'pull', 'empty', '--json']);
    expect(empty.code, empty.stdout).toBe(0);
    expect(JSON.parse(empty.stdout).entries).toMatchObject([{ dataset: 'empty', outcome: 'empty', columns: 0 }]);
    expect(existsSync(join(project, 'schemas/empty.json'))).toBe(false);
    const diff = await calckit(['schema', 'diff', 'empty']);
    expect(diff.code, diff.stdout).toBe(0);
    writeFileSync(join(project, 'calckit.json'), before);
  });
});

describe('calckit schema pull', () => {
  it('creates and maps the schema of a dataset that has none, keeping the rest of calckit.json byte for byte', async () => {
    // A hand-written project file: its own spacing and key order, a dataset declared without a schema.
    const before = read('calckit.json').replace('"sales": {', '"ops":   {"id": "ops"},\n    "sales": {');
    writeFileSync(join(project, 'calckit.json'), before);
    const run = await calckit(['schema', 'pull', 'ops']);
    expect(run.code, run.stderr + run.stdout).toBe(0);
    expect(run.stdout).toContain('1 created');
    expect(read('schemas/ops.json')).toBe(fileText(OPS));
    const after = read('calckit.json');
    const datasetsAt = before.indexOf('"datasets"');
    expect(after.slice(0, datasetsAt)).toBe(before.slice(0, datasetsAt));
    const rest = (text: string): string => text.slice(text.indexOf('}', text.indexOf('"sales": {')));
    expect(rest(after)).toBe(rest(before));
    expect(JSON.parse(after).datasets).toEqual({ ops: { id: 'ops', schema: 'schemas/ops.json' }, sales: { id: 'sales', schema: 'schemas/sales.json' } });
  });

  it('creates a mapped file that does not exist, says unchanged for one that holds the service schema', async () => {
    unlinkSync(join(project, 'schemas/ops.json'));
    const run = await calckit(['schema', 'pull', '--json']);
    expect(run.code, run.stdout).toBe(0);
    const result = JSON.parse(run.stdout) as { entries: Array<{ dataset: string; outcome: string }>; summary: Record<string, number> };
    expect(result.entries.map((e) => [e.dataset, e.outcome])).toEqual([
      ['ops', 'created'],
      ['sales', 'unchanged'],
    ]);
    expect(read('schemas/ops.json')).toBe(fileText(OPS));
  });

  it('updates a file unchanged since the last pull when the service schema moved', async () => {
    const moved = [...SALES, { name: 'Discount', id: 'discount', type: 'DECIMAL', visible: true, order: 3 }];
    await setServiceSchema('sales', moved);
    const run = await calckit(['schema', 'pull', 'sales']);
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toContain('1 updated');
    expect(read('schemas/sales.json')).toBe(fileText(moved));
  });

  it('refuses a file edited by hand, says how to see the difference and how to replace it; --force replaces it', async () => {
    const handEdited = read('schemas/sales.json').replace('"Discount"', '"Rebate"');
    writeFileSync(join(project, 'schemas/sales.json'), handEdited);
    await setServiceSchema('sales', SALES);
    const run = await calckit(['schema', 'pull', 'sales']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('skipped');
    expect(run.stdout).toContain('changed here since calckit last pulled it');
    expect(run.stdout).toContain('`calckit schema diff sales`');
    expect(run.stdout).toContain('`calckit schema pull sales --force`');
    expect(read('schemas/sales.json')).toBe(handEdited);
    const json = await calckit(['schema', 'pull', 'sales', '--json']);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ entries: [{ dataset: 'sales', outcome: 'skipped' }], summary: { skipped: 1 }, exitCode: 1 });
    expect(read('schemas/sales.json')).toBe(handEdited);
    const forced = await calckit(['schema', 'pull', 'sales', '--force']);
    expect(forced.code, forced.stdout).toBe(0);
    expect(read('schemas/sales.json')).toBe(fileText(SALES));
  });

  it('refuses a file calckit never wrote that differs from the service schema', async () => {
    const before = read('calckit.json');
    writeFileSync(join(project, 'calckit.json'), before.replace('"ops":', '"empty": { "id": "ops", "schema": "mine.json" },\n    "ops":'));
    writeFileSync(join(project, 'mine.json'), fileText(OPS.slice(0, 1)));
    const run = await calckit(['schema', 'pull', 'empty']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("differs from the service's schema and calckit did not write it");
    expect(read('mine.json')).toBe(fileText(OPS.slice(0, 1)));
    writeFileSync(join(project, 'calckit.json'), before);
    rmSync(join(project, 'mine.json'));
  });

  it("a type calckit does not know fails that dataset alone, naming dataset, column and type; a service's answer without ids or orders is filled in", async () => {
    // The emulator refuses unknown types, so a loopback server answers the read here, in the shape community tools
    // show: ids equal to names, every order 0 (or none).
    const answers: Record<string, unknown> = {
      weird: { name: 'schema', tables: [{ columns: [{ name: 'Region', type: 'STRING' }, { name: 'Amount', type: 'CURRENCY' }] }] },
      plain: { name: 'schema', tables: [{ columns: [{ name: 'B', type: 'LONG', order: 0 }, { name: 'A', type: 'STRING', order: 0 }] }], dataSourceId: 'plain' },
    };
    const server = http.createServer((req, res) => {
      const id = /^\/api\/query\/v1\/datasources\/([^/]+)\/schema\/indexed\?includeHidden=true$/.exec(req.url ?? '')?.[1];
      const body = id !== undefined ? answers[id] : undefined;
      res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body ?? { message: 'not found' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const before = read('calckit.json');
    try {
      writeFileSync(join(project, 'calckit.json'), before.replace('"ops":', '"odd": { "id": "weird" },\n    "flat": { "id": "plain" },\n    "ops":'));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const run = await calckit(['schema', 'pull', 'odd', 'flat', '--base-url', url]);
      expect(run.code, run.stderr).toBe(1);
      expect(run.stdout).toContain('schemas/odd.json (odd) failed: the service\'s schema of dataset odd (weird) cannot be used: column "Amount" has type "CURRENCY", which calckit does not know');
      expect(existsSync(join(project, 'schemas/odd.json'))).toBe(false);
      expect(run.stdout).toContain('1 created, 1 failed');
      expect(JSON.parse(read('schemas/flat.json'))).toEqual([
        { name: 'B', id: 'B', type: 'LONG', visible: true, order: 0 },
        { name: 'A', id: 'A', type: 'STRING', visible: true, order: 0 },
      ]);
      expect(JSON.parse(read('calckit.json')).datasets.flat).toEqual({ id: 'plain', schema: 'schemas/flat.json' });
      expect(JSON.parse(read('calckit.json')).datasets.odd).toEqual({ id: 'weird' });
    } finally {
      server.close();
      writeFileSync(join(project, 'calckit.json'), before);
      rmSync(join(project, 'schemas/flat.json'), { force: true });
    }
  });

  it('never writes through a schema file linked out of the project', async () => {
    const outside = join(sandbox, 'outside.json');
    writeFileSync(outside, 'precious\n');
    const before = read('calckit.json');
    writeFileSync(join(project, 'calckit.json'), before.replace('"ops":', '"linked": { "id": "ops", "schema": "linked.json" },\n    "ops":'));
    symlinkSync(outside, join(project, 'linked.json'));
    try {
      const run = await calckit(['schema', 'pull', 'linked', '--force']);
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(/linked\.json \(linked\) failed: .*outside the project/);
      expect(readFileSync(outside, 'utf8')).toBe('precious\n');
      const diff = await calckit(['schema', 'diff', 'linked']);
      expect(diff.code).toBe(2);
      expect(readFileSync(outside, 'utf8')).toBe('precious\n');
    } finally {
      writeFileSync(join(project, 'calckit.json'), before);
      rmSync(join(project, 'linked.json'));
    }
  });

  it('names an unknown dataset key with exit 2, writing nothing', async () => {
    const run = await calckit(['schema', 'pull', 'nope']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('no dataset "nope"');
  });
});

describe('calckit schema diff', () => {
  it('exits 0 when every schema file holds the service schema', async () => {
    const run = await calckit(['schema', 'diff']);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('sales (dataset sales) schemas/sales.json: same as the service');
  });

  it('reports a column renamed (its id kept) and another dropped in the service, as text and JSON, exit 1', async () => {
    await setServiceSchema('sales', [
      { ...SALES[0]!, name: 'Territory' },
      SALES[1]!,
    ]);
    const text = await calckit(['schema', 'diff', 'sales']);
    expect(text.code, text.stderr).toBe(1);
    expect(text.stdout).toBe(
      [
        'sales (dataset sales) schemas/sales.json: 2 changes in the service',
        '  renamed   `Region` → `Territory` (id region)',
        '  removed   `Quantity` (LONG, id qty): in the file, no longer in the service',
        `1 dataset: 1 differs (${h.url})`,
        "The service's schemas moved under the formulas: `calckit schema impact` lists the formulas that break; `calckit schema pull` takes the new schemas.",
        '',
      ].join('\n'),
    );
    const json = await calckit(['schema', 'diff', '--json']);
    expect(json.code).toBe(1);
    const result = JSON.parse(json.stdout) as { datasets: Array<{ dataset: string; status: string; changes: Array<{ kind: string; before?: Column; after?: Column }> }>; exitCode: number };
    expect(result.exitCode).toBe(1);
    expect(result.datasets.map((d) => [d.dataset, d.status])).toEqual([
      ['ops', 'same'],
      ['sales', 'differs'],
    ]);
    expect(result.datasets[1]!.changes).toEqual([
      { kind: 'renamed', before: SALES[0], after: { ...SALES[0], name: 'Territory' } },
      { kind: 'removed', before: SALES[2] },
    ]);
  });

  it('shows a removed and an added column of one type at one place as a likely rename, not as a rename', async () => {
    await setServiceSchema('ops', [OPS[0]!, { name: 'Hours Worked', id: 'hours_worked', type: 'DOUBLE', visible: true, order: 1 }]);
    const run = await calckit(['schema', 'diff', 'ops']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('  removed   `Hours`');
    expect(run.stdout).toContain('  added     `Hours Worked`');
    expect(run.stdout).toContain('hint: `Hours` removed and `Hours Worked` added at the same place with the same type: perhaps a rename under a new id');
    await setServiceSchema('ops', OPS);
  });

  it('a service that cannot be reached is one message and exit 2, for diff and pull, and nothing is written', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const before = { config: read('calckit.json'), sales: read('schemas/sales.json') };
    for (const command of ['diff', 'pull']) {
      const run = await calckit(['schema', command, '--base-url', url]);
      expect(run.code, command).toBe(2);
      expect(run.stderr).toContain(`cannot reach the service at ${url}`);
      expect(run.stderr.trim().split('\n')).toHaveLength(2); // the message and what to do
    }
    expect({ config: read('calckit.json'), sales: read('schemas/sales.json') }).toEqual(before);
  });

  it('reports a dataset mapped without a local file and one the service does not know; exit 2 on a bad local file', async () => {
    const before = read('calckit.json');
    unlinkSync(join(project, 'schemas/ops.json'));
    writeFileSync(join(project, 'calckit.json'), before.replace('"ops":', '"gone": { "id": "no-such-dataset" },\n    "ops":'));
    const run = await calckit(['schema', 'diff', 'ops', 'gone', '--json']);
    expect(run.code).toBe(1);
    expect((JSON.parse(run.stdout) as { datasets: Array<{ dataset: string; status: string }> }).datasets.map((d) => [d.dataset, d.status])).toEqual([
      ['ops', 'no-local-file'],
      ['gone', 'not-in-service'],
    ]);
    const text = await calckit(['schema', 'diff', 'ops', 'gone']);
    expect(text.stdout).toContain('schemas/ops.json does not exist; the service has 2 columns: `calckit schema pull ops` writes it');
    expect(text.stdout).toContain('the service knows no dataset no-such-dataset');
    writeFileSync(join(project, 'calckit.json'), before);
    writeFileSync(join(project, 'schemas/ops.json'), '[{ "name": "Site" ');
    const bad = await calckit(['schema', 'diff', 'ops']);
    expect(bad.code).toBe(2);
    expect(bad.stdout).toContain('schemas/ops.json');
    writeFileSync(join(project, 'schemas/ops.json'), fileText(OPS));
  });
});
