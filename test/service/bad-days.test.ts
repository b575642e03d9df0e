// A team's bad days (issue 32, item 5), each with the CLI as a process: a service that cannot be reached stops the run
// at the first connection failure with one message; a dataset id that matches nothing is an error naming it; `push
// --lock` locks only what the push changes.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, copyExamples, git, startHarness, type Harness } from './harness.js';

const MAIN = join(REPO_ROOT, 'packages/cli/dist/main.js');

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly ms: number;
}

function calckit(args: string[], cwd: string, env: Record<string, string>): Promise<Run> {
  const started = Date.now();
  return new Promise((resolve) => {
    execFile(process.execPath, [MAIN, ...args], { cwd, env: { PATH: process.env['PATH'] ?? '', HOME: cwd, ...env }, timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr, ms: Date.now() - started });
    });
  });
}

/** A loopback port nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('a service that cannot be reached', () => {
  const FILES = 120;
  let dir: string;
  let env: Record<string, string>;
  let origin: string;
  beforeAll(async () => {
    origin = `http://127.0.0.1:${await closedPort()}`;
    dir = mkdtempSync(join(tmpdir(), 'calckit-unreachable-'));
    mkdirSync(join(dir, 'formulas'));
    const calculations: Record<string, { id: number }> = {};
    for (let i = 0; i < FILES; i++) {
      writeFileSync(join(dir, `formulas/c${i}.calc`), `SUM(\`Revenue\`) * ${i}\n`);
      calculations[`formulas/c${i}.calc`] = { id: 1000 + i };
    }
    writeFileSync(join(dir, 'calckit.json'), JSON.stringify({ service: { baseUrl: origin }, calculations, state: '.calckit/state.json' }));
    env = { CALCKIT_DEVELOPER_TOKEN: 'dev-unreachable-token', CALCKIT_SESSION_TOKEN: 'sess-unreachable-token' };
  });

  /** One message naming the address and the cause, exit 2, and nothing else said. */
  const expectOneMessage = (run: Run): void => {
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(`calckit: cannot reach the service at ${origin} (ECONNREFUSED: connect ECONNREFUSED ${origin.slice('http://'.length)}, 2 attempts); stopped at the first connection failure`);
    expect(lines[1]).toMatch(/^ {2}what to do: check the base URL and that the service \(or `calckit serve`\) is running$/);
  };

  it(`push of ${FILES} files stops at the first refused connection: one message, exit 2, in about a second`, async () => {
    const run = await calckit(['push'], dir, env);
    expectOneMessage(run);
    // Before: 306 files took 82 s and printed 306 ECONNREFUSED blocks (each after 4 attempts), exit 1.
    expect(run.ms).toBeLessThan(5_000);
    expect(existsSync(join(dir, '.calckit/state.json'))).toBe(false);
    // With --json: the one document on stdout is the failure.
    const json = await calckit(['push', '--json'], dir, env);
    expect(json.code).toBe(2);
    expect(json.stderr).toBe('');
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, exitCode: 2, error: { code: 'ECONNREFUSED', unreachable: true, origin, attempts: 2 } });
  });

  it('so do status, diff, pull, lock, schema push and import (by ids and by dataset), writing nothing', async () => {
    const project = readFileSync(join(dir, 'calckit.json'), 'utf8');
    writeFileSync(join(dir, 'schema.json'), JSON.stringify([{ name: 'Revenue', id: 'revenue', type: 'DECIMAL', visible: true, order: 0 }]));
    for (const args of [['status'], ['diff'], ['pull', '1000', '--force'], ['lock', '1001'], ['schema', 'push', 'sales', '--file', 'schema.json'], ['import', '--ids', '5,6,7'], ['import', '--dataset', 'sales']]) {
      const run = await calckit(args, dir, env);
      expectOneMessage(run);
      expect(run.ms, args.join(' ')).toBeLessThan(5_000);
    }
    expect(readFileSync(join(dir, 'calckit.json'), 'utf8')).toBe(project);
    expect(readFileSync(join(dir, 'formulas/c0.calc'), 'utf8')).toBe('SUM(`Revenue`) * 0\n');
    expect(existsSync(join(dir, 'formulas/5.calc'))).toBe(false);
    expect(existsSync(join(dir, '.calckit/state.json'))).toBe(false);
  });
});

