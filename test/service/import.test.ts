// `calckit init`, `import`, `status` and `diff` as processes against the emulator seeded with 200 calculations over
// two datasets with hard names, in a temporary directory outside the repository (run `npm run build` first). Flag
// checks that need no process run the command functions in this process.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import http from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, startHarness, type Harness } from './harness.js';
import { writeImportFixtures, type ImportFixtures } from './import-fixtures.js';

// The bundle users run (`npm run build` makes it): it starts several times faster than dist/main.js.
const MAIN = join(REPO_ROOT, 'packages/cli/dist/calckit.js');

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

let h: Harness;
let fx: ImportFixtures;
let sandbox: string; // holds the project and nothing else: anything written beside the project is a failure
let project: string;

beforeAll(async () => {
  sandbox = mkdtempSync(join(tmpdir(), 'calckit-import-'));
  const fixturesDir = mkdtempSync(join(tmpdir(), 'calckit-import-fixtures-'));
  fx = writeImportFixtures(fixturesDir);
  h = await startHarness({ fixtures: fx.path });
  project = join(sandbox, 'analytics');
  mkdirSync(project);
});
afterAll(async () => {
  await h?.close();
  rmSync(sandbox, { recursive: true, force: true });
});

function calckit(args: string[], options: { cwd?: string; env?: Record<string, string | undefined> } = {}): Promise<Run> {
  const base: Record<string, string | undefined> = {
    PATH: process.env['PATH'],
    HOME: sandbox,
    CALCKIT_CONFIG_DIR: join(sandbox, '.config-never-written'),
    CALCKIT_DEVELOPER_TOKEN: h.developerToken,
    NO_COLOR: '1',
  };
  const env = Object.fromEntries(Object.entries({ ...base, ...options.env }).filter(([, v]) => v !== undefined)) as Record<string, string>;
  return new Promise((resolve) => {
    execFile(process.execPath, [MAIN, ...args], { cwd: options.cwd ?? project, env, timeout: 120_000, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

/** Every file under `dir` (relative, `/`-separated), folders left out. */
function filesUnder(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as Array<{ name: string; parentPath: string; isFile(): boolean; isSymbolicLink(): boolean }>)
    .filter((d) => d.isFile() || d.isSymbolicLink())
    .map((d) => relative(dir, join(d.parentPath, d.name)).split(sep).join('/'))
    .sort();
}

const sha1 = (text: string): string => createHash('sha1').update(text, 'utf8').digest('hex');
const projectFile = (): { calculations: Record<string, { id: number; dataset?: string; name?: string }>; datasets: Record<string, { id: string }> } =>
  JSON.parse(readFileSync(join(project, 'calckit.json'), 'utf8'));

describe('calckit init', () => {
  it('refuses bad flags with exit 2 and writes nothing', async () => {
    const { runInit } = await import('../../packages/cli/src/commands/init.js');
    const { CliExit } = await import('../../packages/cli/src/exit.js');
    const empty = mkdtempSync(join(tmpdir(), 'calckit-init-bad-'));
    for (const args of [
      { baseUrl: 'not a url' },
      { baseUrl: 'http://example.com' }, // plain http to a remote host: tokens in clear text
      { baseUrl: 'https://user:secret@example.com' },
      { baseUrl: 'https://a.example.com?x=1' },
      { baseUrl: 'ftp://a.example.com' },
      { baseUrl: 'https://a.example.com', instance: 'acme', domain: 'example.com' },
      { instance: 'acme' },
      { instance: 'ac me', domain: 'example.com' },
      { serviceName: '1abc', baseUrl: 'https://a.example.com' },
      { serviceName: 'ACME' },
      { dir: '../outside' },
      { dir: '.' },
    ]) {
      let error: unknown;
      try {
        runInit(undefined, args, empty);
      } catch (e) {
        error = e;
      }
      expect(error, JSON.stringify(args)).toBeInstanceOf(CliExit);
      expect((error as InstanceType<typeof CliExit>).code).toBe(2);
      expect((error as Error).message).toMatch(/^calckit init: /);
      expect(readdirSync(empty), JSON.stringify(args)).toEqual([]);
    }
    const run = await calckit(['init', '--base-url', 'not a url'], { cwd: empty });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^calckit init: base URL "not a url" is not an absolute URL/);
    expect(readdirSync(empty)).toEqual([]);
    rmSync(empty, { recursive: true, force: true });
  });

  it('writes calckit.json, the formulas folder and .gitignore lines, then refuses to run again', async () => {
    writeFileSync(join(project, '.gitignore'), 'node_modules/\n/.calckit/cache/');
    const run = await calckit(['init', '--base-url', h.url, '--service-name', 'SVC']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Next steps:/);
    expect(run.stdout).toMatch(/calckit import --dataset <dataset-id>/);
    const file = JSON.parse(readFileSync(join(project, 'calckit.json'), 'utf8'));
    expect(file).toEqual({
      $schema: './node_modules/@calckit/project/schema/calckit.schema.json',
      service: { name: 'SVC', baseUrl: h.url },
      datasets: {},
      calculations: {},
      lint: { rules: {} },
      state: '.calckit/state.json',
    });
    expect(existsSync(join(project, 'formulas/.gitkeep'))).toBe(true);
    const gitignore = readFileSync(join(project, '.gitignore'), 'utf8');
    expect(gitignore.startsWith('node_modules/\n/.calckit/cache/\n')).toBe(true); // missing newline added, line not repeated
    expect(gitignore.match(/\.calckit\/cache\//g)).toHaveLength(1);
    expect(gitignore).toMatch(/^\/\.calckit\/\*\.lock$/m);
    expect(gitignore).not.toMatch(/state\.json$/m);

    const before = readFileSync(join(project, 'calckit.json'), 'utf8');
    const again = await calckit(['init', '--base-url', 'https://other.example.com']);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/already exists; nothing was written/);
    expect(readFileSync(join(project, 'calckit.json'), 'utf8')).toBe(before);
    expect(readFileSync(join(project, '.gitignore'), 'utf8')).toBe(gitignore);
  });

  it('--json describes what was made; instance + domain form the address', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'calckit-init-json-'));
    const run = await calckit(['init', 'sub', '--instance', 'acme', '--domain', 'example.com', '--dir', 'calcs', '--json'], { cwd: dir });
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.service).toEqual({ name: 'SVC', instance: 'acme', domain: 'example.com' });
    expect(result.formulasDir).toBe('calcs');
    expect(result.nextSteps.join('\n')).toMatch(/--dir calcs/);
    expect(filesUnder(dir)).toEqual(['sub/.gitignore', 'sub/calckit.json', 'sub/calcs/.gitkeep']);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('calckit import, status, diff', () => {
  const pathOf = (id: number): string => Object.entries(projectFile().calculations).find(([, c]) => c.id === id)?.[0] ?? '';
  const expressionOf = (id: number): string => fx.calculations.find((c) => c.id === id)!.expression;

  it('import --dataset writes one file per calculation of the dataset, inside the project only', async () => {
    const run = await calckit(['import', '--dataset', 'sales', '--json']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    const sales = fx.formulasOf('sales');
    expect(sales).toHaveLength(117);
    expect(result.summary).toMatchObject({ written: 117, updated: 0, skipped: 0, refused: 0, failed: 0 });
    expect(result.datasets).toEqual([{ key: 'sales', id: 'sales', listed: 117 }]);
    // Nothing beside the project; inside it only the project file, .gitignore, formulas and the state.
    expect(readdirSync(sandbox)).toEqual(['analytics']);
    const files = filesUnder(project);
    const formulas = files.filter((f) => f.startsWith('formulas/') && f.endsWith('.calc'));
    expect(formulas).toHaveLength(117);
    expect(files.filter((f) => !formulas.includes(f))).toEqual(['.calckit/state.json', '.gitignore', 'calckit.json', 'formulas/.gitkeep']);
    // Names: one folder level, unique case-insensitively, NFC, safe on Windows, readable.
    const names = formulas.map((f) => f.slice('formulas/'.length));
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
    for (const name of names) {
      expect(name).toBe(name.normalize('NFC'));
      expect(name).not.toMatch(/[<>:"|?*\\/\u0000-\u001f\u202e]/);
      expect(name).not.toMatch(/^[.\- ]/);
      expect(name.split('.')[0]).not.toMatch(/^(con|prn|aux|nul|com\d|lpt\d)$/i);
      expect(Buffer.byteLength(name)).toBeLessThanOrEqual(125);
    }
    expect(pathOf(1001)).toBe('formulas/Revenue - Cost.calc');
    expect(pathOf(1002)).toBe('formulas/etc-passwd.calc');
    expect(pathOf(1003)).toBe('formulas/calculation-1003.calc');
    expect(pathOf(1006)).toBe('formulas/Margin.calc');
    expect(pathOf(1007)).toBe('formulas/Margin-1007.calc');
    expect(pathOf(1008)).toBe('formulas/margin-1008.calc');
    expect(pathOf(1010)).toBe('formulas/Café crème.calc');
    expect(pathOf(1011)).toBe('formulas/Café crème-1011.calc');
    expect(pathOf(1012)).toBe('formulas/CON_.calc');
    expect(pathOf(1013)).toBe('formulas/nul_.old.calc');
    expect(pathOf(1022)).toBe('formulas/evil.txt.calc');
    expect(pathOf(1118)).toBe(''); // a variable: not imported
    // Contents: the expression and one newline; entries name the dataset and the calculation.
    for (const c of sales) {
      const path = pathOf(c.id);
      expect(readFileSync(join(project, path), 'utf8')).toBe(`${c.expression}\n`);
      expect(projectFile().calculations[path]).toEqual({ id: c.id, dataset: 'sales', name: c.name });
    }
    expect(projectFile().datasets).toEqual({ sales: { id: 'sales' } });
    // Push records for this service's origin: the checkSum of each expression.
    const state = JSON.parse(readFileSync(join(project, '.calckit/state.json'), 'utf8'));
    const records = state.services[new URL(h.url).origin].calculations;
    expect(Object.keys(records)).toHaveLength(117);
    expect(records['1001']).toMatchObject({ checkSum: sha1(expressionOf(1001)), file: 'formulas/Revenue - Cost.calc' });
  });

  it('status says in sync right after, and diff exits 0', async () => {
    const status = await calckit(['status', '--json']);
    expect(status.code).toBe(0);
    const entries = JSON.parse(status.stdout).entries;
    expect(entries).toHaveLength(117);
    expect(entries.every((e: { state: string }) => e.state === 'in-sync')).toBe(true);
    const diff = await calckit(['diff']);
    expect(diff.code).toBe(0);
    expect(diff.stdout).toMatch(/^0 different, 117 equal/m);
  });

  it('lint runs on the imported files', async () => {
    const lint = await calckit(['lint', '--format', 'json']);
    expect([0, 1]).toContain(lint.code);
    expect(JSON.parse(lint.stdout)).toHaveLength(117);
  });

  it('an edit shows in diff (exit 1) with the verdict; --json has the patch', async () => {
    const edited = join(project, pathOf(1006));
    writeFileSync(edited, 'SUM(`Sales`) * 2\n');
    const diff = await calckit(['diff']);
    expect(diff.code).toBe(1);
    expect(diff.stdout).toContain('formulas/Margin.calc #1006: local changes');
    expect(diff.stdout).toContain('--- formulas/Margin.calc\tservice #1006');
    expect(diff.stdout).toContain('+++ formulas/Margin.calc\tlocal');
    expect(diff.stdout).toContain(`-${expressionOf(1006).split('\n')[0]}`);
    expect(diff.stdout).toContain('+SUM(`Sales`) * 2');
    expect(diff.stdout).not.toMatch(/\u001b\[/); // no colour off a terminal
    expect(diff.stdout).toMatch(/^1 different, 116 equal/m);
    const one = await calckit(['diff', pathOf(1006), '--json']);
    expect(one.code).toBe(1);
    const [entry] = JSON.parse(one.stdout).entries;
    expect(entry).toMatchObject({ id: 1006, state: 'local-changes', equal: false });
    expect(entry.diff).toMatch(/^@@ -1,2 \+1,1 @@\n--- metric 5\n-SUM/m);
    const coloured = await calckit(['diff', pathOf(1006), '--color']);
    expect(coloured.stdout).toMatch(/\u001b\[31m--- metric 5\u001b\[0m/); // a removed comment line, not a header
    const equal = await calckit(['diff', pathOf(1001)]);
    expect(equal.code).toBe(0);
    const unmapped = await calckit(['diff', 'formulas/.gitkeep']);
    expect(unmapped.code).toBe(2);
  });

  it('import again skips the local edit and takes a remote change to another calculation', async () => {
    const client = h.client();
    await client.unlock(1001);
    await client.updateFormula(1001, 'SUM(`Sales`) / 1000');
    await client.unlock(1006);
    await client.updateFormula(1006, 'SUM(`Sales`) * 3'); // also changed in the service: diverged, still skipped
    const run = await calckit(['import', '--dataset', 'sales']);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/\[\d+\/117\] formulas\/Revenue - Cost\.calc #1001: updated/);
    expect(run.stdout).toMatch(/Not written:\n {2}formulas\/Margin\.calc #1006 skipped: changed here and in the service/);
    expect(run.stdout).toMatch(/1 updated, 115 unchanged, 1 skipped/);
    expect(readFileSync(join(project, pathOf(1001)), 'utf8')).toBe('SUM(`Sales`) / 1000\n');
    expect(readFileSync(join(project, pathOf(1006)), 'utf8')).toBe('SUM(`Sales`) * 2\n');
    const status = JSON.parse((await calckit(['status', '--json'])).stdout).entries as Array<{ id: number; state: string }>;
    expect(status.find((e) => e.id === 1001)?.state).toBe('in-sync');
    expect(status.find((e) => e.id === 1006)?.state).toBe('diverged');
    expect(status.filter((e) => e.state === 'in-sync')).toHaveLength(116);
  });

  it('after the import, an edit pushes, and a calculation changed in the service meanwhile is a conflict, not an overwrite', async () => {
    const conflict = await calckit(['push', pathOf(1006), '--json']);
    expect(conflict.code).toBe(1);
    expect(JSON.parse(conflict.stdout).results[0]).toMatchObject({ id: 1006, outcome: 'conflict' });
    expect((await h.client().readCalculation(1006)).expression).toBe('SUM(`Sales`) * 3');
    writeFileSync(join(project, pathOf(1001)), 'SUM(`Sales`) / 2\n');
    const pushed = await calckit(['push', pathOf(1001), '--json']);
    expect(pushed.code).toBe(0);
    expect(JSON.parse(pushed.stdout).results[0]).toMatchObject({ id: 1001, outcome: 'updated' });
    expect((await h.client().readCalculation(1001)).expression).toBe('SUM(`Sales`) / 2');
  });

  it('a second dataset adds its files, a new dataset key and suffixes for names already taken', async () => {
    const before = readFileSync(join(project, 'calckit.json'), 'utf8');
    const run = await calckit(['import', '--dataset', 'ops', '--json']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).summary.written).toBe(79);
    const file = projectFile();
    expect(file.datasets).toEqual({ sales: { id: 'sales' }, ops: { id: 'ops' } });
    expect(Object.keys(file.calculations)).toHaveLength(117 + 79);
    expect(pathOf(2001)).toBe('formulas/Revenue - Cost-2001.calc');
    expect(pathOf(2006)).toBe('formulas/Margin-2006.calc');
    // The rest of calckit.json is as it was: only the two sections changed, earlier entries first and in order.
    const after = readFileSync(join(project, 'calckit.json'), 'utf8');
    expect(after.slice(0, before.indexOf('"datasets"'))).toBe(before.slice(0, before.indexOf('"datasets"')));
    expect(Object.keys(file.calculations).slice(0, 117)).toEqual(Object.keys(JSON.parse(before).calculations));
    expect(after.slice(after.indexOf('"lint"'))).toBe(before.slice(before.indexOf('"lint"')));
  });

  it('--ids takes the dataset from the calculation; a calculation without one is mapped without dataset', async () => {
    const run = await calckit(['import', '--ids', '3001,1118', '--json']);
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.entries.find((e: { id: number }) => e.id === 1118)).toMatchObject({ outcome: 'skipped', reason: 'a variable, not a formula' });
    expect(projectFile().calculations['formulas/Unlinked.calc']).toEqual({ id: 3001, name: 'Unlinked' });
  });

  it('refuses a --dir that leads outside the project through a symbolic link, writing nothing', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'calckit-outside-'));
    symlinkSync(outside, join(project, 'escape'));
    const before = readFileSync(join(project, 'calckit.json'), 'utf8');
    const run = await calckit(['import', '--dataset', 'ops', '--dir', 'escape']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/leads outside the project through a symbolic link/);
    expect(readdirSync(outside)).toEqual([]);
    expect(readFileSync(join(project, 'calckit.json'), 'utf8')).toBe(before);
    const up = await calckit(['import', '--dataset', 'ops', '--dir', '../elsewhere']);
    expect(up.code).toBe(2);
    expect(existsSync(join(sandbox, 'elsewhere'))).toBe(false);
    rmSync(join(project, 'escape'));
    rmSync(outside, { recursive: true, force: true });
  });

  it('usage mistakes exit 2 before any call', async () => {
    const { parseImportFlags } = await import('../../packages/cli/src/commands/import.js');
    for (const flags of [{}, { dataset: ['a b'] }, { dataset: [''] }, { ids: '12,x' }, { ids: '0' }, { ids: '1', dataset: ['sales'] }, { ids: '1', concurrency: '0' }, { ids: '1', concurrency: '33' }]) {
      expect(() => parseImportFlags(flags), JSON.stringify(flags)).toThrow(/^calckit import: /);
    }
    expect(parseImportFlags({ ids: '5, 3,5', concurrency: '2' })).toEqual({ datasets: [], ids: [5, 3], concurrency: 2 });
    expect(parseImportFlags({ dataset: ['a,b', 'a'] }).datasets).toEqual(['a', 'b']);
    const bad = await calckit(['import', '--ids', '12,x']);
    expect(bad.code).toBe(2);
    const noToken = await calckit(['import', '--dataset', 'sales'], { env: { CALCKIT_DEVELOPER_TOKEN: undefined } });
    expect(noToken.code).toBe(2);
    expect(noToken.stderr).toMatch(/developer token/);
    const noProject = await calckit(['import', '--dataset', 'sales'], { cwd: sandbox });
    expect(noProject.code).toBe(2);
    expect(noProject.stderr).toMatch(/no calckit\.json/);
  });
});

describe('calckit import refuses answers that fail the checks', () => {
  const ZEROS = '0'.repeat(40);
  /**
   * A proxy in front of the emulator that passes each answer through `corrupt` (path, body text) first. The read of
   * several calculations (`…/functions/list/id`) answers them all in one array; the read of one, `…/template/<id>`.
   */
  async function corruptingProxy(corrupt: (path: string, text: string) => string): Promise<{ url: string; paths: string[]; close: () => void }> {
    const upstream = new URL(h.url);
    const paths: string[] = [];
    const proxy = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        paths.push(req.url ?? '');
        const forward = http.request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
          const body: Buffer[] = [];
          answer.on('data', (c: Buffer) => body.push(c));
          answer.on('end', () => {
            const text = corrupt(req.url ?? '', Buffer.concat(body).toString('utf8'));
            const headers = { ...answer.headers };
            delete headers['content-length'];
            res.writeHead(answer.statusCode ?? 502, headers);
            res.end(text);
          });
        });
        forward.end(Buffer.concat(chunks));
      });
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, paths, close: () => proxy.close() };
  }
  /** In the answer of the read of several calculations: calculation `id`'s checkSum becomes zeros. */
  const zeroCheckSumIn = (text: string, id: number): string => text.replace(new RegExp(`("id":${id},[^{}]*?"checkSum":")[0-9a-f]{40}`), `$1${ZEROS}`);
  const importThrough = async (name: string, url: string) => {
    const dir = join(sandbox, name);
    mkdirSync(dir);
    expect((await calckit(['init', '--base-url', url], { cwd: dir })).code).toBe(0);
    const run = await calckit(['import', '--dataset', 'ops', '--json'], { cwd: dir });
    expect(run.code).toBe(1);
    return { dir, result: JSON.parse(run.stdout) };
  };

  it('a wrong checkSum in the read of several calculations is refused and not written; the rest is imported', async () => {
    const proxy = await corruptingProxy((path, text) => (path.endsWith('/functions/list/id') ? zeroCheckSumIn(text, 2002) : text));
    const { dir, result } = await importThrough('bulk-checksum', proxy.url);
    proxy.close();
    expect(result.batchRead).toBe('available');
    expect(proxy.paths.filter((p) => p.includes('/functions/template/'))).toEqual([]); // no single read
    expect(result.summary).toMatchObject({ written: 78, refused: 1 });
    const refused = result.entries.filter((e: { outcome: string }) => e.outcome === 'refused');
    expect(refused.map((e: { id: number }) => e.id)).toEqual([2002]);
    expect(refused[0].reason).toMatch(/readCalculationsByIds failed.*not the SHA-1 of its expression/);
    const mapped = JSON.parse(readFileSync(join(dir, 'calckit.json'), 'utf8')).calculations;
    expect(Object.values(mapped).map((c) => (c as { id: number }).id)).not.toContain(2002);
    expect(filesUnder(join(dir, 'formulas')).filter((f) => f.endsWith('.calc'))).toHaveLength(78);
  });

  it('a service without the read of several calculations (404): each is read on its own, and the import says so', async () => {
    const dir = join(sandbox, 'no-bulk');
    mkdirSync(dir);
    expect((await calckit(['init', '--base-url', h.url], { cwd: dir })).code).toBe(0);
    await h.inject({ operation: 'readCalculationsByIds', status: 404, count: 1 });
    const run = await calckit(['import', '--dataset', 'ops'], { cwd: dir });
    await h.clearFaults();
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/79 written/);
    expect(run.stdout).toMatch(/Read one calculation at a time: the service does not offer the read of several calculations/);
    expect(filesUnder(join(dir, 'formulas')).filter((f) => f.endsWith('.calc'))).toHaveLength(79);
  });

  it('a wrong checkSum or another id is refused and not written; the rest is imported', async () => {
    // Both reads corrupted: the read of several answers 2003 as 2004 (then twice in the answer: the client stops using
    // that read and reads each calculation on its own), and the read of one corrupts 2002's checkSum and 2003's id.
    const proxy = await corruptingProxy((path, text) => {
      if (path.endsWith('/functions/list/id')) return zeroCheckSumIn(text, 2002).replace('"id":2003,', '"id":2004,');
      if (path.endsWith('/template/2002')) return text.replace(/"checkSum":"[0-9a-f]{40}"/, `"checkSum":"${ZEROS}"`);
      if (path.endsWith('/template/2003')) return text.replace('"id":2003', '"id":2004');
      return text;
    });
    const { dir, result } = await importThrough('second', proxy.url);
    proxy.close();
    expect(result.batchRead).toBe('unavailable');
    expect(result.summary).toMatchObject({ written: 77, refused: 2 });
    const refused = result.entries.filter((e: { outcome: string }) => e.outcome === 'refused');
    expect(refused.map((e: { id: number }) => e.id).sort()).toEqual([2002, 2003]);
    expect(refused.find((e: { id: number }) => e.id === 2002).reason).toMatch(/not the SHA-1 of its expression/);
    expect(refused.find((e: { id: number }) => e.id === 2003).reason).toMatch(/answered with calculation 2004/);
    const mapped = JSON.parse(readFileSync(join(dir, 'calckit.json'), 'utf8')).calculations;
    expect(Object.values(mapped).map((c) => (c as { id: number }).id)).not.toContain(2002);
    expect(filesUnder(join(dir, 'formulas')).filter((f) => f.endsWith('.calc'))).toHaveLength(77);
  });
});

