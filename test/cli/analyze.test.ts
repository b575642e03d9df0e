// `calckit analyze` run as a process: JSON on stdout with the seed's field names, exit codes 0/1/2; the service name
// and the file's dataset schema come from calckit.json, as for push, and flags override them.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const CLI = join(import.meta.dirname, '../../packages/cli/dist/main.js');
const dir = mkdtempSync(join(tmpdir(), 'calckit-analyze-'));
/** Runs in `cwd` (a directory with no calckit.json above it by default) with no CALCKIT_* variables but those given. */
const run = (args: string[], input?: string, options: { cwd?: string; env?: Record<string, string> } = {}) => {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CALCKIT_')));
  return spawnSync(process.execPath, [CLI, ...args], { input, encoding: 'utf8', cwd: options.cwd ?? dir, env: { ...env, ...options.env } });
};

/** A project named ACME whose `formulas/margin.calc` is a calculation of the `sales` dataset (columns Revenue, Cost). */
function makeProject(): { root: string; formula: string } {
  const root = mkdtempSync(join(tmpdir(), 'calckit-analyze-project-'));
  mkdirSync(join(root, 'formulas'));
  mkdirSync(join(root, 'schemas'));
  writeFileSync(
    join(root, 'calckit.json'),
    JSON.stringify({
      service: { name: 'ACME', baseUrl: 'http://127.0.0.1:9' },
      datasets: { sales: { id: 'sales-orders', schema: 'schemas/sales.json' } },
      calculations: { 'formulas/margin.calc': { id: 101, dataset: 'sales' }, 'formulas/loose.calc': { id: 102 } },
    }),
  );
  writeFileSync(
    join(root, 'schemas/sales.json'),
    JSON.stringify([
      { name: 'Revenue', id: 'revenue', type: 'DECIMAL', visible: true, order: 0 },
      { name: 'Cost', id: 'cost', type: 'DECIMAL', visible: true, order: 1 },
    ]),
  );
  const formula = join(root, 'formulas/margin.calc');
  writeFileSync(formula, 'SUM(`Revenue`) - SUM(`Costs`)\n');
  return { root, formula };
}
const opNames = (stdout: string): string[] => (JSON.parse(stdout).functions as string[]).filter((f) => f.includes('_OP_'));

