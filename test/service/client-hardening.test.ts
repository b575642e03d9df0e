// Client hardening (issue 11 item 9), against the emulator's fault injection and stand-in servers:
// - an update is never retried blindly: before any retry it re-reads the calculation, and stops with success when the
//   formula is already stored (a 503 + Retry-After sent AFTER processing), or stops when the calculation changed since
//   before the update (someone else's write is never overwritten);
// - DNS and TLS failures are not retried;
// - answers are capped (16 MiB by default);
// - tokens are redacted before any truncation, also when echoed URL-encoded or in another case.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@calckit/client';
import { developerTokenHeader } from '@calckit/protocol';
import { failure, type Harness, startHarness } from './harness.js';


async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}
const close = (server: Server): Promise<void> => new Promise((resolve) => {
  server.close(() => resolve());
  server.closeAllConnections();
});

describe('an update is re-read before any retry', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });
  const pendingFaults = async (): Promise<unknown[]> => {
    const res = await fetch(`${h.url}/__emulator/faults`, { headers: { [developerTokenHeader()]: h.developerToken } });
    return ((await res.json()) as { faults: unknown[] }).faults;
  };

  it('503 + Retry-After AFTER processing: the re-read finds our formula, the call succeeds, nothing is sent twice', async () => {
    const previousCheckSum = (await h.client().readCalculation(102)).checkSum;
    await h.inject({ operation: 'updateFormula', status: 503, retryAfter: 1, when: 'after' });
    // A second fault would catch a second update: it must still be pending afterwards.
    await h.inject({ operation: 'updateFormula', status: 500, message: 'a second update was sent' });
    const logs: string[] = [];
    const client = h.client({ retries: 3, logger: { info: (m) => logs.push(m), warn: (m) => logs.push(m) } });
    const calc = await client.updateFormula(102, '`Revenue` * 6', { previousCheckSum });
    expect(calc.expression).toBe('`Revenue` * 6');
    expect(calc.id).toBe(102);
    expect(await pendingFaults()).toHaveLength(1);
    expect(logs.join('\n')).toMatch(/already holds the formula/);
    // Without previousCheckSum the outcome is the same: the formula is there.
    await h.clearFaults();
    await h.inject({ operation: 'updateFormula', status: 503, retryAfter: 0, when: 'after' });
    await h.inject({ operation: 'updateFormula', status: 500, message: 'a second update was sent' });
    expect((await h.client({ retries: 3 }).updateFormula(102, '`Revenue` * 7')).expression).toBe('`Revenue` * 7');
    expect(await pendingFaults()).toHaveLength(1);
    await h.clearFaults();
  });

  it('503 + Retry-After after processing, and someone else writes before the retry: stopped (REMOTE_CHANGED), their write kept', async () => {
    const before = await h.client().readCalculation(103);
    await h.inject({ operation: 'updateFormula', status: 503, retryAfter: 1, when: 'after', delayMs: 1500 });
    const ours = h.client({ retries: 3 }).updateFormula(103, 'MAX(`Revenue`)', { previousCheckSum: before.checkSum });
    // Once our update is stored (the fault holds the answer for 1.5 s), another user writes the calculation.
    const other = h.client();
    for (let i = 0; i < 100 && (await other.readCalculation(103)).expression !== 'MAX(`Revenue`)'; i++) await new Promise((r) => setTimeout(r, 20));
    await other.updateFormula(103, 'MIN(`Revenue`)');
    const error = await failure(ours);
    expect(error).toMatchObject({ operation: 'updateFormula', status: 503, code: 'REMOTE_CHANGED', outcomeUnknown: false });
    expect(error.serviceMessage).toMatch(/changed since before the update/);
    expect(error.hint).toMatch(/calckit status/);
    expect((await other.readCalculation(103)).expression).toBe('MIN(`Revenue`)');
  });

  it('503 + Retry-After before processing, remote unchanged: retried once and stored', async () => {
    const before = await h.client().readCalculation(105);
    await h.inject({ operation: 'updateFormula', status: 503, retryAfter: 0, count: 1 });
    const calc = await h.client({ retries: 2 }).updateFormula(105, 'SUM(`Revenue`) * 3', { previousCheckSum: before.checkSum });
    expect(calc.expression).toBe('SUM(`Revenue`) * 3');
  });

  it('without previousCheckSum and not stored: not retried (RETRY_UNSAFE), nothing changed', async () => {
    const before = await h.client().readCalculation(105);
    await h.inject({ operation: 'updateFormula', status: 429, retryAfter: 0, count: 1 });
    const error = await failure(h.client({ retries: 3 }).updateFormula(105, 'SUM(`Revenue`) * 4'));
    expect(error).toMatchObject({ status: 429, code: 'RETRY_UNSAFE', attempts: 1, outcomeUnknown: false });
    expect((await h.client().readCalculation(105)).checkSum).toBe(before.checkSum);
  });

  it('the re-read fails: not retried, and the outcome is unknown', async () => {
    const before = await h.client().readCalculation(105);
    await h.inject({ operation: 'updateFormula', status: 503, retryAfter: 0, count: 1, when: 'after' });
    await h.inject({ operation: 'readCalculation', status: 500, count: 5 });
    const error = await failure(h.client({ retries: 3 }).updateFormula(105, 'SUM(`Revenue`) * 5', { previousCheckSum: before.checkSum }));
    await h.clearFaults();
    expect(error).toMatchObject({ status: 503, code: 'RETRY_UNSAFE', outcomeUnknown: true });
    expect(error.serviceMessage).toMatch(/re-reading calculation 105 before retrying failed \(HTTP 500/);
    expect(error.hint).toMatch(/calckit status/);
  });

  it('a 503 without Retry-After is still never retried (it may have been processed)', async () => {
    const before = await h.client().readCalculation(105);
    await h.inject({ operation: 'updateFormula', status: 503, count: 1, when: 'after' });
    const error = await failure(h.client({ retries: 3 }).updateFormula(105, 'SUM(`Revenue`) * 8', { previousCheckSum: before.checkSum }));
    expect(error).toMatchObject({ status: 503, attempts: 1 });
    expect(error.code).toBe('INJECTED_FAULT');
  });
});

