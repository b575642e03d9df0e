// Fixtures: the shipped default file loads; every kind of mistake is reported with where it is.
import { describe, expect, it } from 'vitest';
import { DEFAULT_FIXTURES_PATH } from './server.js';
import { parseFixtures, prepareFixtures, readFixturesFile } from './fixtures.js';

const prepare = (json: unknown) => prepareFixtures(parseFixtures(JSON.stringify(json)), { serviceName: 'SVC', now: 1 });
const calc = (id: number, expression: string, extra: Record<string, unknown> = {}) => ({ id, name: `c${id}`, owner: 1, expression, locked: false, datasetId: null, ...extra });

describe('fixtures', () => {
  it('the default fixtures load, with analysed calculations', () => {
    const data = prepareFixtures(readFixturesFile(DEFAULT_FIXTURES_PATH), { serviceName: 'SVC', now: 1 });
    expect(data.calculations.map((c) => c.id)).toEqual([101, 102, 103, 104]);
    expect(data.calculations.find((c) => c.id === 104)!.analysis.functionTemplateDependencies).toEqual([101]);
    expect(data.calculations.every((c) => c.analysis.status === 'VALID')).toBe(true);
    expect(data.codeFunctions.map((f) => f.definition.name)).toEqual(['add', 'greet', 'regionCodes']);
  });
  it.each([
    ['not JSON', '{', /not valid JSON/],
    ['unknown top-level key', '{"calculation": []}', /Unrecognized key/],
    ['wrong field type', '{"calculations": [{"id": "1"}]}', /calculations\.0\.id/],
  ])('refuses %s', (_name, text, reason) => {
    expect(() => parseFixtures(text)).toThrow(reason);
  });
  it.each([
    ['duplicate ids', { calculations: [calc(1, '1'), calc(1, '2')] }, /duplicate calculation id 1/],
    ['an unknown dataset', { calculations: [calc(1, '1', { datasetId: 'x' })] }, /dataset "x" is not listed/],
    ['bad columns', { datasets: [{ id: 'd', name: 'D', columns: [{ name: 'A', id: 'a', type: 'BLOB', order: 0 }] }] }, /dataset d: unknown column type "BLOB"/],
    ['a body that does not compile', { codePackages: [{ id: 'p', version: '1', functions: [{ name: 'f', output: { type: 'ANY' }, body: 'return (' }] }] }, /p@1\/f: body does not compile/],
    ['nesting two levels deep', { calculations: [calc(1, '1'), calc(2, 'SVC_BEAST_MODE(1)'), calc(3, 'SVC_BEAST_MODE(2)')] }, /calculation 3: ILLEGAL_DEPTH/],
  ])('refuses %s', (_name, json, reason) => {
    expect(() => prepare(json)).toThrow(reason);
  });
  it('fills defaults: legacyId, created, flags', () => {
    const data = prepare({ calculations: [calc(1, '1')] });
    expect(data.calculations[0]).toMatchObject({ global: false, archived: false, hidden: false, variable: false, created: 1, lastModified: 1 });
    expect(data.calculations[0]!.legacyId).toMatch(/^calculation_[0-9a-f-]{36}$/);
  });
});