describe('calckit analyze', () => {
  it('prints the calculation fields for a file', () => {
    const file = join(dir, 'ratio.calc');
    writeFileSync(file, '\uFEFFCASE WHEN sum(`Orders`) = 0 THEN 0 ELSE sum(`Profit`) / sum(`Orders`) END\n');
    const r = run(['analyze', file]);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.expression).toBe('CASE WHEN sum(`Orders`) = 0 THEN 0 ELSE sum(`Profit`) / sum(`Orders`) END');
    expect(out).toMatchObject({ aggregated: true, analytic: false, dataType: 'DECIMAL', cacheWindow: 'non_dynamic', status: 'VALID' });
    expect(out.functions.sort()).toEqual(['SUM', 'SVC_OP_DIVIDE']);
    expect(out.columnPositions[0]).toEqual({ columnName: '`Orders`', columnPosition: 14 });
    expect(out.checkSum).toMatch(/^[0-9a-f]{40}$/);
  });

  it('reads standard input and honours --service-name', () => {
    const r = run(['analyze', '--service-name', 'ACME', '-'], 'DATEDIFF(ADDDATE(CURRENT_DATE(), -1), `d`) * 2 + 1 - 3 / 4');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.functions.filter((f: string) => f.includes('_OP_')).sort()).toEqual(['ACME_OP_ADD', 'ACME_OP_DIVIDE', 'ACME_OP_MULTIPLY', 'ACME_OP_SUBTRACT']);
    expect(out.cacheWindow).toBe('day');
  });

  it('uses a schema for types and unknown columns', () => {
    const schema = join(dir, 'schema.json');
    writeFileSync(schema, JSON.stringify([{ name: 'Qty', id: 'qty', type: 'LONG', visible: true, order: 0 }]));
    const r = run(['analyze', '--schema', schema, '-'], '`Qty` * 2 + LENGTH(`qty`)');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ dataType: 'LONG', status: 'INVALID' });
    expect(r.stderr).toContain('<stdin>:1:20: warning: Unknown column `qty` (unknown-column)');
  });

  it('exits 1 listing syntax errors', () => {
    const r = run(['analyze', '-'], 'CASE WHEN `a` > 1 THEN 1');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('<stdin>:1:25: error: CASE at 1:1 is missing END (missing-end)');
    expect(JSON.parse(r.stdout).status).toBe('INVALID');
  });

  it('exits 2 for unreadable input and bad options', () => {
    const missing = run(['analyze', join(dir, 'nope.calc')]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('no such file');
    const badName = run(['analyze', '--service-name', 'a b', '-'], '1');
    expect(badName.status).toBe(2);
    expect(badName.stderr).toContain('calckit analyze: service name "a b" (from flag) must be letters and digits, starting with a letter');
    const badSchema = join(dir, 'bad.json');
    writeFileSync(badSchema, '{not json');
    const r = run(['analyze', '--schema', badSchema, '-'], '1');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('bad.json');
    expect(run(['analyze']).status).toBe(2);
  });

  it('refuses input that is not UTF-8 (a file or standard input), naming the first bad byte, never U+FFFD', () => {
    // Before: exit 1 with `"expression": "SUM(\`Caf\uFFFD\`)"` and the checkSum of that mangled text.
    const latin1 = Buffer.from('SUM(`Caf\xe9`)\n', 'latin1');
    const file = join(dir, 'latin1.calc');
    writeFileSync(file, latin1);
    const fromFile = spawnSync(process.execPath, [CLI, 'analyze', file], { input: '', cwd: dir, encoding: 'utf8' });
    expect(fromFile.status).toBe(2);
    expect(fromFile.stdout).toBe('');
    expect(fromFile.stderr).toBe(`calckit analyze: ${file}: not UTF-8 text (invalid byte 0xE9 at byte offset 8, line 1, column 9); save it as UTF-8\n`);
    const fromStdin = spawnSync(process.execPath, [CLI, 'analyze', '-'], { input: latin1, cwd: dir, encoding: 'utf8' });
    expect(fromStdin.status).toBe(2);
    expect(fromStdin.stdout).toBe('');
    expect(fromStdin.stderr).toBe('calckit analyze: <stdin>: not UTF-8 text (invalid byte 0xE9 at byte offset 8, line 1, column 9); save it as UTF-8\n');
    // A byte-order mark is UTF-8: read, and left out of the expression.
    const bom = spawnSync(process.execPath, [CLI, 'analyze', '-'], { input: Buffer.from('\uFEFFSUM(`Café`)', 'utf8'), cwd: dir, encoding: 'utf8' });
    expect(bom.status).toBe(0);
    expect(JSON.parse(bom.stdout).expression).toBe('SUM(`Café`)');
  });

  it('takes the service name and the dataset schema of the file from the project, as push does', () => {
    const { root, formula } = makeProject();
    // From the project's root, from elsewhere (the project governing the file is found from the file), relative path.
    for (const [args, cwd] of [[['analyze', formula], dir], [['analyze', 'formulas/margin.calc'], root]] as const) {
      const r = run([...args], undefined, { cwd });
      expect(r.status).toBe(0);
      expect(opNames(r.stdout)).toEqual(['ACME_OP_SUBTRACT']);
      expect(JSON.parse(r.stdout)).toMatchObject({ status: 'INVALID', dataType: 'DECIMAL' });
      expect(r.stderr).toMatch(/margin\.calc:1:22: warning: Unknown column `Costs`.*\(unknown-column\)/);
    }
  });

  it('lets CALCKIT_SERVICE_NAME override the project, flags override both, and --schema replaces the dataset schema', () => {
    const { root, formula } = makeProject();
    expect(opNames(run(['analyze', formula], undefined, { env: { CALCKIT_SERVICE_NAME: 'ENVCO' } }).stdout)).toEqual(['ENVCO_OP_SUBTRACT']);
    expect(opNames(run(['analyze', '--service-name', 'FLAGCO', formula], undefined, { env: { CALCKIT_SERVICE_NAME: 'ENVCO' } }).stdout)).toEqual(['FLAGCO_OP_SUBTRACT']);
    const other = join(root, 'other.json');
    writeFileSync(other, JSON.stringify([{ name: 'Revenue', id: 'r', type: 'LONG', visible: true, order: 0 }, { name: 'Costs', id: 'c', type: 'LONG', visible: true, order: 1 }]));
    const r = run(['analyze', '--schema', other, formula]);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).status).toBe('VALID');
    expect(r.stderr).toBe('');
  });

  it('reads the project of the working directory for standard input (its service name; no dataset to take a schema from)', () => {
    const { root } = makeProject();
    const r = run(['analyze', '-'], '`a` + `b`', { cwd: join(root, 'formulas') });
    expect(opNames(r.stdout)).toEqual(['ACME_OP_ADD']);
    expect(JSON.parse(r.stdout).status).toBe('VALID');
  });

  it('uses --config for another project, and no schema for a calculation without a dataset', () => {
    const { root } = makeProject();
    const loose = join(root, 'formulas/loose.calc');
    writeFileSync(loose, '`Anything` * 2');
    const r = run(['analyze', loose]);
    expect(opNames(r.stdout)).toEqual(['ACME_OP_MULTIPLY']);
    expect(JSON.parse(r.stdout).status).toBe('VALID');
    const elsewhere = join(dir, 'elsewhere.calc');
    writeFileSync(elsewhere, '1 + 2');
    expect(opNames(run(['analyze', elsewhere]).stdout)).toEqual(['SVC_OP_ADD']);
    expect(opNames(run(['analyze', '--config', join(root, 'calckit.json'), elsewhere]).stdout)).toEqual(['ACME_OP_ADD']);
  });

  it('exits 2 when the project file or the dataset schema it names is broken', () => {
    const { root, formula } = makeProject();
    writeFileSync(join(root, 'schemas/sales.json'), '[{"name": 1}]');
    const badSchema = run(['analyze', formula]);
    expect(badSchema.status).toBe(2);
    expect(badSchema.stderr).toContain('sales.json');
    writeFileSync(join(root, 'calckit.json'), '{"service": {"name": "1x", "baseUrl": "http://127.0.0.1:9"}}');
    const badProject = run(['analyze', formula]);
    expect(badProject.status).toBe(2);
    expect(badProject.stderr).toContain('calckit.json');
  });

  it('still accepts --service, the deprecated alias, and says so in --help', () => {
    expect(opNames(run(['analyze', '--service', 'OLDCO', '-'], '1 + `a`').stdout)).toEqual(['OLDCO_OP_ADD']);
    const help = run(['analyze', '--help']).stdout;
    expect(help).toContain('--service-name <name>');
    expect(help).toMatch(/--service <name>\s+deprecated alias of --service-name/);
  });
});
