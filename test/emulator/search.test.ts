// The search of calculations (community-documented operation) over HTTP: filters, name matching, sort, paging,
// validation errors, authentication, and the odd names an import must cope with (/, .., accents, duplicates).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fixtures } from '@calckit/emulator';
import { ErrorBodySchema, SearchCalculationsResponseSchema, calculationPath, calculationSearchPath } from '@calckit/protocol';
import { DEV, SES, devHeaders, sesHeaders, startTestEmulator, type TestEmulator } from './helpers.js';

type CalcFixture = Fixtures['calculations'][number];
const calc = (id: number, name: string, datasetId: string | null, extra: Partial<CalcFixture> = {}): CalcFixture => ({
  id, name, owner: 7, expression: `${id} + 1`, locked: false, datasetId, global: false, archived: false, hidden: false, variable: false, ...extra,
});

/** 40 calculations on `sales`, 10 on `hr`, odd names, variables and another owner. */
const CALCULATIONS: CalcFixture[] = [
  ...Array.from({ length: 40 }, (_, i) => calc(1000 + i, `Sales metric ${String(i).padStart(2, '0')}`, 'sales')),
  ...Array.from({ length: 10 }, (_, i) => calc(2000 + i, `HR metric ${i}`, 'hr')),
  calc(3001, 'Ratio a/b', 'sales'),
  calc(3002, '../../etc/passwd', 'sales'),
  calc(3003, 'Écart de marge', 'sales'),
  calc(3004, 'ecart simple', 'sales'),
  calc(3005, 'Duplicate', 'sales'),
  calc(3006, 'Duplicate', 'sales'),
  calc(3007, 'Duplicate', 'hr'),
  calc(3008, 'Threshold', 'sales', { variable: true, expression: '100' }),
  calc(3009, 'Other owner margin', 'sales', { owner: 9 }),
  calc(3010, 'No dataset', null),
  calc(3011, 'Ecart NFD e\u0301', 'sales'),
];

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startTestEmulator({
    fixtures: {
      datasets: [
        { id: 'sales', name: 'Sales', columns: [] },
        { id: 'hr', name: 'HR', columns: [] },
      ],
      calculations: CALCULATIONS,
    },
  });
});
afterAll(async () => {
  await emu.close();
});

interface Body {
  name?: string;
  filters?: unknown[];
  sort?: unknown;
  limit?: unknown;
  offset?: unknown;
}
const search = (body: Body, headers: Record<string, string> = devHeaders) => emu.call('POST', calculationSearchPath(), body, headers);
const page = async (body: Body) => {
  const r = await search({ limit: 5000, offset: 0, ...body });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const parsed = SearchCalculationsResponseSchema.parse(r.body);
  return { ...parsed, ids: parsed.results.map((x) => x.id), names: parsed.results.map((x) => x.name) };
};

