// Error paths shared by every operation: auth, routing, body limits, media type, odd path ids, raw HTTP garbage,
// fault injection and health. Every error must be JSON { status, message, code?, errors? } and change nothing.
import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema, OPERATIONS, calculationPath, calculationSearchPath, calculationsByIdsPath, datasetSchemaPath, datasetSchemaReadPath, functionPath, reportSchedulesPath } from '@calckit/protocol';
import { DEV, PKG, SES, devHeaders, sesHeaders, startTestEmulator, type TestEmulator } from './helpers.js';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startTestEmulator({ maxBodyBytes: 64 * 1024 });
});
afterAll(async () => {
  await emu.close();
});

const isErrorBody = (body: unknown, status: number): void => {
  expect(ErrorBodySchema.safeParse(body).success).toBe(true);
  expect((body as { status: number }).status).toBe(status);
};

/** One call per operation, with a valid body. */
const CALLS = [
  { op: 'readCalculation', method: 'GET', path: calculationPath(1), body: undefined },
  { op: 'updateFormula', method: 'POST', path: calculationPath(1), body: { expression: '1' } },
  { op: 'lockCalculation', method: 'PUT', path: calculationPath(1), body: { locked: false } },
  { op: 'runFunction', method: 'POST', path: functionPath(PKG, '1.2.0', 'add'), body: { inputVariables: { a: 1, b: 2 } } },
  { op: 'setDatasetSchema', method: 'POST', path: datasetSchemaPath('sales'), body: { columns: [{ name: 'Sales', id: 's', type: 'DECIMAL', visible: true, order: 0 }] } },
  { op: 'createReportSchedule', method: 'POST', path: reportSchedulesPath(), body: { title: 't', pageId: 10, viewId: 100, schedule: { frequency: 'DAILY', hourOfDay: 1, minOfHour: 2, timezone: 'UTC' } } },
  { op: 'searchCalculations', method: 'POST', path: calculationSearchPath(), body: { name: '', filters: [{ field: 'notvariable' }], sort: { field: 'name', ascending: true }, limit: 10, offset: 0 } },
  { op: 'readCalculationsByIds', method: 'POST', path: calculationsByIdsPath(), body: { ids: ['1', '2'] } },
  { op: 'readDatasetSchema', method: 'GET', path: `${datasetSchemaReadPath('sales')}?includeHidden=true`, body: undefined },
] as const;

