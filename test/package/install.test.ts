// The published packages, tested as a user gets them: `npm run pack`'s tarballs installed with plain npm into a
// formula repository outside this one, then the bins run there (lint, format, analyze, the language server, serve).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installFromTarballs, lspInitialize, ROOT, run, type InstalledProject } from './helpers.js';

let installed: InstalledProject;
let calckit: (args: readonly string[], input?: string) => ReturnType<typeof run>;

beforeAll(() => {
  installed = installFromTarballs('calckit-package');
  calckit = (args, input) => run(installed.bin('calckit'), args, { cwd: installed.project, ...(input === undefined ? {} : { input }) });
  writeFileSync(join(installed.project, 'bad.calc'), 'SUM(`Sales`\n');
  writeFileSync(join(installed.project, 'ugly.calc'), 'sum( `Sales` )/  count(`Orders`)\n');
  writeFileSync(join(installed.project, 'good.calc'), 'SUM(`Profit`) / SUM(`Sales`)\n');
}, 300_000);

afterAll(() => {
  if (installed) rmSync(installed.dir, { recursive: true, force: true });
});

/** Every file of the installed calckit packages, relative to node_modules. */
function installedFiles(): string[] {
  const modules = join(installed.project, 'node_modules');
  const roots = ['calckit', ...readdirSync(join(modules, '@calckit')).map((p) => `@calckit/${p}`)];
  return roots.flatMap((root) => readdirSync(join(modules, root), { recursive: true, encoding: 'utf8' }).map((f) => `${root}/${f.split(sep).join('/')}`));
}