describe('an import stopped halfway (Ctrl-C)', () => {
  it('leaves a consistent project, and the next run finishes it, adopting a file written but not yet mapped', async () => {
    const { runImport } = await import('../../packages/cli/src/commands/import.js');
    const dir = join(sandbox, 'interrupted');
    mkdirSync(dir);
    expect((await calckit(['init', '--base-url', h.url], { cwd: dir })).code).toBe(0);
    const env = { CALCKIT_DEVELOPER_TOKEN: h.developerToken, CALCKIT_CONFIG_DIR: join(sandbox, '.config-never-written') };
    const controller = new AbortController();
    const first = await runImport(
      { dataset: ['ops'], concurrency: 4 },
      {
        cwd: dir,
        env,
        batchSize: 4, // reads of 4 calculations, so that the 79 take many reads and the abort finds most not read yet
        signal: controller.signal,
        progress: (line) => {
          const done = /^\[(\d+)\//.exec(line);
          if (done && Number(done[1]) >= 20) controller.abort();
        },
      },
    );
    expect(first.interrupted).toBe(true);
    expect(first.exitCode).toBe(130);
    expect(first.notRead).toBeGreaterThan(40);
    const written = first.entries.filter((e) => e.outcome === 'written');
    expect(written.length).toBe(79 - first.notRead);
    // What is mapped is exactly what was written and recorded, each file holding the service's formula.
    const mapped = JSON.parse(readFileSync(join(dir, 'calckit.json'), 'utf8')).calculations as Record<string, { id: number }>;
    expect(Object.values(mapped).map((c) => c.id).sort()).toEqual(written.map((e) => e.id).sort());
    const records = JSON.parse(readFileSync(join(dir, '.calckit/state.json'), 'utf8')).services[new URL(h.url).origin].calculations;
    expect(Object.keys(records).map(Number).sort()).toEqual(written.map((e) => e.id).sort());
    for (const [path, c] of Object.entries(mapped)) expect(readFileSync(join(dir, path), 'utf8')).toBe(`${fx.calculations.find((x) => x.id === c.id)!.expression}\n`);
    expect(filesUnder(join(dir, 'formulas')).filter((f) => f.endsWith('.calc'))).toHaveLength(written.length);

    // A file a killed run had written but not mapped yet: the next run takes it under the same name.
    const unread = fx.formulasOf('ops').find((c) => c.name.startsWith('Ops metric') && !written.some((e) => e.id === c.id))!;
    writeFileSync(join(dir, 'formulas', `${unread.name}.calc`), `${unread.expression}\n`);
    const second = await runImport({ dataset: ['ops'] }, { cwd: dir, env });
    expect(second.exitCode).toBe(0);
    expect(second.summary).toMatchObject({ written: first.notRead, unchanged: written.length, skipped: 0 });
    const all = JSON.parse(readFileSync(join(dir, 'calckit.json'), 'utf8')).calculations as Record<string, { id: number }>;
    expect(Object.keys(all)).toHaveLength(79);
    expect(all[`formulas/${unread.name}.calc`]).toMatchObject({ id: unread.id });
    expect(filesUnder(join(dir, 'formulas')).filter((f) => f.endsWith('.calc'))).toHaveLength(79);
  });
});
