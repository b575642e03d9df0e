// `calckit schema impact` and `calckit schema rename` as processes against the emulator: a column renamed (its id
// kept) and another dropped in the service through the seed's set-schema operation; the impact lists exactly the
// formulas that read them and those that nest one of those (file:line:col, rule) in text, JSON and SARIF (validated
// against the SARIF 2.1.0 schema); --fix and schema rename rewrite the column at its exact places, every other byte of
// each file kept (comments, spacing, CRLF, a byte-order mark), and lint is clean again for it. Run `npm run build` first.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, runCalckit, startHarness, type CliRun, type Harness } from './harness.js';


const column = (name: string, id: string, type: string, order: number) => ({ name, id, type, visible: true, order });
const ORDERS = [column('Region', 'region', 'STRING', 0), column('Sales', 'sales', 'DECIMAL', 1), column('Quantity', 'quantity', 'LONG', 2), column('Price', 'price', 'DECIMAL', 3)];
const STOCK = [column('Region', 'region', 'STRING', 0), column('Units', 'units', 'LONG', 1)];

/** The formula files, byte for byte: a BOM and CRLF, comments, odd spacing. */
const FILES: Record<string, { id: number; dataset: string; text: string }> = {
  'orders/west.calc': { id: 101, dataset: 'orders', text: "\uFEFF-- West only\r\nSUM(CASE WHEN `Region` = 'West'  THEN `Sales` END)\r\n" },
  'orders/units.calc': { id: 102, dataset: 'orders', text: 'SUM(`Quantity`)   -- units\n' },
  'orders/total.calc': { id: 103, dataset: 'orders', text: 'SUM(`Sales`)\n' },
  'orders/per-unit.calc': { id: 104, dataset: 'orders', text: 'SVC_BEAST_MODE(103) / SVC_BEAST_MODE(102)\n' },
  'orders/deep.calc': { id: 105, dataset: 'orders', text: '  SVC_BEAST_MODE(104) * 100\n' },
  'orders/both.calc': { id: 106, dataset: 'orders', text: 'COUNT(`Region`) +\n  COUNT(`Quantity`) -- two\n' },
  'orders/price.calc': { id: 107, dataset: 'orders', text: 'MAX(`Price`)\n' },
  'stock/region.calc': { id: 201, dataset: 'stock', text: 'COUNT(`Region`)\n' },
};

/** What the service's change (Region → Territory, Quantity dropped) breaks, exactly. */
const EXPECTED = [
  { file: 'orders/both.calc', line: 1, column: 7, rule: 'unknown-column' },
  { file: 'orders/both.calc', line: 2, column: 9, rule: 'unknown-column' },
  { file: 'orders/deep.calc', line: 1, column: 3, rule: 'nests-broken-calculation' },
  { file: 'orders/per-unit.calc', line: 1, column: 23, rule: 'nests-broken-calculation' },
  { file: 'orders/units.calc', line: 1, column: 5, rule: 'unknown-column' },
  { file: 'orders/west.calc', line: 2, column: 15, rule: 'unknown-column' },
];

let h: Harness;
let sandbox: string;
let template: string;

function calckit(cwd: string, args: string[]): Promise<CliRun> {
  return runCalckit(args, { cwd, env: { HOME: sandbox, CALCKIT_CONFIG_DIR: join(sandbox, '.config'), CALCKIT_DEVELOPER_TOKEN: h.developerToken } });
}

/** A fresh copy of the project. */
function project(): string {
  const dir = mkdtempSync(join(sandbox, 'project-'));
  cpSync(template, dir, { recursive: true });
  return dir;
}

const read = (dir: string, path: string): string => readFileSync(join(dir, path), 'utf8');
const findingsOf = (stdout: string) =>
  (JSON.parse(stdout) as { findings: Array<{ file: string; line: number; column: number; rule: string }> }).findings
    .map(({ file, line, column, rule }) => ({ file, line, column, rule }))
    .sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);

