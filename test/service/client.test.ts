// The client against the running emulator over loopback: every operation, every error path, time-outs and retries.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientConfigError, createClient, type Client } from '@calckit/client';
import { failure, type Harness, startHarness } from './harness.js';

let h: Harness;
let client: Client;
beforeAll(async () => {
  h = await startHarness({ maxBodyBytes: 64 * 1024 });
  client = h.client();
});
afterAll(async () => {
  await h.close();
});


describe('operations', () => {
  it('reads a calculation with every field of the seed', async () => {
    const calc = await client.readCalculation(102);
    expect(calc.id).toBe(102);
    expect(calc.name).toBe('Order Size Band');
    expect(calc.checkSum).toMatch(/^[0-9a-f]{40}$/);
    expect(Array.isArray(calc.nonAggregatedColumns)).toBe(true);
    expect(Array.isArray(calc.functionTemplateDependencies)).toBe(true);
  });

  it('updates a formula and gets the stored calculation back', async () => {
    const expression = 'SUM(`Revenue`) * 2';
    const calc = await client.updateFormula(105, expression);
    expect(calc.expression).toBe(expression);
    expect(calc.functions).toContain('SUM');
    expect(calc.columnPositions).toEqual([{ columnName: '`Revenue`', columnPosition: 4 }]);
    expect((await client.readCalculation(105)).expression).toBe(expression);
  });

  it('stores an invalid formula as INVALID without strict, refuses it with strict', async () => {
    const stored = await client.updateFormula(107, 'SUM(`Revenue`');
    expect(stored.status).toBe('INVALID');
    const error = await failure(client.updateFormula(107, 'SUM(`Revenue`', { strict: true }));
    expect(error.status).toBe(400);
    expect(error.kind).toBe('http');
    expect(error.fieldErrors.length).toBeGreaterThan(0);
    expect(error.hint).toMatch(/fix/);
  });

  it('locks and unlocks; the lock answer omits the two update-only fields', async () => {
    const locked = await client.lock(103);
    expect(locked.locked).toBe(true);
    expect('nonAggregatedColumns' in locked).toBe(false);
    expect('functionTemplateDependencies' in locked).toBe(false);
    const unlocked = await client.unlock(103);
    expect(unlocked.locked).toBe(false);
    expect(unlocked.lastModified).toBeGreaterThanOrEqual(locked.lastModified);
  });

  it('runs a code function, with logs and with a wrong-typed result', async () => {
    const ok = await client.runFunction('fx-rates', '1.0.0', 'convert', { inputVariables: { amount: 10, rate: 1.5 }, getLogs: true });
    expect(ok.result).toBe(15);
    expect(ok.errorInformation).toBeNull();
    expect(ok.stdout.log).toEqual(['converting 10 at 1.5']);
    const bad = await client.runFunction('fx-rates', '1.0.0', 'brokenRate', { inputVariables: { currency: 'XYZ' }, getLogs: true });
    expect(bad.errorInformation?.expectedType).toBe('NUMBER');
    expect(bad.errorInformation?.actualType).toBe('STRING');
    expect(bad.stderr.log.join('\n')).toContain('XYZ');
  });

  it('sets a dataset schema with the session token', async () => {
    const columns = [
      { name: 'Ticket ID', id: 'ticket_id', type: 'STRING', visible: true, order: 0 },
      { name: 'Status', id: 'status', type: 'STRING', visible: true, order: 1 },
    ];
    await expect(client.setDatasetSchema('support-tickets', columns)).resolves.toBeUndefined();
  });

  it('creates a report schedule', async () => {
    const created = await client.createReportSchedule({
      title: 'Weekly margin',
      pageId: 5001,
      viewId: 6002,
      attachmentInclude: true,
      schedule: {
        frequency: 'WEEKLY',
        daysToRun: 'MON',
        hourOfDay: 9,
        minOfHour: 30,
        timezone: 'Europe/Paris',
        enabled: true,
        additionalRecipients: [{ type: 'EMAIL', value: 'finance@example.com' }, { type: 'EMAIL', value: 'ceo@example.com' }],
      },
    });
    expect(created.recipientCount).toBe(2);
    expect(created.schedule.nextRunDate).toBeGreaterThan(Date.now());
    expect(new Date(created.schedule.nextRunDate).getUTCMinutes()).toBe(30);
  });
});