describe('DNS and TLS failures are not retried', () => {
  it('a host name that does not resolve: one attempt, a hint about the name', async () => {
    const logs: string[] = [];
    const c = createClient({ baseUrl: 'https://calckit-no-such-host.invalid', developerToken: 'dns-test-token', retries: 3, logger: { warn: (m) => logs.push(m) } });
    const error = await failure(c.readCalculation(1));
    expect(error.kind).toBe('network');
    expect(['ENOTFOUND', 'EAI_AGAIN']).toContain(error.code);
    expect(error.attempts).toBe(1);
    expect(logs).toEqual([]);
    expect(error.hint).toMatch(/does not resolve/);
    const update = await failure(c.updateFormula(1, '1'));
    expect(update.outcomeUnknown).toBe(false);
  });

  it('TLS spoken to a plain HTTP server: one connection, a hint about TLS', async () => {
    let connections = 0;
    const plain = createServer((_req, res) => res.end('{}'));
    plain.on('connection', () => (connections += 1));
    const host = await listen(plain);
    try {
      const error = await failure(createClient({ baseUrl: `https://${host}`, developerToken: 'tls-test-token', retries: 3 }).searchCalculations({}));
      expect(error.kind).toBe('network');
      expect(error.code).toMatch(/SSL|TLS|EPROTO/);
      expect(error.attempts).toBe(1);
      expect(error.hint).toMatch(/TLS/);
      expect(connections).toBe(1);
    } finally {
      await close(plain);
    }
  });

  const hasOpenssl = (() => {
    try {
      execFileSync('openssl', ['version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();
  it.skipIf(!hasOpenssl)('an untrusted (self-signed) certificate: one connection, a hint about TLS', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'calckit-tls-'));
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=127.0.0.1'], { stdio: 'ignore' });
    let connections = 0;
    const secure = createHttpsServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }, (_req, res) => res.end('{}'));
    secure.on('connection', () => (connections += 1));
    const host = await listen(secure as unknown as Server);
    try {
      const error = await failure(createClient({ baseUrl: `https://${host}`, developerToken: 'tls-test-token', retries: 3 }).readCalculation(1));
      expect(error.kind).toBe('network');
      expect(error.code).toMatch(/CERT/);
      expect(error.attempts).toBe(1);
      expect(error.hint).toMatch(/TLS/);
      expect(connections).toBe(1);
    } finally {
      await close(secure as unknown as Server);
    }
  });
});

