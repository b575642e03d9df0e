// Calculation operations over HTTP: read, update (strict and not), lock/unlock, nesting depth, locked refusals.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { analyzeCalculation } from '@calckit/formula';
import { CalculationSchema, LockedCalculationSchema, calculationPath } from '@calckit/protocol';
import { startTestEmulator, type TestEmulator } from './helpers.js';

let emu: TestEmulator;
beforeEach(async () => {
  emu = await startTestEmulator();
});
afterEach(async () => {
  await emu.close();
});

const SALES_SCHEMA = [
  { name: 'Sales', type: 'DECIMAL' as const },
  { name: 'Cost', type: 'DECIMAL' as const },
  { name: 'Date', type: 'DATE' as const },
  { name: 'Region', type: 'STRING' as const },
];

describe('read', () => {
  it('returns the full Calculation of a fixture, computed by the analyzer', async () => {
    const r = await emu.call('GET', calculationPath(1));
    expect(r.status).toBe(200);
    expect(CalculationSchema.safeParse(r.body).success).toBe(true);
    const expected = analyzeCalculation('SUM(`Sales`) - SUM(`Cost`)', { schema: SALES_SCHEMA });
    expect(r.body).toMatchObject({
      id: 1, name: 'Profit', owner: 7, locked: false, global: false, expression: 'SUM(`Sales`) - SUM(`Cost`)',
      checkSum: expected.checkSum, functions: expected.functions, columnPositions: expected.columnPositions,
      dataType: expected.dataType, cacheWindow: expected.cacheWindow, aggregated: expected.aggregated, status: 'VALID',
      links: [{ resource: { type: 'DATA_SOURCE', id: 'sales' }, visible: true, active: true, valid: 'VALID' }],
    });
    expect(r.body.legacyId).toMatch(/^calculation_[0-9a-f-]{36}$/);
    expect(Object.keys(r.body).sort()).toEqual(Object.keys(CalculationSchema.shape).sort());
  });
  it('a calculation without dataset has no links', async () => {
    const r = await emu.call('GET', calculationPath(4));
    expect(r.body.links).toEqual([]);
    expect(r.body.global).toBe(true);
  });
  it('unknown id is 404 with a JSON body', async () => {
    const r = await emu.call('GET', calculationPath(999));
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ status: 404, code: 'NOT_FOUND', errors: [{ field: 'path.calculationId' }] });
  });
});