describe('error paths', () => {
  it('401: a missing or wrong token, and the token never appears in the error', async () => {
    const wrong = h.client({ developerToken: 'wrong-token-value-123' });
    const error = await failure(wrong.readCalculation(101));
    expect(error.status).toBe(401);
    expect(error.hint).toMatch(/CALCKIT_DEVELOPER_TOKEN/);
    expect(JSON.stringify(error.toJSON()) + error.message + (error.stack ?? '')).not.toContain('wrong-token-value-123');
    const noSession = h.client({ sessionToken: 'bad-session-token' });
    const schemaError = await failure(noSession.setDatasetSchema('sales-orders', []));
    expect(schemaError.status).toBe(401);
    expect(schemaError.hint).toMatch(/CALCKIT_SESSION_TOKEN/);
  });

  it('no token at all: a config error before anything is sent', async () => {
    const none = createClient({ baseUrl: h.url });
    const error = await failure(none.readCalculation(101));
    expect(error.kind).toBe('config');
    expect(error.status).toBeUndefined();
  });

  it('404: an unknown calculation, package or page', async () => {
    expect((await failure(client.readCalculation(999_999))).status).toBe(404);
    expect((await failure(client.runFunction('no-such-package', '1.0.0', 'f'))).status).toBe(404);
  });

  it('400: an invalid schedule names the fields', async () => {
    const error = await failure(
      client.createReportSchedule({ title: 'x', pageId: 5001, viewId: 6001, schedule: { frequency: 'WEEKLY', daysToRun: 'MONDAY', hourOfDay: 25, minOfHour: 0, timezone: 'Mars/Olympus' } }),
    );
    expect(error.status).toBe(400);
    const fields = error.fieldErrors.map((f) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['schedule.hourOfDay', 'schedule.timezone']));
  });

  it('413: a body over the size limit', async () => {
    const error = await failure(client.updateFormula(106, `'${'x'.repeat(100_000)}'`));
    expect(error.status).toBe(413);
    expect(error.hint).toMatch(/larger/);
    expect((await client.readCalculation(106)).expression).not.toContain('xxxx');
  });

  it('409/423: updating a locked calculation is refused and changes nothing', async () => {
    await client.lock(104);
    const before = await client.readCalculation(104);
    const error = await failure(client.updateFormula(104, 'MAX(`Revenue`)'));
    expect([409, 423]).toContain(error.status);
    expect(error.hint).toMatch(/locked/);
    expect((await client.readCalculation(104)).checkSum).toBe(before.checkSum);
  });

  it('a client-side bad id is refused before sending', async () => {
    expect((await failure(client.readCalculation(0))).kind).toBe('config');
  });
});