describe('search: results', () => {
  it('lists calculations without their formulas, with links, variable flag and totals', async () => {
    const all = await page({});
    expect(all.results.length).toBe(CALCULATIONS.length);
    expect(all.totalHits).toBe(CALCULATIONS.length);
    expect(all.hasMore).toBe(false);
    const raw = (await search({ limit: 1, offset: 0, name: 'Ratio' })).body;
    expect(raw.results[0]).not.toHaveProperty('expression');
    expect(raw.results[0]).not.toHaveProperty('checkSum');
    expect(raw.results[0]).toMatchObject({
      id: 3001, name: 'Ratio a/b', owner: 7, locked: false, variable: false,
      links: [{ resource: { type: 'DATA_SOURCE', id: 'sales' }, visible: true, active: true, valid: 'VALID' }],
    });
    expect(raw.results[0].legacyId).toMatch(/^calculation_/);
    expect(all.results.find((r) => r.id === 3010)?.links).toEqual([]);
    expect(all.results.find((r) => r.id === 3008)?.variable).toBe(true);
  });

  it('sorts by name ignoring case and accents, then by id; descending on request', async () => {
    const asc = await page({ sort: { field: 'name', ascending: true } });
    const keys = asc.names.map((n) => n.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase());
    expect(keys).toEqual([...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const at = (name: string): number => asc.names.indexOf(name);
    expect([at('Duplicate'), at('Écart de marge'), at('Ecart NFD e\u0301'), at('ecart simple'), at('HR metric 0')]).toEqual([1, 4, 5, 6, 7]);
    const dups = asc.results.filter((r) => r.name === 'Duplicate').map((r) => r.id);
    expect(dups).toEqual([3005, 3006, 3007]);
    const desc = await page({ sort: { field: 'name', ascending: false } });
    expect(desc.results.filter((r) => r.name === 'Duplicate').map((r) => r.id)).toEqual([3005, 3006, 3007]);
    expect(desc.names).toEqual([...asc.names].reverse());
    expect(desc.names[0]).toBe('Threshold');
    const byDefault = await page({});
    expect(byDefault.ids).toEqual(asc.ids);
  });

  it('pages with limit and offset: the pages put together are the whole list, in order, once each', async () => {
    const whole = (await page({ filters: [{ field: 'dataset', idList: ['sales'] }] })).ids;
    expect(whole.length).toBeGreaterThan(40);
    const collected: number[] = [];
    for (let offset = 0; ; offset += 7) {
      const p = await page({ filters: [{ field: 'dataset', idList: ['sales'] }], limit: 7, offset });
      expect(p.totalHits).toBe(whole.length);
      expect(p.hasMore).toBe(offset + p.results.length < whole.length);
      collected.push(...p.ids);
      if (p.results.length < 7) break;
    }
    expect(collected).toEqual(whole);
    expect((await page({ offset: 10_000 })).results).toEqual([]);
  });
});

describe('search: filters', () => {
  it('dataset: calculations linked to one of the ids; several filters combine with AND', async () => {
    const hr = await page({ filters: [{ field: 'dataset', idList: ['hr'] }] });
    expect(hr.ids.sort()).toEqual([...Array.from({ length: 10 }, (_, i) => 2000 + i), 3007].sort());
    const both = await page({ filters: [{ field: 'dataset', idList: ['hr', 'sales'] }] });
    expect(both.results.length).toBe(CALCULATIONS.length - 1); // all but the one without dataset
    const none = await page({ filters: [{ field: 'dataset', idList: ['hr'] }, { field: 'dataset', idList: ['sales'] }] });
    expect(none.results).toEqual([]);
    expect((await page({ filters: [{ field: 'dataset', idList: ['unknown-dataset'] }] })).results).toEqual([]);
  });

  it('owner: ids as numbers or digit strings', async () => {
    expect((await page({ filters: [{ field: 'owner', idList: [9] }] })).ids).toEqual([3009]);
    expect((await page({ filters: [{ field: 'owner', idList: ['9'] }] })).ids).toEqual([3009]);
    expect((await page({ filters: [{ field: 'owner', idList: [7, 9] }] })).results.length).toBe(CALCULATIONS.length);
  });

  it('notvariable leaves variables out; variable keeps only them', async () => {
    const formulas = await page({ filters: [{ field: 'dataset', idList: ['sales'] }, { field: 'notvariable' }] });
    expect(formulas.ids).not.toContain(3008);
    expect(formulas.results.every((r) => r.variable === false)).toBe(true);
    expect((await page({ filters: [{ field: 'variable' }] })).ids).toEqual([3008]);
  });

  it('name: a case-insensitive part of the name, accents and Unicode forms included', async () => {
    expect((await page({ name: 'MARGIN' })).ids.sort()).toEqual([3009]);
    expect((await page({ name: 'marge' })).ids).toEqual([3003]);
    expect((await page({ name: 'écart' })).ids).toEqual([3003]);
    expect((await page({ name: 'e\u0301' })).ids.sort()).toEqual([3003, 3011]); // NFD query matches NFC names too
    expect((await page({ name: 'ecart' })).ids.sort()).toEqual([3004, 3011]); // accents count when matching
    expect((await page({ name: 'a/b' })).ids).toEqual([3001]);
    expect((await page({ name: '../' })).ids).toEqual([3002]);
    expect((await page({ name: '%' })).ids).toEqual([]); // no LIKE wildcards
    expect((await page({ name: '' })).results.length).toBe(CALCULATIONS.length);
  });

  it('sees updates at once (names and flags come from storage)', async () => {
    const r = await emu.call('POST', calculationPath(3004), { expression: '2 + 2' });
    expect(r.status).toBe(200);
    const found = await page({ name: 'ecart simple' });
    expect(found.results[0]!.lastModified).toBe(r.body.lastModified);
  });
});

describe('search: refusals', () => {
  const cases: Array<[string, Body, string[]]> = [
    ['limit 0', { limit: 0, offset: 0 }, ['limit']],
    ['limit over the cap', { limit: 5001, offset: 0 }, ['limit']],
    ['a fractional limit', { limit: 1.5, offset: 0 }, ['limit']],
    ['a negative offset', { limit: 10, offset: -1 }, ['offset']],
    ['limit and offset missing', {}, ['limit', 'offset']],
    ['limit as a string', { limit: '10', offset: 0 }, ['limit']],
    ['an unknown filter field', { limit: 10, offset: 0, filters: [{ field: 'colour' }] }, ['filters.0.field']],
    ['dataset without ids', { limit: 10, offset: 0, filters: [{ field: 'dataset' }] }, ['filters.0.idList']],
    ['dataset with an empty list', { limit: 10, offset: 0, filters: [{ field: 'dataset', idList: [] }] }, ['filters.0.idList']],
    ['a bad dataset id', { limit: 10, offset: 0, filters: [{ field: 'notvariable' }, { field: 'dataset', idList: ['ok', 'no/slash'] }] }, ['filters.1.idList.1']],
    ['a bad owner id', { limit: 10, offset: 0, filters: [{ field: 'owner', idList: ['seven'] }] }, ['filters.0.idList.0']],
    ['notvariable with ids', { limit: 10, offset: 0, filters: [{ field: 'notvariable', idList: ['x'] }] }, ['filters.0.idList']],
    ['filters not a list', { limit: 10, offset: 0, filters: { field: 'dataset' } as never }, ['filters']],
    ['a sort by another field', { limit: 10, offset: 0, sort: { field: 'created', ascending: true } }, ['sort.field']],
    ['a name too long', { limit: 10, offset: 0, name: 'x'.repeat(1001) }, ['name']],
  ];
  it.each(cases)('%s is 400 naming the fields', async (_what, body, fields) => {
    const r = await search(body);
    expect(r.status).toBe(400);
    expect(ErrorBodySchema.safeParse(r.body).success).toBe(true);
    expect(r.body.code).toBe('VALIDATION_FAILED');
    expect(r.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([...fields].sort());
  });

  it('several problems are listed together', async () => {
    const r = await search({ limit: 0, offset: -5, filters: [{ field: 'nope' }] });
    expect(r.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['filters.0.field', 'limit', 'offset']);
  });

  it('needs the developer token (401, never echoing a token); GET is 405', async () => {
    const body = { limit: 10, offset: 0 };
    const none = await search(body, { 'content-type': 'application/json' });
    expect(none.status).toBe(401);
    expect(ErrorBodySchema.safeParse(none.body).success).toBe(true);
    const session = await search(body, sesHeaders);
    expect(session.status).toBe(401);
    const wrong = await search(body, { 'X-SVC-Developer-Token': 'nope', 'content-type': 'application/json' });
    expect(wrong.status).toBe(401);
    expect(JSON.stringify([none.body, session.body, wrong.body])).not.toContain(DEV);
    expect(JSON.stringify([none.body, session.body, wrong.body])).not.toContain(SES);
    const get = await emu.call('GET', calculationSearchPath());
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('fault injection knows the operation', async () => {
    const add = await emu.call('POST', '/__emulator/faults', { operation: 'searchCalculations', status: 503, retryAfter: 2 });
    expect(add.status).toBe(200);
    const r = await search({ limit: 10, offset: 0 });
    expect(r.status).toBe(503);
    expect(r.headers.get('retry-after')).toBe('2');
    expect((await search({ limit: 10, offset: 0 })).status).toBe(200);
  });
});