describe('the packed tarballs', { timeout: 120_000 }, () => {
  it('are the eleven publishable packages, all at one version', () => {
    expect(installed.tarballs.map((t) => t.name).sort()).toEqual(
      ['calckit', '@calckit/client', '@calckit/emulator', '@calckit/evaluate', '@calckit/format', '@calckit/formula', '@calckit/ide', '@calckit/language-server', '@calckit/lint', '@calckit/project', '@calckit/protocol'].sort(),
    );
    expect(new Set(installed.tarballs.map((t) => t.version))).toEqual(new Set([installed.version]));
  });

  it('hold no tests, build state, configuration or nested node_modules', () => {
    const files = installedFiles();
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((f) => /\.test\.|(^|\/)(test|tests|__tests__|node_modules|scripts)\/|tsconfig|\.tsbuildinfo$/.test(f))).toEqual([]);
    // The bundle's source maps (several MB) stay out; the bin entry files and the bundle are in.
    expect(files).toContain('calckit/bin/calckit.js');
    expect(files).toContain('calckit/bin/calckit-language-server.js');
    expect(files).toContain('calckit/dist/calckit.js');
    expect(files).not.toContain('calckit/dist/calckit.js.map');
    expect(files).toContain('@calckit/language-server/bin/calckit-language-server.js');
    expect(files).toContain('@calckit/emulator/fixtures/default.json');
  });

  it('install only runtime dependencies, from the tarballs, into the project', () => {
    const modules = join(installed.project, 'node_modules');
    // Nothing of this repository's development set-up, and no native build: better-sqlite3 is an optional peer.
    // (yaml is a runtime dependency since formula test files may be YAML.)
    for (const name of ['better-sqlite3', 'esbuild', 'typescript', 'vitest', '@types/node', 'playwright-core', 'mariadb']) {
      expect(existsSync(join(modules, name)), name).toBe(false);
    }
    // Real folders inside the project (not links into this repository).
    for (const name of ['calckit', '@calckit/formula', '@calckit/language-server', '@calckit/emulator']) {
      expect(lstatSync(join(modules, name)).isSymbolicLink(), name).toBe(false);
      expect(relative(realpathSync(installed.project), realpathSync(join(modules, name))).startsWith('..'), name).toBe(false);
    }
    // The project depends on the tarballs by relative path, so the repository can commit them and run `npm ci`.
    const manifest = JSON.parse(readFileSync(join(installed.project, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    expect(manifest.devDependencies['calckit']).toBe(`file:vendor/calckit/calckit-${installed.version}.tgz`);
    // Installed manifests: not private, dependencies between the packages pinned to the one version.
    for (const t of installed.tarballs) {
      const pkg = JSON.parse(readFileSync(join(modules, t.name, 'package.json'), 'utf8')) as Record<string, unknown> & { dependencies?: Record<string, string> };
      expect(pkg['private'], t.name).toBeUndefined();
      for (const [dep, spec] of Object.entries(pkg.dependencies ?? {})) {
        if (dep === 'calckit' || dep.startsWith('@calckit/')) expect(spec, `${t.name} → ${dep}`).toBe(installed.version);
        expect(spec, `${t.name} → ${dep}`).not.toMatch(/^(file|link|workspace|git)/);
      }
    }
  });
});

describe("editors' JSON Schemas in an installed project", { timeout: 120_000 }, () => {
  it("calckit.json's (written by init) and the test files' (as docs/testing-formulas.md says) resolve to the installed files", () => {
    const team = join(installed.project, 'team');
    expect(calckit(['init', 'team']).status).toBe(0);
    const project = JSON.parse(readFileSync(join(team, 'calckit.json'), 'utf8')) as { $schema: string };
    expect(project.$schema).toBe('../node_modules/@calckit/project/schema/calckit.schema.json');
    expect(existsSync(join(team, project.$schema))).toBe(true);
    // A test file in team/formulas/: the path docs/testing-formulas.md gives, one folder deeper.
    // Before: the schema was only at packages/evaluate/src/testing/, a path of a clone of calckit.
    const ref = '../../node_modules/@calckit/evaluate/schema/calc-test.schema.json';
    writeFileSync(join(team, 'formulas/margin.calc'), 'SUM(`Profit`) / SUM(`Sales`)\n');
    writeFileSync(
      join(team, 'formulas/margin.calc.test.yaml'),
      `# yaml-language-server: $schema=${ref}\nrows:\n  - { Profit: 1, Sales: 4 }\ntests:\n  - name: margin\n    expect: [0.25]\n`,
    );
    const schema = JSON.parse(readFileSync(join(team, 'formulas', ref), 'utf8')) as { title: string };
    expect(schema.title).toMatch(/calckit formula tests/);
    const tested = run(installed.bin('calckit'), ['test'], { cwd: team });
    expect(tested.status, tested.stdout + tested.stderr).toBe(0);
  });
});

describe('the installed bins', { timeout: 120_000 }, () => {
  it('calckit --version', () => {
    const result = calckit(['--version']);
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe(installed.version);
    expect(result.status).toBe(0);
  });

  it('calckit lint reports a syntax error (exit 1), in GitHub annotation format too', () => {
    const stylish = calckit(['lint', 'bad.calc', 'good.calc']);
    expect(stylish.status).toBe(1);
    expect(stylish.stdout).toContain('bad.calc');
    expect(stylish.stdout).toContain('syntax-error');
    const github = calckit(['lint', '--format', 'github', 'bad.calc']);
    expect(github.status).toBe(1);
    expect(github.stdout).toMatch(/^::error file=bad\.calc,line=1,/m);
    expect(calckit(['lint', 'good.calc']).status).toBe(0);
  });

  it('calckit format --check lists an unformatted file (exit 1), and format fixes it', () => {
    const check = calckit(['format', '--check', 'ugly.calc', 'good.calc']);
    expect(check.stdout.trim()).toBe('ugly.calc');
    expect(check.status).toBe(1);
    const copy = join(installed.project, 'ugly-copy.calc');
    writeFileSync(copy, readFileSync(join(installed.project, 'ugly.calc')));
    expect(calckit(['format', 'ugly-copy.calc']).status).toBe(0);
    expect(readFileSync(copy, 'utf8')).toBe('SUM(`Sales`) / COUNT(`Orders`)\n');
    expect(calckit(['format', '--check', 'ugly-copy.calc']).status).toBe(0);
  });

  it('calckit analyze computes what the service stores', () => {
    const result = calckit(['analyze', 'good.calc']);
    expect(result.status).toBe(0);
    const fields = JSON.parse(result.stdout) as { checkSum: string; functions: string[] };
    expect(fields.checkSum).toBe(createHash('sha1').update('SUM(`Profit`) / SUM(`Sales`)').digest('hex'));
    expect(fields.functions.sort()).toEqual(['SUM', 'SVC_OP_DIVIDE']);
    expect(calckit(['analyze', '-'], 'MAX(`a`)').status).toBe(0);
  });

  it.each(['calckit-language-server'])('%s answers initialize over stdio', async (name) => {
    expect(run(installed.bin(name), ['--version'], { cwd: installed.project }).stdout.trim()).toBe(installed.version);
    const result = await lspInitialize(installed.bin(name), ['--stdio'], installed.project);
    expect(result.serverInfo?.name).toBe('calckit-language-server');
    expect(result.capabilities).toHaveProperty('completionProvider');
  });

  it('the language server also starts from the @calckit/language-server package itself', async () => {
    const bin = join(installed.project, 'node_modules/@calckit/language-server/bin/calckit-language-server.js');
    const result = await lspInitialize(process.execPath, [bin, '--stdio'], installed.project);
    expect(result.serverInfo?.version).toBe(installed.version);
  });

  it("calckit graph --format svg draws with the Graphviz WebAssembly found in the installed node_modules", () => {
    const project = join(installed.project, 'graph');
    mkdirSync(join(project, 'schemas'), { recursive: true });
    writeFileSync(join(project, 'calckit.json'), JSON.stringify({ datasets: { sales: { id: 'ds', schema: 'schemas/sales.json' } }, calculations: { 'total.calc': { id: 1, dataset: 'sales' }, 'share.calc': { id: 2, dataset: 'sales' } } }));
    writeFileSync(join(project, 'schemas/sales.json'), JSON.stringify([{ name: 'Sales', id: 'sales', type: 'DECIMAL', visible: true, order: 0 }]));
    writeFileSync(join(project, 'total.calc'), 'SUM(`Sales`)\n');
    writeFileSync(join(project, 'share.calc'), 'SUM(`Sales`) / SVC_BEAST_MODE(1)\n');
    const result = run(installed.bin('calckit'), ['graph', '--format', 'svg'], { cwd: project });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^<\?xml[\s\S]*<svg[\s\S]*<\/svg>\s*$/);
    for (const label of ['>total.calc<', '>share.calc<', '>Sales<', '>sales (ds)<']) expect(result.stdout).toContain(label);
  });

  it('calckit serve and demo without better-sqlite3: one line naming what to install (exit 2)', () => {
    const serve = calckit(['serve', '--port', '0']);
    expect(serve.status).toBe(2);
    expect(serve.stdout).toBe('');
    expect(serve.stderr.trim().split('\n')).toHaveLength(1);
    expect(serve.stderr).toMatch(/^calckit serve: .*better-sqlite3.*npm install --save-dev better-sqlite3/);
    writeFileSync(join(installed.project, 'calckit.json'), '{}\n');
    writeFileSync(join(installed.project, 'fixtures.json'), '{}\n');
    const demo = calckit(['demo', '--project', '.']);
    expect(demo.status).toBe(2);
    expect(demo.stderr).toMatch(/^calckit demo: .*npm install --save-dev better-sqlite3`?\n$/);
  });

  it('calckit serve with better-sqlite3 installed: listens', async () => {
    await withBetterSqlite(async () => {
      const serve = await startInstalledServe(['--no-fixtures']);
      try {
        expect(serve.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
        const answer = await fetch(`${serve.url}/api/content/v1/calculations/1`);
        expect(answer.status).toBeGreaterThanOrEqual(400); // no token: refused, but answered
      } finally {
        await serve.stop();
      }
    });
  });

  it("calckit serve runs a code function in its sandbox, the engine's WebAssembly found in the installed node_modules", async () => {
    const fixtures = join(installed.project, 'code-fixtures.json');
    writeFileSync(fixtures, JSON.stringify({ codePackages: [{ id: CODE_PKG, version: '1.0.0', functions: [{ name: 'add', inputs: [{ name: 'a', type: 'NUMBER' }, { name: 'b', type: 'NUMBER' }], output: { type: 'NUMBER', isList: false, allowNull: false }, body: 'return a + b;' }] }] }));
    const callAdd = async (): Promise<{ status: string; result: unknown; errorInformation: { errorMessages: string[] } | null }> => {
      const serve = await startInstalledServe(['--fixtures', fixtures]);
      try {
        const answer = await fetch(`${serve.url}/api/codeengine/v2/packages/${CODE_PKG}/versions/1.0.0/functions/add`, {
          method: 'POST',
          headers: { 'X-SVC-Developer-Token': SERVE_TOKEN, 'content-type': 'application/json' },
          body: JSON.stringify({ inputVariables: { a: 2, b: 40 } }),
        });
        expect(answer.status).toBe(200);
        return (await answer.json()) as Awaited<ReturnType<typeof callAdd>>;
      } finally {
        await serve.stop();
      }
    };
    await withBetterSqlite(async () => {
      expect(await callAdd()).toMatchObject({ status: 'SUCCESS', result: 42 });
      // Without the engine's file the call fails, and says what is missing (the emulator itself keeps running).
      const wasm = createRequire(join(installed.project, 'node_modules/@calckit/emulator/package.json')).resolve('@jitl/quickjs-wasmfile-release-sync/wasm');
      expect(realpathSync(wasm).startsWith(realpathSync(installed.project))).toBe(true);
      renameSync(wasm, `${wasm}.moved`);
      try {
        const failed = await callAdd();
        expect(failed.status).not.toBe('SUCCESS');
        expect(failed.errorInformation?.errorMessages.join(' ')).toMatch(/engine/);
      } finally {
        renameSync(`${wasm}.moved`, wasm);
      }
    });
  });
});

const CODE_PKG = '5d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d';
const SERVE_TOKEN = 'install-test-developer-token';

/** This repository's better-sqlite3 (already built) stands in for `npm install --save-dev better-sqlite3`, which would
 * compile or download the native module. */
async function withBetterSqlite(body: () => Promise<void>): Promise<void> {
  const link = join(installed.project, 'node_modules', 'better-sqlite3');
  symlinkSync(join(ROOT, 'node_modules', 'better-sqlite3'), link, 'junction');
  try {
    await body();
  } finally {
    unlinkSync(link);
  }
}

/** The installed `calckit serve --json` on a free port, once it has printed its address. */
async function startInstalledServe(args: readonly string[]): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(installed.bin('calckit'), ['serve', '--port', '0', '--json', '--quiet', ...args], {
    cwd: installed.project,
    env: { ...process.env, CALCKIT_DEVELOPER_TOKEN: SERVE_TOKEN },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const first = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`serve printed nothing in 20 s; stderr: ${stderr}`)), 20_000);
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) {
        clearTimeout(timer);
        resolve(out.slice(0, out.indexOf('\n')));
      }
    });
    child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${stderr}`)));
  });
  const info = JSON.parse(first) as { url: string };
  return {
    url: info.url,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
