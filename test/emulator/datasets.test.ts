// Set dataset schema over HTTP: session-token auth, validation of the column list, storage.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SetSchemaResponseSchema, datasetSchemaPath } from '@calckit/protocol';
import { DEV, SES, sesHeaders, startTestEmulator, type TestEmulator } from './helpers.js';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(async () => {
  await emu.close();
});

const col = (name: string, order: number, type = 'STRING', id = name.toLowerCase()) => ({ name, id, type, visible: true, order });
const set = (datasetId: string, body: unknown, headers: Record<string, string> = sesHeaders) => emu.call('POST', datasetSchemaPath(datasetId), body, headers);

describe('set dataset schema', () => {
  it('stores the columns and answers them', async () => {
    const columns = [col('Region', 0), col('Units', 1, 'LONG'), col('When', 2, 'DATETIME')];
    const r = await set('empty', { columns });
    expect(r.status).toBe(200);
    expect(SetSchemaResponseSchema.parse(r.body)).toEqual({ datasetId: 'empty', columns });
    const again = await set('empty', { columns: [col('Only', 0)] });
    expect(again.body.columns).toHaveLength(1);
  });
  it('is authenticated by the session token, not the developer token', async () => {
    const body = { columns: [col('A', 0)] };
    expect((await set('sales', body, { 'X-SVC-Developer-Token': DEV, 'content-type': 'application/json' })).status).toBe(401);
    const wrong = await set('sales', body, { 'x-svc-authentication': `${SES}x`, 'content-type': 'application/json' });
    expect(wrong.status).toBe(401);
    expect(JSON.stringify(wrong.body)).not.toContain(SES);
  });
  it('refuses duplicate names, ids and orders, unknown types and negative orders, listing each', async () => {
    const r = await set('sales', { columns: [col('A', 0), col('A', 1, 'STRING', 'a2'), col('B', 1, 'TEXT', 'a'), col('C', -1)] });
    expect(r.status).toBe(400);
    const fields = r.body.errors.map((e: { field: string }) => e.field).sort();
    expect(fields).toEqual(['columns.1.name', 'columns.2.id', 'columns.2.order', 'columns.2.type', 'columns.3.order'].sort());
  });
  it('refuses wrong types, an empty list and unknown datasets, changing nothing', async () => {
    expect((await set('sales', { columns: [{ name: 'A', id: 'a', type: 'STRING', visible: 'yes', order: 0 }] })).body.errors[0].field).toBe('columns.0.visible');
    expect((await set('sales', { columns: [] })).status).toBe(400);
    expect((await set('sales', { columns: 'A' })).status).toBe(400);
    expect((await set('nope', { columns: [col('A', 0)] })).status).toBe(404);
    // The sales schema still drives strict validation: `Sales` known, `A` unknown.
    const strict = await emu.call('POST', '/api/query/v1/functions/template/1?strict=true', { expression: 'SUM(`A`)' });
    expect(strict.status).toBe(400);
  });
});