describe('with the emulator', () => {
  let h: Harness;
  let env: Record<string, string>;
  beforeAll(async () => {
    h = await startHarness();
    env = { CALCKIT_BASE_URL: h.url, CALCKIT_DEVELOPER_TOKEN: h.developerToken };
  });
  afterAll(async () => {
    await h.close();
  });

  it('import --dataset with a typo is exit 2, naming the dataset and the closest ones the service has; nothing written', async () => {
    const dir = copyExamples({ git: false });
    const project = readFileSync(join(dir, 'calckit.json'), 'utf8');
    const run = await calckit(['import', '--dataset', 'sales-order', '--dir', 'imported'], dir, env);
    // Before: "nothing to import in imported (…)", exit 0.
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('calckit import: no calculation in');
    expect(run.stderr).toContain('is linked to dataset "sales-order"');
    expect(run.stderr).toContain('did you mean "sales-orders"?');
    expect(run.stderr).toContain('datasets with calculations in the service: sales-orders, support-tickets');
    expect(readFileSync(join(dir, 'calckit.json'), 'utf8')).toBe(project);
    expect(existsSync(join(dir, 'imported'))).toBe(false);
    // A dataset that exists imports as before.
    const ok = await calckit(['import', '--dataset', 'support-tickets', '--dir', 'imported'], dir, env);
    expect(ok.code).toBe(0);
  });

  it('import: the service gone after the search stops the run with one message, and writes nothing', async () => {
    // A proxy to the emulator that answers the search, then stops listening: the reads meet a refused connection.
    const proxy = createHttpServer((req, res) => {
      const last = req.url?.endsWith('/functions/search') === true;
      const forward = request(`${h.url}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
        // The search's connection is not kept for another call, and nothing listens once it is answered.
        res.writeHead(answer.statusCode ?? 502, last ? { ...answer.headers, connection: 'close' } : answer.headers);
        answer.pipe(res);
      });
      req.pipe(forward);
      if (last) res.on('finish', () => proxy.close());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
    const dir = copyExamples({ git: false });
    const project = readFileSync(join(dir, 'calckit.json'), 'utf8');
    const run = await calckit(['import', '--dataset', 'sales-orders', '--dir', 'imported'], dir, { ...env, CALCKIT_BASE_URL: url });
    // Before: one `failed` line per calculation (each after 4 attempts), then a summary, exit 1.
    expect(run.code, run.stderr).toBe(2);
    expect(run.stdout).toBe('');
    // The search's progress line, then the one message.
    expect(run.stderr).toMatch(
      new RegExp(`^dataset sales-orders: 7 calculations\\ncalckit: cannot reach the service at ${url} \\(ECONNREFUSED: .*, 2 attempts\\); stopped at the first connection failure\\n  what to do: .*\\n$`),
    );
    expect(readFileSync(join(dir, 'calckit.json'), 'utf8')).toBe(project);
    expect(existsSync(join(dir, 'imported')) ? readdirSync(join(dir, 'imported')) : []).toEqual([]);
    expect(existsSync(join(dir, '.calckit/state.json'))).toBe(false);
  });

  it('push --lock locks the calculations whose formula it changes, and leaves unchanged ones as they were', async () => {
    const dir = copyExamples();
    const client = h.client();
    const first = await calckit(['push'], dir, env);
    expect(first.code).toBe(0);
    const unlocked = [102, 105, 107, 201];
    for (const id of unlocked) expect((await client.readCalculation(id)).locked).toBe(false);
    writeFileSync(join(dir, 'formulas/days-since-order.calc'), 'DATEDIFF(CURRENT_DATE(), `Order Date`) + 1\n'); // #103, unlocked
    const run = await calckit(['push', '--lock', '--json'], dir, env);
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as { results: Array<{ id: number; outcome: string; locked: boolean }> };
    expect(result.results.find((r) => r.id === 103)).toMatchObject({ outcome: 'updated', locked: true });
    expect((await client.readCalculation(103)).locked).toBe(true);
    // Before: every unchanged calculation was locked too.
    for (const id of unlocked) expect((await client.readCalculation(id)).locked, `#${id}`).toBe(false);
    const help = await calckit(['push', '--help'], dir, env);
    expect(help.stdout.replace(/\s+/g, ' ')).toContain('--lock lock each calculation whose formula this push changes');
  });
});

describe('calckit init', () => {
  it("ignores node_modules/, so the README's `git add -A` after `npm install --save-dev calckit` commits no packages", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'calckit-init-gitignore-'));
    const run = await calckit(['init'], dir, {});
    expect(run.code).toBe(0);
    const gitignore = readFileSync(join(dir, '.gitignore'), 'utf8');
    expect(gitignore.split('\n')).toContain('node_modules/');
    mkdirSync(join(dir, 'node_modules/calckit'), { recursive: true });
    writeFileSync(join(dir, 'node_modules/calckit/package.json'), '{}');
    git(dir, 'init', '-q');
    git(dir, 'add', '-A');
    const staged = git(dir, 'diff', '--cached', '--name-only').split('\n').filter(Boolean);
    // Before: node_modules/calckit/package.json was staged.
    expect(staged.sort()).toEqual(['.gitignore', 'calckit.json', 'formulas/.gitkeep']);
    // A .gitignore that has it already (any spelling) does not get it twice.
    const other = mkdtempSync(join(tmpdir(), 'calckit-init-gitignore-'));
    writeFileSync(join(other, '.gitignore'), '/node_modules\n');
    expect((await calckit(['init'], other, {})).code).toBe(0);
    expect(readFileSync(join(other, '.gitignore'), 'utf8').match(/node_modules/g)).toHaveLength(1);
  });
});