beforeAll(async () => {
  sandbox = mkdtempSync(join(tmpdir(), 'calckit-impact-'));
  const fixtures = join(sandbox, 'fixtures.json');
  writeFileSync(fixtures, JSON.stringify({ datasets: [{ id: 'orders', name: 'Orders', columns: ORDERS }, { id: 'stock', name: 'Stock', columns: STOCK }], calculations: [] }));
  h = await startHarness({ fixtures });
  template = join(sandbox, 'template');
  mkdirSync(join(template, 'orders'), { recursive: true });
  mkdirSync(join(template, 'stock'));
  mkdirSync(join(template, 'schemas'));
  writeFileSync(
    join(template, 'calckit.json'),
    JSON.stringify(
      {
        service: { baseUrl: h.url },
        datasets: { orders: { id: 'orders', schema: 'schemas/orders.json' }, stock: { id: 'stock', schema: 'schemas/stock.json' } },
        calculations: Object.fromEntries(Object.entries(FILES).map(([path, f]) => [path, { id: f.id, dataset: f.dataset }])),
        // The service allows one level of nesting; deep.calc nests two so that the impact is seen to follow the chain.
        lint: { rules: { 'nested-calculation-depth': 'off' } },
      },
      null,
      2,
    ),
  );
  // A schema file laid out by hand (one column per line, CRLF): the rename changes only the name's value.
  writeFileSync(join(template, 'schemas/orders.json'), `[\r\n${ORDERS.map((c) => `  ${JSON.stringify(c)}`).join(',\r\n')}\r\n]\r\n`);
  writeFileSync(join(template, 'schemas/stock.json'), JSON.stringify(STOCK, null, 2));
  for (const [path, f] of Object.entries(FILES)) writeFileSync(join(template, path), f.text);
  // The project is lint-clean of errors before the change.
  const lint = await calckit(template, ['lint', '--format', 'json']);
  const errors = (JSON.parse(lint.stdout) as Array<{ messages: Array<{ severity: number; message: string }> }>).flatMap((r) => r.messages).filter((m) => m.severity === 2);
  expect(errors, lint.stdout).toEqual([]);
  // In the service: Region renamed to Territory (its id kept), Quantity dropped.
  await h.client().setDatasetSchema('orders', ORDERS.filter((c) => c.id !== 'quantity').map((c) => (c.id === 'region' ? { ...c, name: 'Territory' } : c)));
}, 60_000);

afterAll(async () => {
  await h?.close();
  rmSync(sandbox, { recursive: true, force: true });
});