describe('authentication', () => {
  it('every operation is 401 with a JSON body when its token is missing or wrong, and works with it', async () => {
    expect(CALLS.map((c) => c.op).sort()).toEqual(Object.keys(OPERATIONS).sort());
    for (const c of CALLS) {
      const auth = OPERATIONS[c.op].auth;
      const good = auth === 'session' ? sesHeaders : devHeaders;
      const other = auth === 'session' ? devHeaders : sesHeaders;
      const missing = await emu.call(c.method, c.path, c.body, { 'content-type': 'application/json' });
      expect(missing.status, c.op).toBe(401);
      isErrorBody(missing.body, 401);
      expect((await emu.call(c.method, c.path, c.body, other)).status, c.op).toBe(401);
      const wrongHeaders = auth === 'session'
        ? { 'x-svc-authentication': 'nope', 'content-type': 'application/json' }
        : { 'X-SVC-Developer-Token': 'nope', 'content-type': 'application/json' };
      const wrong = await emu.call(c.method, c.path, c.body, wrongHeaders);
      expect(wrong.status, c.op).toBe(401);
      expect(JSON.stringify(wrong.body)).not.toContain(DEV);
      expect(JSON.stringify(wrong.body)).not.toContain(SES);
      expect((await emu.call(c.method, c.path, c.body, good)).status, c.op).toBe(200);
    }
  });
  it('header names follow the service name', async () => {
    const other = await startTestEmulator({ serviceName: 'ACME' });
    try {
      expect((await other.call('GET', calculationPath(1), undefined, { 'X-ACME-Developer-Token': DEV })).status).toBe(200);
      expect((await other.call('GET', calculationPath(1), undefined, devHeaders)).status).toBe(401);
      const schema = await other.call('POST', datasetSchemaPath('empty'), { columns: [{ name: 'A', id: 'a', type: 'LONG', visible: true, order: 0 }] },
        { 'x-acme-authentication': SES, 'content-type': 'application/json' });
      expect(schema.status).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('routing and input', () => {
  it('unknown paths are 404 and wrong methods 405 with Allow', async () => {
    const none = await emu.call('GET', '/api/query/v1/nothing');
    expect(none.status).toBe(404);
    isErrorBody(none.body, 404);
    const wrong = await emu.call('DELETE', calculationPath(1));
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET, POST, PUT');
    isErrorBody(wrong.body, 405);
  });
  it('odd characters in path ids are 400 before any lookup', async () => {
    const odd = [
      '/api/query/v1/functions/template/1.5', '/api/query/v1/functions/template/-1', '/api/query/v1/functions/template/0',
      '/api/query/v1/functions/template/99999999999999999999', '/api/query/v1/functions/template/%31%00',
      '/api/query/v1/functions/template/%E0%A4%A', '/api/query/v1/functions/template/%F0%9F%98%80',
      `/api/codeengine/v2/packages/${PKG}/versions/1.2.0/functions/a%20b`, '/api/codeengine/v2/packages/..%2F..%2Fetc/versions/1/functions/f',
    ];
    for (const path of odd) {
      const r = await emu.call('POST', path, { expression: '1' });
      expect(r.status, path).toBe(400);
      isErrorBody(r.body, 400);
      expect(r.body.errors[0].field, path).toMatch(/^path\./);
    }
    const ds = await emu.call('POST', '/api/data/v2/datasources/a%3Cb%3E/schemas', { columns: [] }, sesHeaders);
    expect(ds.body.errors[0].field).toBe('path.datasetId');
  });
  it('bodies over the limit are 413 and change nothing', async () => {
    const before = (await emu.call('GET', calculationPath(1))).body;
    const huge = { expression: `1 + ${'1 + '.repeat(40_000)}1` };
    const r = await emu.call('POST', calculationPath(1), huge);
    expect(r.status).toBe(413);
    isErrorBody(r.body, 413);
    expect((await emu.call('GET', calculationPath(1))).body).toEqual(before);
    // A body far beyond the limit (more than the drain cap) is cut off; the server keeps serving.
    const enormous = await fetch(emu.url + calculationPath(1), { method: 'POST', headers: devHeaders, body: 'x'.repeat(2 * 1024 * 1024) })
      .then((res) => res.status, () => 'connection cut');
    expect([413, 'connection cut']).toContain(enormous);
    expect((await emu.call('GET', calculationPath(1))).body).toEqual(before);
  });
  it('a body that is not declared JSON is 415; malformed JSON is 400', async () => {
    const text = await emu.call('POST', calculationPath(1), JSON.stringify({ expression: '1' }), { 'X-SVC-Developer-Token': DEV, 'content-type': 'text/plain' });
    expect(text.status).toBe(415);
    isErrorBody(text.body, 415);
    for (const raw of ['{', '{"expression": "1",}', '\u0000', '{"expression": "\\x"}']) {
      const r = await emu.call('POST', calculationPath(1), raw);
      expect(r.status, raw).toBe(400);
      expect(r.body.code).toBe('MALFORMED_JSON');
    }
  });
  it('early refusals (401 before the body is read) keep kept-alive connections usable', async () => {
    const body = JSON.stringify({ expression: 'x'.repeat(60_000) });
    for (let i = 0; i < 20; i++) {
      const refused = await fetch(emu.url + calculationPath(1), { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(refused.status).toBe(401);
      await refused.text();
      const next = await fetch(emu.url + calculationPath(1), { headers: devHeaders });
      expect(next.status).toBe(200);
      await next.text();
    }
  });
  it('raw HTTP garbage gets a 400 and the server keeps serving', async () => {
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(emu.port, '127.0.0.1', () => socket.write('THIS IS NOT HTTP\r\n\r\n'));
      let data = '';
      socket.on('data', (d) => (data += d.toString()));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    expect(reply).toMatch(/^HTTP\/1\.1 400/);
    expect(reply).toContain('"status":400');
    expect((await emu.call('GET', calculationPath(1))).status).toBe(200);
  });
  it('an absolute-form request target is refused', async () => {
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(emu.port, '127.0.0.1', () =>
        socket.write(`GET http://elsewhere/api/query/v1/functions/template/1 HTTP/1.1\r\nHost: x\r\nX-SVC-Developer-Token: ${DEV}\r\nConnection: close\r\n\r\n`));
      let data = '';
      socket.on('data', (d) => (data += d.toString()));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    expect(reply).toMatch(/^HTTP\/1\.1 400/);
  });
});

describe('fault injection', () => {
  it('makes the next N calls of one operation fail, then lets calls through', async () => {
    const add = await emu.call('POST', '/__emulator/faults', { operation: 'updateFormula', status: 503, count: 2, retryAfter: 1 });
    expect(add.status).toBe(200);
    expect((await emu.call('GET', '/__emulator/faults')).body.faults).toHaveLength(1);
    for (let i = 0; i < 2; i++) {
      const r = await emu.call('POST', calculationPath(4), { expression: '7' });
      expect(r.status).toBe(503);
      expect(r.body.code).toBe('INJECTED_FAULT');
      expect(r.headers.get('retry-after')).toBe('1');
    }
    expect((await emu.call('GET', calculationPath(4))).body.expression).toBe('1 + 1');
    expect((await emu.call('POST', calculationPath(4), { expression: '7' })).status).toBe(200);
  });
  it('when=after applies the change, then answers the failure (a lost response)', async () => {
    await emu.call('POST', '/__emulator/faults', { operation: 'lockCalculation', status: 500, when: 'after' });
    const r = await emu.call('PUT', calculationPath(4), { locked: true });
    expect(r.status).toBe(500);
    expect((await emu.call('GET', calculationPath(4))).body.locked).toBe(true);
    await emu.call('PUT', calculationPath(4), { locked: false });
  });
  it('faults only touch their operation; a delay holds the answer; DELETE clears', async () => {
    await emu.call('POST', '/__emulator/faults', { operation: 'runFunction', status: 502, delayMs: 200 });
    expect((await emu.call('GET', calculationPath(1))).status).toBe(200);
    const started = Date.now();
    expect((await emu.call('POST', functionPath(PKG, '1.2.0', 'add'), { inputVariables: { a: 1, b: 2 } })).status).toBe(502);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    await emu.call('POST', '/__emulator/faults', { operation: 'createReportSchedule', status: 429, count: 5 });
    expect((await emu.call('DELETE', '/__emulator/faults')).body.faults).toEqual([]);
    expect((await emu.call('GET', '/__emulator/faults')).body.faults).toEqual([]);
  });
  it('refuses bad fault bodies and callers without the developer token', async () => {
    const bad = await emu.call('POST', '/__emulator/faults', { operation: 'explode', status: 200, count: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['count', 'operation', 'status']);
    expect((await emu.call('POST', '/__emulator/faults', { operation: 'updateFormula', status: 500 }, { 'content-type': 'application/json' })).status).toBe(401);
  });
  it('is off when the emulator is started with faults: false', async () => {
    const off = await startTestEmulator({ faults: false });
    try {
      expect((await off.call('POST', '/__emulator/faults', { operation: 'updateFormula', status: 500 })).status).toBe(404);
      expect((await off.call('GET', '/__emulator/health')).body.faultInjection).toBe(false);
    } finally {
      await off.close();
    }
  });
});

describe('random input', () => {
  it('every answer to random paths, bodies and headers is JSON with its status, and the server stays up', async () => {
    const segment = fc.oneof(fc.constantFrom('1', '2', '999', PKG, '1.2.0', 'add', 'sales', '%00', '..', '%', '-1'), fc.string({ maxLength: 8 }).map(encodeURIComponent));
    const path = fc.oneof(
      segment.map((id) => calculationPath(1).replace('/1', `/${id}`)),
      fc.tuple(segment, segment, segment).map(([p, v, f]) => `/api/codeengine/v2/packages/${p}/versions/${v}/functions/${f}`),
      segment.map((id) => `/api/data/v2/datasources/${id}/schemas`),
      fc.constant(reportSchedulesPath()),
      fc.webPath(),
    );
    const body = fc.oneof(fc.json(), fc.string(), fc.jsonValue().map((v) => JSON.stringify({ expression: v, locked: v, columns: v, inputVariables: v, title: v, schedule: v })));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('GET', 'POST', 'PUT', 'PATCH'), path, body, fc.boolean(), async (method, p, b, asSession) => {
        const headers = { ...(asSession ? sesHeaders : devHeaders) };
        const r = await emu.call(method, p, method === 'GET' ? undefined : b, headers);
        expect(r.status).toBeLessThan(500);
        if (r.status !== 200) isErrorBody(r.body, r.status);
      }),
      { numRuns: 300 },
    );
    expect((await emu.call('GET', '/__emulator/health')).body.status).toBe('ok');
  });
});

describe('health', () => {
  it('answers without a token, with counts', async () => {
    const r = await emu.call('GET', '/__emulator/health', undefined, {});
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'ok', serviceName: 'SVC', faultInjection: true, counts: { calculations: 5, datasets: 2, pages: 2, views: 3 } });
  });
});
