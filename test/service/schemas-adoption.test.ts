// A team adopts calckit and gets its dataset's schema from the service, with nothing typed by hand, then watches the
// service's schema move under its formulas. All as a new user meets it: a project made in a temporary folder outside
// the repository, the CLI as a process (the bundle `npm run build` makes), the language server over stdio, the emulator
// over loopback. `init` → `login` → `import`, then: lint catches a misspelt column, the editor completes the dataset's
// columns, `eval` types the rows by the schema; a column renamed (its id kept) and another dropped in the service are
// what `schema diff` reports, `schema impact` lists exactly the formulas that read them and those that nest one of
// those, and its `--fix` (with `schema pull`) makes lint clean again for the renamed column.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompletionItem, CompletionList } from 'vscode-languageserver-protocol';
import { TestClient } from '../language-server/client.js';
import { runCalckit, startHarness, type CliRun, type Harness } from './harness.js';

const DATASET = 'sales-orders';

const COLUMNS = [
  { name: 'Order ID', id: 'order_id', type: 'STRING', visible: true, order: 0 },
  { name: 'Region', id: 'region', type: 'STRING', visible: true, order: 1 },
  { name: 'Sales', id: 'sales', type: 'DECIMAL', visible: true, order: 2 },
  { name: 'Quantity', id: 'quantity', type: 'LONG', visible: true, order: 3 },
  { name: 'Customer Code', id: 'customer_code', type: 'STRING', visible: true, order: 4 },
];

/** The service's calculations: name → formula. 504 nests 501 and 502. */
const CALCULATIONS: ReadonlyArray<{ id: number; name: string; expression: string }> = [
  { id: 501, name: 'Total Sales', expression: 'SUM(`Sales`)' },
  { id: 502, name: 'Units', expression: 'SUM(`Quantity`)' },
  { id: 503, name: 'Region Label', expression: "CONCAT('Region: ', `Region`)" },
  { id: 504, name: 'Average Price', expression: 'SVC_BEAST_MODE(501) / NULLIF(SVC_BEAST_MODE(502), 0)' },
  { id: 505, name: 'Order Count', expression: 'COUNT(DISTINCT `Order ID`)' },
  { id: 506, name: 'West Sales', expression: "SUM(CASE WHEN `Region` = 'West' -- the west coast\n  THEN `Sales` ELSE 0 END)" },
  { id: 507, name: 'Customer Tag', expression: "CONCAT(`Customer Code`, '-')" },
];

let h: Harness;
let sandbox: string;
let project: string;

function calckit(args: string[], input?: string, cwd = project): Promise<CliRun> {
  return runCalckit(args, { cwd, env: { HOME: sandbox, CALCKIT_CONFIG_DIR: join(sandbox, '.config') }, ...(input !== undefined ? { input } : {}) });
}

/** The project file's calculations: calculation name → formula file (relative to the project). */
function filesByName(): Map<string, string> {
  const file = JSON.parse(readFileSync(join(project, 'calckit.json'), 'utf8')) as { calculations: Record<string, { id: number }> };
  const byId = new Map(Object.entries(file.calculations).map(([path, c]) => [c.id, path]));
  return new Map(CALCULATIONS.map((c) => [c.name, byId.get(c.id)!]));
}

beforeAll(async () => {
  sandbox = mkdtempSync(join(tmpdir(), 'calckit-adopt-schemas-'));
  const fixtures = join(sandbox, 'fixtures.json');
  writeFileSync(
    fixtures,
    JSON.stringify({
      datasets: [{ id: DATASET, name: 'Sales Orders', columns: COLUMNS }],
      calculations: CALCULATIONS.map((c) => ({ ...c, owner: 1, locked: false, datasetId: DATASET })),
    }),
  );
  h = await startHarness({ fixtures });
  project = join(sandbox, 'analytics');
  const init = await calckit(['init', project, '--base-url', h.url], undefined, sandbox);
  expect(init.code, init.stderr).toBe(0);
  const login = await calckit(['login'], `${h.developerToken}\n`);
  expect(login.code, login.stderr).toBe(0);
  const imported = await calckit(['import', '--dataset', DATASET]);
  expect(imported.code, imported.stderr + imported.stdout).toBe(0);
}, 120_000);

afterAll(async () => {
  await h?.close();
  rmSync(sandbox, { recursive: true, force: true });
});

