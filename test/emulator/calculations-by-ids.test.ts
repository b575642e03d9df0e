// The read of several calculations at once (community-documented operation) over HTTP: the Calculations found, in
// the order asked, unknown ids left out, the same objects as the read, validation errors, authentication, faults.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fixtures } from '@calckit/emulator';
import { ErrorBodySchema, MAX_CALCULATIONS_BY_IDS, ReadCalculationsByIdsResponseSchema, calculationPath, calculationsByIdsPath } from '@calckit/protocol';
import { DEV, SES, devHeaders, sesHeaders, startTestEmulator, type TestEmulator } from './helpers.js';

type CalcFixture = Fixtures['calculations'][number];
const calc = (id: number, extra: Partial<CalcFixture> = {}): CalcFixture => ({
  id, name: `Calc ${id}`, owner: 7, expression: `SUM(\`Sales\`) + ${id}`, locked: false, datasetId: 'sales', global: false, archived: false, hidden: false, variable: false, ...extra,
});

/** 1,200 calculations (ids 1–1200) of every kind: locked, a variable, nested, archived, without a dataset. */
const CALCULATIONS: CalcFixture[] = [
  ...Array.from({ length: 1200 }, (_, i) => calc(i + 1)),
  calc(5001, { locked: true }),
  calc(5002, { variable: true, expression: '100' }),
  calc(5003, { expression: 'SVC_BEAST_MODE(1) * 2' }),
  calc(5004, { archived: true, hidden: true, datasetId: null }),
];

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startTestEmulator({ fixtures: { datasets: [{ id: 'sales', name: 'Sales', columns: [{ name: 'Sales', id: 's', type: 'DECIMAL', visible: true, order: 0 }] }], calculations: CALCULATIONS } });
});
afterAll(async () => {
  await emu.close();
});

const readMany = (body: unknown, headers: Record<string, string> = devHeaders) => emu.call('POST', calculationsByIdsPath(), body, headers);
const ok = async (body: unknown) => {
  const r = await readMany(body);
  expect(r.status, JSON.stringify(r.body).slice(0, 500)).toBe(200);
  return ReadCalculationsByIdsResponseSchema.parse(r.body);
};
const refused = async (body: unknown): Promise<string[]> => {
  const r = await readMany(body);
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  const error = ErrorBodySchema.parse(r.body);
  expect(error.code).toBe('VALIDATION_FAILED');
  return (error.errors ?? []).map((e) => e.field);
};

describe('POST /api/query/v1/functions/list/id', () => {
  it('answers the Calculations asked for (ids as strings, as community tools send them), in the order asked', async () => {
    const calcs = await ok({ ids: ['12', '3', '1200'] });
    expect(calcs.map((c) => c.id)).toEqual([12, 3, 1200]);
    expect(calcs[0]!.expression).toBe('SUM(`Sales`) + 12');
  });

  it('each element is exactly what the read of that calculation answers, field order included', async () => {
    const ids = [5001, 5002, 5003, 5004, 7];
    const r = await readMany({ ids });
    for (const [i, id] of ids.entries()) {
      const single = await emu.call('GET', calculationPath(id));
      expect(JSON.stringify(r.body[i])).toBe(JSON.stringify(single.body));
    }
    expect(r.body.map((c: { locked: boolean; variable: boolean }) => [c.locked, c.variable])).toEqual([[true, false], [false, true], [false, false], [false, false], [false, false]]);
    expect(r.body[2].functionTemplateDependencies).toEqual([1]);
  });

  it('accepts integer ids too, and answers an id asked twice once', async () => {
    expect((await ok({ ids: [5, '6', 5, '5'] })).map((c) => c.id)).toEqual([5, 6]);
  });

  it('leaves out ids that do not exist, without an error; none found is an empty array', async () => {
    expect((await ok({ ids: ['4', '999999', '2', '1300'] })).map((c) => c.id)).toEqual([4, 2]);
    expect(await ok({ ids: ['999999'] })).toEqual([]);
  });

  it(`reads up to ${MAX_CALCULATIONS_BY_IDS} ids in one call`, async () => {
    const ids = Array.from({ length: MAX_CALCULATIONS_BY_IDS }, (_, i) => String(MAX_CALCULATIONS_BY_IDS - i));
    const calcs = await ok({ ids });
    expect(calcs.map((c) => String(c.id))).toEqual(ids);
  });

  it('answers the formula as stored now (after an update)', async () => {
    const update = await emu.call('POST', `${calculationPath(9)}?strict=false`, { expression: 'SUM(`Sales`) * 9' });
    expect(update.status).toBe(200);
    const [c] = await ok({ ids: ['9'] });
    expect(c).toMatchObject({ id: 9, expression: 'SUM(`Sales`) * 9', checkSum: update.body.checkSum });
  });

  it('refuses with 400 and the fields named: no ids, an empty list, too many, ids that are not positive integers', async () => {
    expect(await refused({})).toEqual(['ids']);
    expect(await refused({ ids: [] })).toEqual(['ids']);
    expect(await refused({ ids: '1,2' })).toEqual(['ids']);
    expect(await refused({ ids: Array.from({ length: MAX_CALCULATIONS_BY_IDS + 1 }, (_, i) => i + 1) })).toEqual(['ids']);
    expect(await refused({ ids: ['1', '0', 'abc', -2, 1.5, '007', null] })).toEqual(['ids.1', 'ids.2', 'ids.3', 'ids.4', 'ids.5', 'ids.6']);
    const notObject = await readMany(['1', '2']);
    expect(notObject.status).toBe(400);
    expect(ErrorBodySchema.parse(notObject.body).code).toBe('VALIDATION_FAILED');
    expect((await readMany('{"ids":["1"')).body.code).toBe('MALFORMED_JSON');
  });

  it('needs the developer token (never echoed); GET is 405', async () => {
    const missing = await readMany({ ids: ['1'] }, { 'content-type': 'application/json' });
    expect(missing.status).toBe(401);
    expect((await readMany({ ids: ['1'] }, sesHeaders)).status).toBe(401);
    const wrong = await readMany({ ids: ['1'] }, { 'X-SVC-Developer-Token': 'nope', 'content-type': 'application/json' });
    expect(wrong.status).toBe(401);
    expect(JSON.stringify(wrong.body)).not.toContain(DEV);
    expect(JSON.stringify(wrong.body)).not.toContain(SES);
    const get = await emu.call('GET', calculationsByIdsPath());
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('can be made to fail through fault injection (operation readCalculationsByIds)', async () => {
    const fault = await emu.call('POST', '/__emulator/faults', { operation: 'readCalculationsByIds', status: 404, count: 1 });
    expect(fault.status).toBe(200);
    const failed = await readMany({ ids: ['1'] });
    expect(failed.status).toBe(404);
    expect(failed.body.code).toBe('INJECTED_FAULT');
    expect((await ok({ ids: ['1'] })).map((c) => c.id)).toEqual([1]);
  });
});