describe('calckit schema impact against the service', () => {
  it('json: exactly the formulas reading the renamed or dropped column and those nesting one, with file:line:col and rule', async () => {
    const dir = project();
    const run = await calckit(dir, ['schema', 'impact', '--format', 'json']);
    expect(run.code, run.stderr).toBe(1);
    expect(findingsOf(run.stdout)).toEqual(EXPECTED);
    const document = JSON.parse(run.stdout) as { datasets: Array<{ dataset: string; changes: Array<{ kind: string }> }>; findings: Array<{ file: string; message: string }> };
    expect(document.datasets.find((d) => d.dataset === 'orders')!.changes.map((c) => c.kind)).toEqual(['renamed', 'removed']);
    expect(document.datasets.find((d) => d.dataset === 'stock')!.changes).toEqual([]);
    expect(document.findings.find((f) => f.file === 'orders/west.calc')!.message).toMatch(/Unknown column `Region`.*renamed to `Territory`/);
    expect(document.findings.find((f) => f.file === 'orders/deep.calc')!.message).toBe('Nests calculation 104 (orders/per-unit.calc), which the schema change breaks');
    // Nothing was written.
    for (const [path, f] of Object.entries(FILES)) expect(read(dir, path)).toBe(f.text);
  });

  it('text: the changes, then each finding as lint prints it', async () => {
    const run = await calckit(project(), ['schema', 'impact']);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toContain('dataset orders: renamed `Region` → `Territory` (id region), removed `Quantity`');
    expect(run.stdout).toContain('dataset stock: no change');
    expect(run.stdout).toMatch(/orders\/west\.calc\n {2}2:15 {2}error {2}Unknown column `Region`.*unknown-column/);
    expect(run.stdout).toMatch(/orders\/deep\.calc\n {2}1:3 {2}error {2}Nests calculation 104 .*nests-broken-calculation/);
    expect(run.stdout).not.toContain('total.calc');
    expect(run.stdout).not.toContain('stock/region.calc');
    expect(run.stdout).toContain('6 problems (6 errors, 0 warnings)');
  });

  it('sarif: valid SARIF 2.1.0, the same findings, the impact rules described', async () => {
    const run = await calckit(project(), ['schema', 'impact', '--format', 'sarif']);
    expect(run.code, run.stderr).toBe(1);
    const log = JSON.parse(run.stdout);
    const schema = JSON.parse(readFileSync(join(REPO_ROOT, 'test/lint/sarif-schema-2.1.0.json'), 'utf8'));
    const ajv = new Ajv.default({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const validate = ajv.compile(schema);
    expect(validate(log), JSON.stringify(validate.errors, null, 2)).toBe(true);
    const results = log.runs[0].results as Array<{ ruleId: string; locations: Array<{ physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number; startColumn: number } } }> }>;
    const found = results
      .map((r) => ({ file: r.locations[0]!.physicalLocation.artifactLocation.uri, line: r.locations[0]!.physicalLocation.region.startLine, column: r.locations[0]!.physicalLocation.region.startColumn, rule: r.ruleId }))
      .sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
    expect(found).toEqual(EXPECTED);
    const rules = (log.runs[0].tool.driver.rules as Array<{ id: string }>).map((r) => r.id);
    expect(rules).toContain('nests-broken-calculation');
    expect(rules).toContain('result-type-changed');
  });

  it('a proposed schema file: a type change that changes the result type is result-type-changed', async () => {
    const dir = project();
    writeFileSync(join(dir, 'proposed.json'), JSON.stringify(ORDERS.map((c) => (c.id === 'price' ? { ...c, type: 'LONG' } : c))));
    const run = await calckit(dir, ['schema', 'impact', 'orders', '--schema', 'proposed.json', '--format', 'json']);
    expect(run.code, run.stderr).toBe(1);
    expect(findingsOf(run.stdout)).toEqual([{ file: 'orders/price.calc', line: 1, column: 5, rule: 'result-type-changed' }]);
    expect(run.stdout).toContain('The result type changes from DECIMAL to LONG');
    // The same schema as the local one: nothing breaks, exit 0.
    writeFileSync(join(dir, 'same.json'), JSON.stringify(ORDERS));
    const same = await calckit(dir, ['schema', 'impact', 'orders', '--schema', 'same.json']);
    expect(same.code, same.stderr).toBe(0);
    expect(same.stdout).toContain('no formula breaks or changes meaning');
  });

  it('--fix renames the column at its exact places (every other byte kept) and reports what is left', async () => {
    const dir = project();
    const schemaBefore = read(dir, 'schemas/orders.json');
    const run = await calckit(dir, ['schema', 'impact', '--fix', '--format', 'json']);
    expect(run.code, run.stderr).toBe(1); // the dropped column is still a problem
    expect(findingsOf(run.stdout)).toEqual(EXPECTED.filter((f) => !(f.file === 'orders/west.calc' || (f.file === 'orders/both.calc' && f.line === 1))));
    for (const [path, f] of Object.entries(FILES)) {
      const expected = f.dataset === 'orders' ? f.text.replaceAll('`Region`', '`Territory`') : f.text;
      expect(read(dir, path), path).toBe(expected);
    }
    expect(read(dir, 'orders/west.calc').startsWith('\uFEFF-- West only\r\n')).toBe(true);
    // Against the service, the schema file is left to `schema pull`.
    expect(read(dir, 'schemas/orders.json')).toBe(schemaBefore);
    // With the service's schema in place, lint reports the dropped column only.
    writeFileSync(join(dir, 'schemas/orders.json'), JSON.stringify(ORDERS.filter((c) => c.id !== 'quantity').map((c) => (c.id === 'region' ? { ...c, name: 'Territory' } : c))));
    const lint = await calckit(dir, ['lint', '--format', 'json']);
    const problems = (JSON.parse(lint.stdout) as Array<{ filePath: string; messages: Array<{ severity: number; message: string }> }>).flatMap((r) => r.messages.filter((m) => m.severity === 2).map((m) => `${r.filePath}: ${m.message}`));
    expect(problems.length, problems.join('\n')).toBe(2);
    for (const p of problems) expect(p).toMatch(/Quantity/);
  });
});

describe('calckit schema impact: errors and a proposal fixed', () => {
  it('a dataset the service does not know: exit 2 naming the failed read, not exit 1', async () => {
    const dir = project();
    const file = JSON.parse(read(dir, 'calckit.json'));
    file.datasets.stock.id = 'no-such-dataset';
    writeFileSync(join(dir, 'calckit.json'), JSON.stringify(file));
    const run = await calckit(dir, ['schema', 'impact', 'stock']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/readDatasetSchema failed/);
  });

  it('--fix with --schema renames the proposal\'s column in the formulas and in the local schema file', async () => {
    const dir = project();
    writeFileSync(join(dir, 'proposed.json'), JSON.stringify(ORDERS.map((c) => (c.id === 'region' ? { ...c, name: 'Area' } : c))));
    const run = await calckit(dir, ['schema', 'impact', 'orders', '--schema', 'proposed.json', '--fix']);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('fixed: renamed `Region` → `Area` in dataset orders: 2 references in orders/west.calc (1), orders/both.calc (1), and in schemas/orders.json');
    expect(run.stdout).toContain('no formula breaks or changes meaning');
    expect(read(dir, 'orders/west.calc')).toBe(FILES['orders/west.calc']!.text.replace('`Region`', '`Area`'));
    expect(JSON.parse(read(dir, 'schemas/orders.json'))[0]).toEqual({ ...ORDERS[0], name: 'Area' });
    const lint = await calckit(dir, ['lint', '--format', 'json']);
    expect((JSON.parse(lint.stdout) as Array<{ messages: Array<{ severity: number }> }>).flatMap((r) => r.messages).filter((m) => m.severity === 2)).toEqual([]);
  });
});

