// The workbench's commands as processes: build.mjs writes a static folder whose URLs are all relative, serve.mjs serves
// it on 127.0.0.1, takes the next port when one is taken, refuses a bad port plainly, and stops on SIGINT.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

const PACKAGE = fileURLToPath(new URL('..', import.meta.url));
const BUILD = join(PACKAGE, 'scripts/build.mjs');
const SERVE = join(PACKAGE, 'scripts/serve.mjs');
const SITE = join(PACKAGE, 'dist/site');

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

function run(script: string, args: string[]): ChildProcess {
  const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return child;
}

/** The child's output until `pattern` appears in it (or it exits). */
function outputUntil(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const take = (chunk: Buffer) => {
      text += chunk.toString();
      if (pattern.test(text)) resolve(text);
    };
    child.stdout!.on('data', take);
    child.stderr!.on('data', take);
    child.on('exit', () => resolve(text));
  });
}

const exited = (child: ChildProcess) => new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.on('exit', (code) => resolve(code))));

beforeAll(async () => {
  const build = run(BUILD, []);
  const output = await outputUntil(build, /wrote/);
  expect(await exited(build), output).toBe(0);
}, 60_000);

describe('the workbench commands', () => {
  it('build a static folder whose every URL is relative', () => {
    const html = readFileSync(join(SITE, 'index.html'), 'utf8');
    const urls = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(urls).toEqual(expect.arrayContaining(['./workbench.css', './main.js']));
    expect(urls.filter((u) => u.startsWith('/') || /^[a-z]+:\/\//.test(u))).toEqual([]);
    expect(readFileSync(join(SITE, 'main.js'), 'utf8')).toContain('worker.js');
  });

  it('serve on the next free port when the one asked for is taken, and stop on Ctrl+C', async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      const serve = run(SERVE, ['--port', String(port)]);
      const output = await outputUntil(serve, /http:\/\/127\.0\.0\.1:\d+\//);
      const address = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(output);
      expect(Number(address?.[1])).toBeGreaterThan(port);
      const page = await fetch(address![0]);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('calckit workbench');
      expect((await fetch(`${address![0]}worker.js`)).headers.get('content-type')).toMatch(/javascript/);
      serve.kill('SIGINT');
      expect(await exited(serve)).toBe(0);
    } finally {
      taken.close();
    }
  });

  it('refuse a port that is no port, saying so', async () => {
    const serve = run(SERVE, ['--port', 'eighty']);
    const output = await outputUntil(serve, /port/);
    expect(await exited(serve)).toBe(1);
    expect(output).toContain('the port must be a whole number from 0 to 65535, not "eighty"');
  });
});
