// Tokens echoed back by a service, through the CLI as a process: a tiny local HTTP server answers every call with an
// error whose body holds the token it received, in the form the base URL's first path segment names (the forms the
// client's README lists). Neither stdout nor stderr, with --verbose and with --json, may hold the token in that form.
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './harness.js';

const MAIN = join(REPO_ROOT, 'packages/cli/dist/main.js');
const TOKEN = 'dev-5c9e0b7a41f2d3e8Kq+/z';

const FORMS: Record<string, (token: string) => string> = {
  'as-is': (t) => t,
  'upper-case': (t) => t.toUpperCase(),
  'percent-encoded': (t) => encodeURIComponent(t),
  base64: (t) => Buffer.from(t).toString('base64'),
  base64url: (t) => Buffer.from(t).toString('base64url'),
  'base64-basic': (t) => Buffer.from(`ci-bot:${t}`).toString('base64'),
  hex: (t) => Buffer.from(t).toString('hex'),
  spaced: (t) => [...t].join(' '),
  'split-in-lines': (t) => t.match(/.{1,6}/g)!.join('\n  '),
};

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    const form = FORMS[(req.url ?? '').split('/')[1] ?? ''] ?? FORMS['as-is']!;
    const echoed = form(String(req.headers['x-svc-developer-token'] ?? ''));
    res.writeHead(400, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ message: `token ${echoed} is not valid`, errors: [{ field: `header ${echoed}`, message: `got ${echoed}` }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function calckit(args: string[]): Promise<{ code: number; output: string }> {
  const cwd = mkdtempSync(join(tmpdir(), 'calckit-redaction-'));
  const env = { PATH: process.env['PATH'] ?? '', HOME: cwd, CALCKIT_DEVELOPER_TOKEN: TOKEN };
  return new Promise((resolve) => {
    execFile(process.execPath, [MAIN, ...args], { cwd, env, timeout: 30_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, output: `${stdout}\n${stderr}` });
    });
  });
}

describe('a token the service echoes in an error is redacted in every listed form (CLI as a process)', () => {
  for (const [name, form] of Object.entries(FORMS)) {
    it(name, async () => {
      const echoed = form(TOKEN);
      for (const extra of [['--verbose'], ['--json']]) {
        const run = await calckit(['lock', '101', '--base-url', `${base}/${name}`, ...extra]);
        expect(run.code).toBe(1);
        expect(run.output).toContain('[REDACTED]');
        expect(run.output).not.toContain(echoed);
        // No run of 8 characters of the echo (whitespace aside) is left.
        const compact = echoed.replace(/\s+/g, '');
        // (Of the Basic form, its first 12 characters encode `ci-bot:` and stay.)
        for (let i = name === 'base64-basic' ? 12 : 0; i + 8 <= compact.length; i += 4) expect(run.output.replace(/\s+/g, ''), `${name} ${extra[0]}`).not.toContain(compact.slice(i, i + 8));
      }
    });
  }
});