describe('answers are capped', () => {
  let server: Server;
  let url: string;
  const MiB = 1024 * 1024;
  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      req.resume();
      const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
      if (path.endsWith('/1')) {
        // Declared length over the limit.
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(2 * MiB) });
        res.end(' '.repeat(2 * MiB));
      } else if (path.endsWith('/2')) {
        // No declared length (chunked), over the limit: the client stops reading.
        res.writeHead(200, { 'content-type': 'application/json' });
        const chunk = ' '.repeat(64 * 1024);
        let sent = 0;
        const pump = (): void => {
          while (sent < 40 * MiB) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          res.end();
        };
        res.on('close', () => (sent = Infinity));
        pump();
      } else if (path.endsWith('/3')) {
        // A huge error body: the client reads the beginning only.
        res.writeHead(500, { 'content-type': 'text/plain', 'content-length': String(5 * MiB) });
        res.end(`internal failure ${'x'.repeat(5 * MiB - 17)}`);
      } else {
        // Just under the limit (and not a Calculation): read, then refused for its shape, not its size.
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ padding: 'y'.repeat(MiB - 100) }));
      }
    });
    url = `http://${await listen(server)}`;
  });
  afterAll(() => close(server));

  it('a declared or streamed answer over maxResponseBytes is a response error (RESPONSE_TOO_LARGE)', async () => {
    const c = createClient({ baseUrl: url, developerToken: 'cap-test-token', retries: 2, maxResponseBytes: MiB });
    for (const id of [1, 2]) {
      const error = await failure(c.readCalculation(id));
      expect(error).toMatchObject({ kind: 'response', code: 'RESPONSE_TOO_LARGE', status: 200, attempts: 1 });
      expect(error.serviceMessage).toMatch(/larger than 1 MiB/);
    }
    const under = await failure(c.readCalculation(4));
    expect(under.kind).toBe('response');
    expect(under.code).toBeUndefined();
    const update = await failure(c.updateFormula(1, '1'));
    expect(update).toMatchObject({ code: 'RESPONSE_TOO_LARGE', outcomeUnknown: true });
  });

  it('the default cap is 16 MiB', async () => {
    const error = await failure(createClient({ baseUrl: url, developerToken: 'cap-test-token', retries: 0 }).readCalculation(2));
    expect(error.code).toBe('RESPONSE_TOO_LARGE');
    expect(error.serviceMessage).toMatch(/16 MiB/);
  });

  it('a huge error body keeps its status and a short message', async () => {
    const error = await failure(createClient({ baseUrl: url, developerToken: 'cap-test-token', retries: 0 }).readCalculation(3));
    expect(error).toMatchObject({ kind: 'http', status: 500 });
    expect(error.serviceMessage.startsWith('internal failure xxx')).toBe(true);
    expect(error.serviceMessage.length).toBeLessThanOrEqual(501);
  });
});

describe('tokens are redacted before truncation, in every spelling', () => {
  const TOKEN = 'Dev-Token/with+Odd=chars-0123456789';
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      const token = String(req.headers['x-svc-developer-token'] ?? '');
      const id = (req.url ?? '').split('/').pop();
      const bodies: Record<string, [number, string, string]> = {
        // The token straddles the 500-character cut of plain-text error bodies.
        '1': [500, 'text/plain', `${'e'.repeat(490)}${token} and more`],
        '2': [502, 'text/plain', `upstream rejected https://x.example/api?token=${encodeURIComponent(token)}`],
        '3': [401, 'text/plain', `TOKEN ${token.toUpperCase()} IS NOT VALID; lower: ${token.toLowerCase()}`],
        '4': [400, 'application/json', JSON.stringify({ status: 400, message: `bad token ${encodeURIComponent(encodeURIComponent(token))}`, errors: [{ field: `header.${token}`, message: `echo ${token}` }] })],
        '5': [200, 'text/html', `<html>${'h'.repeat(150)}${token}</html>`],
      };
      const [status, type, body] = bodies[id ?? ''] ?? [404, 'text/plain', 'no'];
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    });
    url = `http://${await listen(server)}`;
  });
  afterAll(() => close(server));

  /** Any spelling of the token, or a long enough piece of it, in any case. */
  const leaks = (text: string): boolean => {
    const lower = text.toLowerCase();
    const forms = [TOKEN, encodeURIComponent(TOKEN), encodeURIComponent(encodeURIComponent(TOKEN))].map((f) => f.toLowerCase());
    if (forms.some((f) => lower.includes(f))) return true;
    for (let i = 0; i + 8 <= TOKEN.length; i++) if (lower.includes(TOKEN.slice(i, i + 8).toLowerCase())) return true;
    return false;
  };

  it.each([1, 2, 3, 4, 5])('echo %i', async (id) => {
    const logs: string[] = [];
    const c = createClient({ baseUrl: url, developerToken: TOKEN, retries: 0, logger: { debug: (m) => logs.push(m), warn: (m) => logs.push(m) } });
    const error = await failure(c.readCalculation(id));
    const everything = [error.message, error.stack ?? '', JSON.stringify(error.toJSON()), logs.join('\n')].join('\n');
    expect(leaks(everything)).toBe(false);
    expect(everything).toContain('[REDACTED]');
  });
});
