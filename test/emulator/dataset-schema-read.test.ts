// The read of a dataset's columns (community-documented operation) over HTTP: the answer's shape as community tools
// show it, includeHidden, a schema set with the seed's operation read back as set, errors, authentication, faults.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema, ReadDatasetSchemaResponseSchema, datasetSchemaPath, datasetSchemaReadPath } from '@calckit/protocol';
import { DEV, SES, sesHeaders, startTestEmulator, type TestEmulator } from './helpers.js';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(async () => {
  await emu.close();
});

const read = (datasetId: string, query = '?includeHidden=true', headers?: Record<string, string>) =>
  emu.call('GET', `${datasetSchemaReadPath(datasetId)}${query}`, undefined, headers);
const col = (name: string, id: string, type: string, order: number, visible = true) => ({ name, id, type, visible, order });

describe('GET /api/query/v1/datasources/{datasetId}/schema/indexed', () => {
  it('answers { name: "schema", tables: [{ columns }], dataSourceId } with the stored columns, every field of each', async () => {
    const r = await read('sales');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({
      name: 'schema',
      tables: [{ columns: [col('Sales', 'sales', 'DECIMAL', 0), col('Cost', 'cost', 'DECIMAL', 1), col('Date', 'date', 'DATE', 2), col('Region', 'region', 'STRING', 3)] }],
      dataSourceId: 'sales',
    });
    expect(ReadDatasetSchemaResponseSchema.safeParse(r.body).success).toBe(true);
  });

  it('answers a dataset without columns with an empty column list', async () => {
    expect((await read('empty')).body.tables).toEqual([{ columns: [] }]);
  });

  it('reads back a schema set with the seed operation: renamed, dropped and hidden columns as set', async () => {
    const before = (await read('sales')).body.tables[0].columns;
    // Sales renamed (same id), Cost dropped, Region hidden, a new column added.
    const columns = [col('Revenue', 'sales', 'DECIMAL', 0), col('Date', 'date', 'DATE', 1), col('Region', 'region', 'STRING', 2, false), col('Units', 'units', 'LONG', 3)];
    expect((await emu.call('POST', datasetSchemaPath('sales'), { columns }, sesHeaders)).status).toBe(200);
    try {
      expect((await read('sales')).body.tables[0].columns).toEqual(columns);
      expect((await read('sales', '')).body.tables[0].columns).toEqual(columns);
      const visibleOnly = await read('sales', '?includeHidden=false');
      expect(visibleOnly.body.tables[0].columns.map((c: { name: string }) => c.name)).toEqual(['Revenue', 'Date', 'Units']);
    } finally {
      await emu.call('POST', datasetSchemaPath('sales'), { columns: before }, sesHeaders);
    }
  });

  it('is 404 with the usual error body for an unknown dataset, 400 for a bad id or includeHidden value', async () => {
    const missing = await read('nope');
    expect(missing.status).toBe(404);
    expect(ErrorBodySchema.parse(missing.body)).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'dataset nope does not exist' });
    const badFlag = await read('sales', '?includeHidden=maybe');
    expect(badFlag.status).toBe(400);
    expect(badFlag.body.errors[0].field).toBe('query.includeHidden');
    expect((await read('bad%20id')).status).toBe(400);
  });

  it('takes the developer token only (the session token and a wrong token are 401, never echoed)', async () => {
    expect((await read('sales', '?includeHidden=true', {})).status).toBe(401);
    expect((await read('sales', '?includeHidden=true', sesHeaders)).status).toBe(401);
    const wrong = await read('sales', '?includeHidden=true', { 'X-SVC-Developer-Token': `${DEV}x` });
    expect(wrong.status).toBe(401);
    expect(JSON.stringify(wrong.body)).not.toContain(DEV);
    expect(JSON.stringify(wrong.body)).not.toContain(SES);
  });

  it('is refused with POST (405, Allow: GET)', async () => {
    const r = await emu.call('POST', datasetSchemaReadPath('sales'), {});
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('GET');
  });

  it('can be made to fail through fault injection (operation readDatasetSchema)', async () => {
    const fault = await emu.call('POST', '/__emulator/faults', { operation: 'readDatasetSchema', status: 503, count: 1 });
    expect(fault.status).toBe(200);
    const failed = await read('sales');
    expect(failed.status).toBe(503);
    expect(failed.body.code).toBe('INJECTED_FAULT');
    expect((await read('sales')).status).toBe(200);
  });
});