describe('a team adopts calckit: the schema comes with the calculations', () => {
  it('import wrote the dataset schema the service holds and mapped it in calckit.json', () => {
    const file = JSON.parse(readFileSync(join(project, 'calckit.json'), 'utf8')) as { datasets: Record<string, { id: string; schema?: string }> };
    const entry = Object.values(file.datasets).find((d) => d.id === DATASET)!;
    expect(entry.schema).toBeDefined();
    const written = JSON.parse(readFileSync(join(project, entry.schema!), 'utf8')) as Array<{ name: string; id: string; type: string }>;
    expect(written.map((c) => [c.name, c.id, c.type])).toEqual(COLUMNS.map((c) => [c.name, c.id, c.type]));
  });

  it('lint catches a misspelt column in a formula the team edits', async () => {
    const file = filesByName().get('Total Sales')!;
    const before = readFileSync(join(project, file), 'utf8');
    writeFileSync(join(project, file), 'SUM(`Salez`)\n');
    try {
      const lint = await calckit(['lint', file, '--format', 'json']);
      expect(lint.code).toBe(1);
      const results = JSON.parse(lint.stdout) as Array<{ messages: Array<{ ruleId: string; message: string }> }>;
      const unknown = results.flatMap((r) => r.messages).filter((m) => m.ruleId === 'unknown-column');
      expect(unknown).toHaveLength(1);
      expect(unknown[0]!.message).toContain('Salez');
    } finally {
      writeFileSync(join(project, file), before);
    }
    const clean = await calckit(['lint']);
    expect(clean.code, clean.stdout).toBe(0);
  });

  it("the language server completes the dataset's column names", async () => {
    const file = join(project, filesByName().get('Total Sales')!);
    const uri = pathToFileURL(file).href;
    const { client } = await TestClient.start({ rootUri: pathToFileURL(project).href });
    try {
      const text = 'SUM(`Sa';
      await client.open(uri, text);
      const answer = (await client.connection.sendRequest('textDocument/completion', {
        textDocument: { uri },
        position: { line: 0, character: text.length },
      })) as CompletionList | CompletionItem[] | null;
      const items = Array.isArray(answer) ? answer : (answer?.items ?? []);
      const labels = items.map((i) => i.label);
      for (const column of COLUMNS) expect(labels).toContain(column.name);
    } finally {
      await client.stop();
    }
  });

  it('eval types the rows by the schema: a STRING column of digits keeps its leading zeros', async () => {
    writeFileSync(join(project, 'rows.csv'), 'Customer Code,Sales\n007,1.5\n010,2\n');
    const run = await calckit(['eval', filesByName().get('Customer Tag')!, '--data', 'rows.csv', '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect((JSON.parse(run.stdout) as Array<{ value: unknown }>).map((r) => r.value)).toEqual(['007-', '010-']);
    rmSync(join(project, 'rows.csv'));
  });
});

describe("the service's schema moves under the formulas", () => {
  beforeAll(async () => {
    // In the service: Region renamed to Territory (its id kept), Quantity dropped.
    const moved = COLUMNS.filter((c) => c.id !== 'quantity').map((c) => (c.id === 'region' ? { ...c, name: 'Territory' } : c));
    await h.client().setDatasetSchema(DATASET, moved);
  });

  it('schema diff reports the rename and the drop, and exits 1', async () => {
    const text = await calckit(['schema', 'diff']);
    expect(text.code, text.stderr).toBe(1);
    expect(text.stdout).toMatch(/Region.*Territory/);
    expect(text.stdout).toContain('Quantity');
    const json = await calckit(['schema', 'diff', '--json']);
    expect(json.code).toBe(1);
    const kinds = JSON.stringify(JSON.parse(json.stdout));
    expect(kinds).toContain('renamed');
    expect(kinds).toContain('removed');
  });

  it('schema impact lists exactly the formulas that read them and those that nest one of them', async () => {
    const run = await calckit(['schema', 'impact', '--format', 'json']);
    expect(run.code, run.stderr).toBe(1);
    const files = filesByName();
    const report = JSON.parse(run.stdout) as unknown;
    const text = JSON.stringify(report);
    for (const name of ['Units', 'Region Label', 'West Sales', 'Average Price']) expect(text).toContain(files.get(name)!);
    for (const name of ['Total Sales', 'Order Count', 'Customer Tag']) expect(text).not.toContain(files.get(name)!);
  });

  it("impact's --fix renames the column at its exact places; after schema pull, lint is clean for it", async () => {
    const files = filesByName();
    const west = join(project, files.get('West Sales')!);
    const before = readFileSync(west, 'utf8');
    const fix = await calckit(['schema', 'impact', '--fix']);
    expect(fix.code, fix.stderr).toBe(1); // the dropped column is still a problem
    expect(readFileSync(west, 'utf8')).toBe(before.replace('`Region`', '`Territory`'));
    const pull = await calckit(['schema', 'pull']);
    expect(pull.code, pull.stderr + pull.stdout).toBe(0);
    const lint = await calckit(['lint', '--format', 'json']);
    const results = JSON.parse(lint.stdout) as Array<{ filePath: string; messages: Array<{ ruleId: string; message: string }> }>;
    const problems = results.flatMap((r) => r.messages.map((m) => ({ file: r.filePath, ...m })));
    expect(problems.every((p) => p.message.includes('Quantity')), JSON.stringify(problems)).toBe(true);
    expect(problems.filter((p) => p.file.endsWith(files.get('Units')!))).toHaveLength(1);
  });
});
