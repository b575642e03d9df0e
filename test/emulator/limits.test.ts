// The emulator's limits: nesting depth and size of request bodies (refused with a JSON error on every operation, never
// a 500 or a stack overflow), values as deep as allowed still work end to end, and stored executions are bounded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calculationPath, calculationSearchPath, calculationsByIdsPath, datasetSchemaPath, functionPath, reportSchedulesPath } from '@calckit/protocol';
import { PKG, SES, TEST_FIXTURES, devHeaders, startTestEmulator, type TestEmulator } from './helpers.js';

const LIMITS_PKG = '7e1d2c3b-4a5f-4b6c-8d7e-9f0a1b2c3d4e';
let emu: TestEmulator;

beforeAll(async () => {
  emu = await startTestEmulator({
    executionsKept: 3,
    fixtures: {
      ...TEST_FIXTURES,
      codePackages: [...(TEST_FIXTURES.codePackages ?? []), {
        id: LIMITS_PKG,
        version: '1.0.0',
        functions: [
          { name: 'depth', inputs: [{ name: 'v', type: 'ANY', isList: false, allowNull: true }], output: { type: 'ANY', isList: false, allowNull: true },
            body: 'let d = 0; while (Array.isArray(v)) { v = v[0]; d++; } return d;' },
          { name: 'echo', inputs: [{ name: 'v', type: 'ANY', isList: false, allowNull: true }], output: { type: 'ANY', isList: false, allowNull: true }, body: 'return v;' },
        ],
      }],
    },
  });
});
afterAll(async () => {
  await emu.close();
});

const nested = (depth: number, inner = '1'): string => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
const sesHeaders = { 'x-svc-authentication': SES, 'content-type': 'application/json' };

/** Every operation that takes a body, with a body that nests `value` at its first field. */
const OPERATIONS: readonly { name: string; method: string; path: string; body: (value: string) => string; headers?: Record<string, string> }[] = [
  { name: 'updateFormula', method: 'POST', path: calculationPath(1), body: (v) => `{"expression":${v}}` },
  { name: 'lockCalculation', method: 'PUT', path: calculationPath(1), body: (v) => `{"locked":${v}}` },
  { name: 'runFunction', method: 'POST', path: functionPath(LIMITS_PKG, '1.0.0', 'depth'), body: (v) => `{"inputVariables":{"v":${v}}}` },
  { name: 'setDatasetSchema', method: 'POST', path: datasetSchemaPath('sales'), body: (v) => `{"columns":${v}}`, headers: sesHeaders },
  { name: 'createReportSchedule', method: 'POST', path: reportSchedulesPath(), body: (v) => `{"title":${v}}` },
  { name: 'searchCalculations', method: 'POST', path: calculationSearchPath(), body: (v) => `{"limit":1,"offset":0,"filters":${v}}` },
  { name: 'readCalculations', method: 'POST', path: calculationsByIdsPath(), body: (v) => `{"ids":${v}}` },
  { name: 'faults', method: 'POST', path: '/__emulator/faults', body: (v) => `{"operation":${v}}` },
];

describe('request bodies: depth and size', () => {
  it.each(OPERATIONS)('$name: a 300,000-deep array is 400 with a JSON body naming the limit', async (op) => {
    const r = await emu.call(op.method, op.path, op.body(nested(300_000)), op.headers ?? devHeaders);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', errors: [{ field: 'body', message: 'nesting deeper than 1000 levels' }] });
  });

  it('objects count as levels too, and brackets inside strings do not', async () => {
    const deepObjects = `{"inputVariables":{"v":${'{"a":'.repeat(1000)}1${'}'.repeat(1000)}}}`;
    expect((await emu.call('POST', functionPath(LIMITS_PKG, '1.0.0', 'depth'), deepObjects)).status).toBe(400);
    const brackets = JSON.stringify({ inputVariables: { v: '['.repeat(5000) } });
    const r = await emu.call('POST', functionPath(LIMITS_PKG, '1.0.0', 'echo'), brackets);
    expect(r.body).toMatchObject({ status: 'SUCCESS', result: '['.repeat(5000) });
  });

  it('a value as deep as allowed runs, and comes back', async () => {
    // The body is 2 levels ({ inputVariables: { v } }), so v may nest 998 levels.
    const r = await emu.call('POST', functionPath(LIMITS_PKG, '1.0.0', 'depth'), `{"inputVariables":{"v":${nested(997, '[]')}}}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'SUCCESS', result: 998 });
    const echo = await emu.call('POST', functionPath(LIMITS_PKG, '1.0.0', 'echo'), `{"inputVariables":{"v":${nested(998)}}}`);
    expect(echo.body.status).toBe('SUCCESS');
    expect(JSON.stringify(echo.body.result)).toBe(nested(998));
    expect((await emu.call('POST', functionPath(LIMITS_PKG, '1.0.0', 'depth'), `{"inputVariables":{"v":${nested(999)}}}`)).status).toBe(400);
  });

  it('a body over the size limit is 413 with a JSON body', async () => {
    const r = await emu.call('POST', functionPath(LIMITS_PKG, '1.0.0', 'echo'), `{"inputVariables":{"v":"${'x'.repeat(1024 * 1024)}"}}`);
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('the emulator still answers, and nothing was stored', async () => {
    const health = await emu.call('GET', '/__emulator/health');
    expect(health.body.status).toBe('ok');
    expect((await emu.call('GET', calculationPath(1))).body.expression).toBe('SUM(`Sales`) - SUM(`Cost`)');
  });
});

describe('stored executions', () => {
  it('only the newest executions are kept (executionsKept)', async () => {
    for (let i = 0; i < 5; i++) {
      const r = await emu.call('POST', functionPath(PKG, '1.2.0', 'add'), { inputVariables: { a: i, b: 1 } });
      expect(r.body.status).toBe('SUCCESS');
    }
    const health = await emu.call('GET', '/__emulator/health');
    expect(health.body.counts.executions).toBe(3);
  });
});