describe('calckit schema rename', () => {
  it('--dry-run shows the edits and writes nothing', async () => {
    const dir = project();
    const run = await calckit(dir, ['schema', 'rename', 'orders', 'Region', 'Territory', '--dry-run']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('would rename column "Region" to "Territory" in dataset orders: 2 references in 2 files');
    expect(run.stdout).toContain('orders/west.calc:2:15  `Region` → `Territory`');
    expect(run.stdout).toContain('orders/both.calc:1:7  `Region` → `Territory`');
    expect(run.stdout).not.toContain('stock/');
    for (const [path, f] of Object.entries(FILES)) expect(read(dir, path)).toBe(f.text);
  });

  it("renames in every formula of the dataset and in its schema file, bytes kept; lint stays clean and the service's rename is no longer a change", async () => {
    const dir = project();
    const schemaBefore = read(dir, 'schemas/orders.json');
    const run = await calckit(dir, ['schema', 'rename', 'orders', 'Region', 'Territory']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('renamed column "Region" to "Territory" in dataset orders: 2 references in 2 files');
    expect(run.stdout).toContain('schemas/orders.json: column name "Region" → "Territory" (id kept)');
    for (const [path, f] of Object.entries(FILES)) expect(read(dir, path), path).toBe(f.dataset === 'orders' ? f.text.replaceAll('`Region`', '`Territory`') : f.text);
    expect(read(dir, 'schemas/orders.json')).toBe(schemaBefore.replace('"name":"Region"', '"name":"Territory"'));
    const lint = await calckit(dir, ['lint', '--format', 'json']);
    expect((JSON.parse(lint.stdout) as Array<{ messages: Array<{ severity: number }> }>).flatMap((r) => r.messages).filter((m) => m.severity === 2)).toEqual([]);
    const impact = await calckit(dir, ['schema', 'impact', 'orders', '--format', 'json']);
    const left = JSON.parse(impact.stdout) as { datasets: Array<{ changes: Array<{ kind: string }> }> };
    expect(left.datasets[0]!.changes.map((c) => c.kind)).toEqual(['removed']);
  });

  it('a formula file or the schema file linked out of the project: refused (exit 2), nothing written anywhere', async () => {
    const outside = mkdtempSync(join(sandbox, 'outside-'));
    const secret = 'COUNT(`Region`) -- SECRET-do-not-leak\n';
    writeFileSync(join(outside, 'victim.calc'), secret);
    writeFileSync(join(outside, 'columns.json'), JSON.stringify(ORDERS));
    for (const [linked, target] of [
      ['orders/units.calc', join(outside, 'victim.calc')],
      ['schemas/orders.json', join(outside, 'columns.json')],
    ] as const) {
      const dir = project();
      rmSync(join(dir, linked));
      symlinkSync(target, join(dir, linked));
      const run = await calckit(dir, ['schema', 'rename', 'orders', 'Region', 'Territory']);
      expect(run.code, linked).toBe(2);
      expect(run.stderr).toContain(`leads outside the project, to ${target}`);
      expect(run.stdout + run.stderr).not.toContain('SECRET-do-not-leak');
      for (const [path, f] of Object.entries(FILES)) if (path !== linked) expect(read(dir, path)).toBe(f.text);
    }
    expect(readFileSync(join(outside, 'victim.calc'), 'utf8')).toBe(secret);
    expect(JSON.parse(readFileSync(join(outside, 'columns.json'), 'utf8'))).toEqual(ORDERS);
  });

  it('refuses a name the schema does not have (exactly), a new name it has, an unknown dataset: exit 2, nothing written', async () => {
    const dir = project();
    const cases: Array<[string[], RegExp]> = [
      [['orders', 'region', 'Territory'], /dataset "orders" has no column "region"; it has "Region" \(column names are compared exactly/],
      [['orders', 'Region ', 'Territory'], /has no column "Region "/],
      [['orders', 'Region', 'Sales'], /dataset "orders" already has a column "Sales"/],
      [['orders', 'Region', ' '], /A column name cannot be empty/],
      [['nope', 'Region', 'Territory'], /no dataset "nope"/],
    ];
    for (const [args, message] of cases) {
      const run = await calckit(dir, ['schema', 'rename', ...args]);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toMatch(/^calckit schema rename: /);
      expect(run.stderr).toMatch(message);
    }
    for (const [path, f] of Object.entries(FILES)) expect(read(dir, path)).toBe(f.text);
  });
});