describe('time-outs and retries', () => {
  it('times out a slow read and retries it (reads are idempotent)', async () => {
    await h.inject({ operation: 'readCalculation', status: 500, delayMs: 5_000, count: 1 });
    const patient = h.client({ timeoutMs: 1_000, retries: 1 });
    const calc = await patient.readCalculation(101);
    expect(calc.id).toBe(101);
  });

  it('times out an update and does not retry it; the error says the outcome is unknown', async () => {
    await h.inject({ operation: 'updateFormula', status: 500, delayMs: 5_000, count: 1 });
    const patient = h.client({ timeoutMs: 1_000, retries: 3 });
    const error = await failure(patient.updateFormula(102, '`Revenue` * 3'));
    expect(error.kind).toBe('timeout');
    expect(error.attempts).toBe(1);
    expect(error.outcomeUnknown).toBe(true);
    expect(error.hint).toMatch(/may or may not/);
    await h.clearFaults();
  });

  it('retries an update after 503 with Retry-After, waiting as asked (given the checkSum it replaces)', async () => {
    const previousCheckSum = (await client.readCalculation(102)).checkSum;
    await h.inject({ operation: 'updateFormula', status: 503, retryAfter: 1, count: 1 });
    const retrying = h.client({ retries: 2 });
    const started = Date.now();
    const calc = await retrying.updateFormula(102, '`Revenue` * 4', { previousCheckSum });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(calc.expression).toBe('`Revenue` * 4');
  });

  it('does not retry an update after 503 without Retry-After (it may have been processed)', async () => {
    await h.inject({ operation: 'updateFormula', status: 503, count: 1 });
    const error = await failure(h.client({ retries: 3 }).updateFormula(102, '`Revenue` * 5'));
    expect(error.status).toBe(503);
    expect(error.attempts).toBe(1);
    expect((await client.readCalculation(102)).expression).toBe('`Revenue` * 4');
  });

  it('retries a lock call on 502 with backoff, and gives up after the allowed retries', async () => {
    await h.inject({ operation: 'lockCalculation', status: 502, count: 2 });
    const calc = await h.client({ retries: 2 }).lock(103);
    expect(calc.locked).toBe(true);
    await h.inject({ operation: 'lockCalculation', status: 504, count: 3 });
    const error = await failure(h.client({ retries: 1 }).unlock(103));
    expect(error.status).toBe(504);
    expect(error.attempts).toBe(2);
    await h.clearFaults();
  });

  it('retries a read on 429 honouring Retry-After', async () => {
    await h.inject({ operation: 'readCalculation', status: 429, retryAfter: 1, count: 1 });
    const started = Date.now();
    expect((await h.client({ retries: 1 }).readCalculation(101)).id).toBe(101);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('reports a refused connection as a network error with what to do', async () => {
    const closed = createClient({ baseUrl: 'http://127.0.0.1:9', developerToken: 'x-token', retries: 0 });
    const error = await failure(closed.readCalculation(1));
    expect(error.kind).toBe('network');
    expect(error.hint).toMatch(/cannot reach/);
  });
});

describe('configuration', () => {
  it('refuses plain http except to loopback', () => {
    expect(() => createClient({ baseUrl: 'http://example.com' })).toThrow(ClientConfigError);
    expect(() => createClient({ baseUrl: 'http://localhost:1' })).not.toThrow();
    expect(() => createClient({ baseUrl: 'http://127.0.0.2:1' })).not.toThrow();
    expect(createClient({ instance: 'acme', domain: 'example.com' }).baseUrl).toBe('https://acme.example.com');
    expect(() => createClient({ baseUrl: 'https://u:p@example.com' })).toThrow(/credentials/);
  });

  it('uses the service name for the header names', async () => {
    const other = h.client({ serviceName: 'ACME' });
    const error = await failure(other.readCalculation(101));
    expect(error.status).toBe(401);
    expect(error.serviceMessage).toContain('X-SVC-Developer-Token');
  });
});

describe('a misbehaving service (a stand-in server: the emulator never answers like this)', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      const token = String(req.headers['x-svc-developer-token'] ?? '');
      if (req.url?.endsWith('/1')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ id: 1, name: 'x' })); // most fields missing
      } else {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(`internal error while handling token ${token}`); // echoes the token
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('names the missing fields of a response', async () => {
    const c = createClient({ baseUrl: url, developerToken: 'secret-token-abc', retries: 0 });
    const error = await failure(c.readCalculation(1));
    expect(error.kind).toBe('response');
    expect(error.fieldErrors.map((f) => f.field)).toEqual(expect.arrayContaining(['checkSum', 'locked', 'expression']));
    expect(error.message).toMatch(/checkSum is required/);
  });

  it('redacts a token the service echoes back', async () => {
    const logs: string[] = [];
    const c = createClient({
      baseUrl: url,
      developerToken: 'secret-token-abc',
      retries: 0,
      logger: { debug: (m) => logs.push(m), warn: (m) => logs.push(m) },
    });
    const error = await failure(c.readCalculation(2));
    expect(error.status).toBe(500);
    expect(error.serviceMessage).toContain('[REDACTED]');
    expect(error.message + JSON.stringify(error.toJSON()) + logs.join('\n')).not.toContain('secret-token-abc');
  });
});
