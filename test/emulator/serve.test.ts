// `calckit serve` as a process: prints its URL and any generated tokens, serves, stops cleanly on SIGINT/SIGTERM,
// and refuses bad start-up input with exit code 2.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { calculationPath } from '@calckit/protocol';
import { CLI, startServe } from './process.js';
import { serveBanner, startServe as startServeInProcess } from '../../packages/cli/src/commands/serve.js';

const dir = mkdtempSync(join(tmpdir(), 'calckit-serve-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('calckit serve', () => {
  it('generates tokens when the environment has none, prints them, and accepts them', async () => {
    const p = await startServe(['--port', '0']);
    try {
      expect(p.info.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(p.info.fixturesLoaded).toBe(true); // the default fixtures
      expect(p.info.dataPath).toBe(':memory:');
      expect(p.info.developerToken).toMatch(/^[\w-]{32}$/);
      expect(p.info.sessionToken).toMatch(/^[\w-]{32}$/);
      const r = await fetch(p.info.url + calculationPath(101), { headers: { 'X-SVC-Developer-Token': p.info.developerToken! } });
      expect(r.status).toBe(200);
      expect(((await r.json()) as { name: string }).name).toBe('Profit');
      // Request lines go to stderr without any token.
      for (let i = 0; i < 100 && !p.stderr().includes('template/101 200'); i++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(p.stderr()).toContain('GET /api/query/v1/functions/template/101 200');
      expect(p.stderr()).not.toContain(p.info.developerToken!);
    } finally {
      p.child.kill('SIGINT');
    }
    expect(await p.exited).toBe(0);
  });

  it('uses the tokens from the environment and does not print them', async () => {
    const p = await startServe(['--port', '0', '--service-name', 'ACME', '--no-fixtures'], { CALCKIT_DEVELOPER_TOKEN: 'env-dev-token', CALCKIT_SESSION_TOKEN: 'env-ses-token' });
    try {
      expect(p.info).not.toHaveProperty('developerToken');
      expect(p.info).not.toHaveProperty('sessionToken');
      expect(p.info.fixturesLoaded).toBe(false);
      const r = await fetch(p.info.url + calculationPath(101), { headers: { 'X-ACME-Developer-Token': 'env-dev-token' } });
      expect(r.status).toBe(404); // authenticated, but no fixtures
    } finally {
      p.child.kill('SIGTERM');
    }
    expect(await p.exited).toBe(0);
  });

  it('documents --service as a deprecated alias of --service-name', () => {
    const help = spawnSync(process.execPath, [CLI, 'serve', '--help'], { encoding: 'utf8' }).stdout;
    expect(help).toContain('--service-name <name>');
    expect(help).toMatch(/--service <name>\s+deprecated alias of --service-name/);
  });

  it('prints a human banner with the URL on the first line', async () => {
    const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--quiet'], {
      env: { ...process.env, CALCKIT_DEVELOPER_TOKEN: '', CALCKIT_SESSION_TOKEN: 'given-session' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    while (!out.includes('Ctrl+C')) await new Promise((resolve) => setTimeout(resolve, 50));
    const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    const lines = out.split('\n');
    expect(lines[0]).toMatch(/^calckit emulator listening on http:\/\/127\.0\.0\.1:\d+$/);
    // stdout is a pipe here, not a terminal: the generated token is announced but not shown.
    expect(out).toContain('developer token: generated, not shown because stdout is not a terminal');
    expect(out).not.toMatch(/[\w-]{32}/);
    expect(out).not.toContain('session token');
    expect(out).not.toContain('given-session');
    expect(out).toContain('data: in memory');
    const bad = spawnSync(process.execPath, [CLI, 'serve', '--port', '99999'], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--port must be 0-65535');
  });

  it('shows generated tokens on a terminal, and only the generated ones', async () => {
    const result = await startServeInProcess({ port: 0, fixtures: false }, { CALCKIT_SESSION_TOKEN: 'from-env' });
    try {
      const banner = serveBanner(result, true).join('\n');
      expect(banner).toContain(`developer token (generated; set CALCKIT_DEVELOPER_TOKEN to choose): ${result.generated.developerToken}`);
      expect(banner).not.toContain('session token');
      expect(banner).not.toContain('from-env');
      expect(banner).toContain('fixtures: none');
      // The sandbox's layers, from the emulator's own health answer (and a warning line per missing layer).
      expect(result.sandbox?.layers).toContain('process');
      expect(banner).toContain(`code functions: sandboxed (${result.sandbox!.layers.join(', ')})`);
      expect(banner.split('\n').filter((l) => l.includes('a sandbox layer is missing'))).toHaveLength(result.sandbox!.missing.length);
    } finally {
      await result.emulator.close();
    }
  });

  it('refuses unreadable or invalid fixtures and a port in use, with exit code 2', async () => {
    const missing = spawnSync(process.execPath, [CLI, 'serve', '--port', '0', '--fixtures', join(dir, 'nope.json')], { encoding: 'utf8' });
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/cannot read fixtures file .*nope\.json: ENOENT/);
    const badPath = join(dir, 'bad.json');
    writeFileSync(badPath, JSON.stringify({ calculations: [{ id: 'x', name: 'n' }] }));
    const invalid = spawnSync(process.execPath, [CLI, 'serve', '--port', '0', '--fixtures', badPath], { encoding: 'utf8' });
    expect(invalid.status).toBe(2);
    expect(invalid.stderr).toContain('calculations.0.id');
    const p = await startServe(['--port', '0', '--no-fixtures', '--quiet']);
    try {
      const busy = spawnSync(process.execPath, [CLI, 'serve', '--port', String(p.info.port)], { encoding: 'utf8' });
      expect(busy.status).toBe(2);
      expect(busy.stderr).toContain(`port ${p.info.port} is in use`);
    } finally {
      p.child.kill('SIGTERM');
    }
  });

  it('keeps state in --data across restarts and loads fixtures only into an empty database', async () => {
    const dataPath = join(dir, 'nested', 'dir', 'state.sqlite');
    const env = { CALCKIT_DEVELOPER_TOKEN: 'd1', CALCKIT_SESSION_TOKEN: 's1' };
    const headers = { 'X-SVC-Developer-Token': 'd1', 'content-type': 'application/json' };
    const first = await startServe(['--port', '0', '--data', dataPath, '--quiet'], env);
    expect(first.info.fixturesLoaded).toBe(true);
    expect((await fetch(first.info.url + calculationPath(101), { method: 'POST', headers, body: '{"expression":"42"}' })).status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    const second = await startServe(['--port', '0', '--data', dataPath, '--quiet'], env);
    try {
      expect(second.info.fixturesLoaded).toBe(false);
      const calc = (await (await fetch(second.info.url + calculationPath(101), { headers })).json()) as { expression: string };
      expect(calc.expression).toBe('42');
    } finally {
      second.child.kill('SIGTERM');
    }
  });
});