describe('update formula', () => {
  it('stores the formula and answers what the service stores', async () => {
    const before = await emu.call('GET', calculationPath(1));
    const expression = 'CASE WHEN SUM(`Sales`) > 0 THEN SUM(`Sales`) - SUM(`Cost`) ELSE 0 END';
    const r = await emu.call('POST', `${calculationPath(1)}?strict=false`, { expression });
    expect(r.status).toBe(200);
    expect(CalculationSchema.safeParse(r.body).success).toBe(true);
    const expected = analyzeCalculation(expression, { schema: SALES_SCHEMA });
    expect(r.body).toMatchObject({ expression, checkSum: expected.checkSum, functions: expected.functions, columnPositions: expected.columnPositions, status: 'VALID' });
    expect(r.body.lastModified).toBeGreaterThan(before.body.lastModified);
    expect(r.body.created).toBe(before.body.created);
    const after = await emu.call('GET', calculationPath(1));
    expect(after.body).toEqual(r.body);
  });
  it('strict=false stores an invalid formula with status INVALID', async () => {
    const r = await emu.call('POST', `${calculationPath(1)}?strict=false`, { expression: 'SUM(`Nope`' });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('INVALID');
    expect(r.body.links[0].valid).toBe('ILLEGAL_REFERENCE');
    expect((await emu.call('GET', calculationPath(1))).body.expression).toBe('SUM(`Nope`');
  });
  it('a syntax error leaves the dataset link VALID; an unknown column makes it ILLEGAL_REFERENCE', async () => {
    const syntax = await emu.call('POST', calculationPath(1), { expression: 'SUM(`Sales`' });
    expect(syntax.body).toMatchObject({ status: 'INVALID', links: [{ valid: 'VALID' }] });
    const reference = await emu.call('POST', calculationPath(1), { expression: 'SUM(`Nope`)' });
    expect(reference.body).toMatchObject({ status: 'INVALID', links: [{ valid: 'ILLEGAL_REFERENCE' }] });
  });
  it('strict absent behaves as strict=false', async () => {
    const r = await emu.call('POST', calculationPath(1), { expression: 'SUM(`Nope`)' });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('INVALID');
  });
  it('strict=true refuses an invalid formula with 400 listing the problems, and stores nothing', async () => {
    const expression = 'SUM(`Nope`) + SUM(`Sales`';
    const r = await emu.call('POST', `${calculationPath(1)}?strict=true`, { expression });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('INVALID_FORMULA');
    const problems = analyzeCalculation(expression, { schema: SALES_SCHEMA }).problems;
    expect(r.body.errors).toHaveLength(problems.length);
    expect(r.body.errors.map((e: { code: string }) => e.code)).toEqual(problems.map((p) => p.code));
    expect(r.body.errors[0]).toMatchObject({ field: 'expression', start: problems[0]!.start, end: problems[0]!.end });
    expect((await emu.call('GET', calculationPath(1))).body.expression).toBe('SUM(`Sales`) - SUM(`Cost`)');
  });
  it('strict validation uses the schema set through the schema operation', async () => {
    const ok = await emu.call('POST', `${calculationPath(5)}?strict=true`, { expression: 'SUM(`Amount`)' });
    expect(ok.status).toBe(200); // no schema yet: columns cannot be checked
    const set = await emu.call('POST', '/api/data/v2/datasources/empty/schemas',
      { columns: [{ name: 'Units', id: 'u', type: 'LONG', visible: true, order: 0 }] },
      { 'x-svc-authentication': 'session-token-for-tests', 'content-type': 'application/json' });
    expect(set.status).toBe(200);
    const refused = await emu.call('POST', `${calculationPath(5)}?strict=true`, { expression: 'SUM(`Amount`)' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].message).toMatch(/Amount/);
    const accepted = await emu.call('POST', `${calculationPath(5)}?strict=true`, { expression: 'SUM(`Units`)' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.dataType).toBe(analyzeCalculation('SUM(`Units`)', { schema: [{ name: 'Units', type: 'LONG' }] }).dataType);
  });
  it('bad strict values are refused', async () => {
    const r = await emu.call('POST', `${calculationPath(1)}?strict=yes`, { expression: '1' });
    expect(r.status).toBe(400);
    expect(r.body.errors[0].field).toBe('query.strict');
  });
  it('a locked calculation is refused with 423 and not changed', async () => {
    const before = await emu.call('GET', calculationPath(2));
    const r = await emu.call('POST', calculationPath(2), { expression: '1' });
    expect(r.status).toBe(423);
    expect(r.body).toMatchObject({ status: 423, code: 'LOCKED' });
    expect((await emu.call('GET', calculationPath(2))).body).toEqual(before.body);
  });
  it('wrong body types and missing fields are 400 with the field named', async () => {
    for (const body of [{ expression: 42 }, {}, { expression: null }]) {
      const r = await emu.call('POST', calculationPath(1), body);
      expect(r.status).toBe(400);
      expect(r.body.errors[0].field).toBe('expression');
    }
    for (const body of ['[]', '"text"', 'null', '']) {
      const r = await emu.call('POST', calculationPath(1), body);
      expect(r.status).toBe(400);
      expect(r.body.status).toBe(400);
    }
    expect((await emu.call('GET', calculationPath(1))).body.expression).toBe('SUM(`Sales`) - SUM(`Cost`)');
  });
  it('unknown calculation is 404', async () => {
    const r = await emu.call('POST', calculationPath(12345), { expression: '1' });
    expect(r.status).toBe(404);
  });
});

describe('nesting', () => {
  it('one level is stored, with functionTemplateDependencies', async () => {
    const r = await emu.call('POST', calculationPath(4), { expression: 'SVC_BEAST_MODE(1) + 1' });
    expect(r.status).toBe(200);
    expect(r.body.functionTemplateDependencies).toEqual([1]);
    expect(r.body.status).toBe('VALID');
  });
  it('nesting a calculation that nests another is ILLEGAL_DEPTH, whatever strict says', async () => {
    for (const strict of ['true', 'false']) {
      const r = await emu.call('POST', `${calculationPath(4)}?strict=${strict}`, { expression: 'SVC_BEAST_MODE(3) + 1' });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('ILLEGAL_DEPTH');
    }
    expect((await emu.call('GET', calculationPath(4))).body.expression).toBe('1 + 1');
  });
  it('a nested calculation may not start nesting others', async () => {
    // 3 nests 1: making 1 nest 4 would give 3 -> 1 -> 4.
    const r = await emu.call('POST', calculationPath(1), { expression: 'SVC_BEAST_MODE(4)' });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('ILLEGAL_DEPTH');
  });
  it('two nestings racing in one group commit cannot build two levels', async () => {
    // 4 nests 5 and 5 nests 1, sent at once: whichever lands second would make a chain of two.
    const [a, b] = await Promise.all([
      emu.call('POST', calculationPath(4), { expression: 'SVC_BEAST_MODE(5)' }),
      emu.call('POST', calculationPath(5), { expression: 'SVC_BEAST_MODE(4)' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    expect([a.body, b.body].find((r) => r.status === 400).code).toBe('ILLEGAL_DEPTH');
  });
  it('self nesting is ILLEGAL_DEPTH; an unknown nested id is a problem', async () => {
    expect((await emu.call('POST', calculationPath(4), { expression: 'SVC_BEAST_MODE(4)' })).body.code).toBe('ILLEGAL_DEPTH');
    const lax = await emu.call('POST', calculationPath(4), { expression: 'SVC_BEAST_MODE(777)' });
    expect(lax.status).toBe(200);
    expect(lax.body.status).toBe('INVALID');
    const strict = await emu.call('POST', `${calculationPath(4)}?strict=true`, { expression: 'SVC_BEAST_MODE(777)' });
    expect(strict.status).toBe(400);
    expect(strict.body.errors.some((e: { message: string }) => /777/.test(e.message))).toBe(true);
  });
});

describe('lock and unlock', () => {
  it('lock answers the Calculation without the two update-only fields and moves lastModified', async () => {
    const before = await emu.call('GET', calculationPath(1));
    const r = await emu.call('PUT', calculationPath(1), { locked: true });
    expect(r.status).toBe(200);
    expect(r.body.locked).toBe(true);
    expect(r.body).not.toHaveProperty('nonAggregatedColumns');
    expect(r.body).not.toHaveProperty('functionTemplateDependencies');
    expect(LockedCalculationSchema.safeParse(r.body).success).toBe(true);
    expect(Object.keys(r.body).sort()).toEqual(Object.keys(LockedCalculationSchema.shape).sort());
    expect(r.body.lastModified).toBeGreaterThan(before.body.lastModified);
    expect((await emu.call('POST', calculationPath(1), { expression: '2' })).status).toBe(423);
  });
  it('unlock then update works, and the lock flag round-trips', async () => {
    const u = await emu.call('PUT', calculationPath(2), { locked: false });
    expect(u.body.locked).toBe(false);
    expect((await emu.call('POST', calculationPath(2), { expression: 'SUM(`Sales`)' })).status).toBe(200);
    const l = await emu.call('PUT', calculationPath(2), { locked: true });
    expect(l.body).toMatchObject({ locked: true, expression: 'SUM(`Sales`)' });
    expect((await emu.call('GET', calculationPath(2))).body.locked).toBe(true);
  });
  it('bad lock bodies are 400 and change nothing', async () => {
    for (const body of [{ locked: 'true' }, {}, { locked: 1 }]) {
      const r = await emu.call('PUT', calculationPath(1), body);
      expect(r.status).toBe(400);
      expect(r.body.errors[0].field).toBe('locked');
    }
    expect((await emu.call('GET', calculationPath(1))).body.locked).toBe(false);
    expect((await emu.call('PUT', calculationPath(404), { locked: true })).status).toBe(404);
  });
});
