// Tests of the wire schemas, paths and header names against the seed's shapes.
import { describe, expect, it } from 'vitest';
import {
  CalculationSchema,
  LockedCalculationSchema,
  FunctionExecutionSchema,
  ReportScheduleResponseSchema,
  ReportScheduleRequestSchema,
  SetSchemaRequestSchema,
  ErrorBodySchema,
  UpdateFormulaRequestSchema,
  LockRequestSchema,
  RunFunctionRequestSchema,
  calculationPath,
  functionPath,
  datasetSchemaPath,
  reportSchedulesPath,
  developerTokenHeader,
  sessionTokenHeader,
  operatorPrefix,
  nestedCalculationFunction,
  checkWire,
  OPERATIONS,
  isOperationName,
  isValidServiceName,
  SearchCalculationsRequestSchema,
  SearchCalculationsResponseSchema,
  calculationSearchPath,
  MAX_CALCULATIONS_BY_IDS,
  ReadCalculationsByIdsRequestSchema,
  ReadCalculationsByIdsResponseSchema,
  calculationsByIdsPath,
  ReadDatasetSchemaResponseSchema,
  datasetSchemaReadPath,
  normaliseSchemaColumns,
} from './index.js';

const lockedCalc = {
  id: 7,
  name: 'Margin',
  owner: 12,
  locked: true,
  global: false,
  expression: 'SUM(`Sales`) / SUM(`Cost`)',
  checkSum: 'a'.repeat(40),
  links: [{ resource: { type: 'DATA_SOURCE', id: 'ds-1' }, visible: true, active: true, valid: 'VALID' }],
  legacyId: 'calculation_4b1c3f1e-2d2a-4bde-9f2b-0a0c6f0e3a11',
  lastModified: 1_700_000_000_000,
  created: 1_690_000_000_000,
  aggregated: true,
  analytic: false,
  dataType: 'DECIMAL',
  status: 'VALID',
  cacheWindow: 'non_dynamic',
  columnPositions: [{ columnName: '`Sales`', columnPosition: 4 }],
  functions: ['SUM', 'SVC_OP_DIVIDE'],
  archived: false,
  hidden: false,
  variable: false,
};
const fullCalc = { ...lockedCalc, nonAggregatedColumns: [], functionTemplateDependencies: [3] };

describe('Calculation schemas', () => {
  it('accepts the full update response with extra fields (dropped from the parsed value)', () => {
    const parsed = CalculationSchema.parse({ ...fullCalc, somethingNew: 1, links: [{ ...fullCalc.links[0], extra: true }] });
    expect(parsed.functionTemplateDependencies).toEqual([3]);
    expect(parsed).not.toHaveProperty('somethingNew');
    expect(parsed.links[0]).toEqual(fullCalc.links[0]);
  });
  it('accepts the lock response without the two update-only fields', () => {
    expect(LockedCalculationSchema.safeParse(lockedCalc).success).toBe(true);
    expect(CalculationSchema.safeParse(lockedCalc).success).toBe(false);
  });
  it('names every missing field', () => {
    const { checkSum: _c, owner: _o, ...rest } = fullCalc;
    const result = checkWire(CalculationSchema, rest);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors.map((e) => e.field).sort()).toEqual(['checkSum', 'owner']);
      expect(result.errors[0]?.message).toMatch(/required/);
    }
  });
  it('rejects wrong types with a dotted field path', () => {
    const result = checkWire(CalculationSchema, { ...fullCalc, columnPositions: [{ columnName: '`a`', columnPosition: 'x' }] });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0]?.field).toBe('columnPositions.0.columnPosition');
  });
});

describe('Function execution schema', () => {
  const exec = {
    executionId: 'e1', packageId: 'p', version: '1.0.0', functionName: 'f', status: 'SUCCESS',
    settings: { getLogs: true }, startedOn: '2026-01-01T00:00:00.000Z', startedBy: 'u', completedOn: '2026-01-01T00:00:01.000+01:00',
    result: { any: ['json'] }, stdout: { log: ['hi'] }, stderr: { log: [] }, errorInformation: null,
  };
  it('accepts a success with null errorInformation', () => {
    expect(FunctionExecutionSchema.safeParse(exec).success).toBe(true);
  });
  it('accepts a failure with the errorInformation object', () => {
    const errorInformation = { result: 'x', expectedType: 'NUMBER', actualType: 'STRING', expectedIsList: false, actualIsList: false, expectedAllowNull: false, errorMessages: ['m'] };
    expect(FunctionExecutionSchema.safeParse({ ...exec, status: 'FAILED', errorInformation }).success).toBe(true);
  });
  it('rejects a non ISO date and a missing stdout', () => {
    expect(FunctionExecutionSchema.safeParse({ ...exec, startedOn: 'yesterday' }).success).toBe(false);
    expect(FunctionExecutionSchema.safeParse({ ...exec, startedOn: '2026-01-01T00:00:00' }).success).toBe(true); // no offset: tolerated
    const { stdout: _s, ...rest } = exec;
    expect(FunctionExecutionSchema.safeParse(rest).success).toBe(false);
  });
});

describe('Report schedule schemas', () => {
  it('accepts the seed request and response', () => {
    const request = {
      title: 'Weekly', pageId: 1, viewId: 2, attachmentInclude: true,
      schedule: { frequency: 'WEEKLY', daysToRun: 'MON', hourOfDay: 9, minOfHour: 30, timezone: 'Europe/Paris', enabled: true,
        additionalRecipients: [{ type: 'EMAIL', value: 'a@b.c' }] },
    };
    expect(ReportScheduleRequestSchema.safeParse(request).success).toBe(true);
    const response = {
      id: 1, reportViewId: 2, pageId: 1, title: 'Weekly', viewName: 'v', type: 'page', ownerId: 3, embedViewId: 0, owner: true,
      cardCount: 0, recipientCount: 1, cardId: 0,
      schedule: { frequency: 'WEEKLY', daysToRun: 'MON', hourOfDay: 9, minOfHour: 30, enabled: true, nextRunDate: 1 },
    };
    expect(ReportScheduleResponseSchema.safeParse(response).success).toBe(true);
    expect(ReportScheduleResponseSchema.safeParse({ ...response, schedule: { ...response.schedule, nextRunDate: undefined } }).success).toBe(false);
  });
  it('rejects a non-integer hour', () => {
    const result = checkWire(ReportScheduleRequestSchema, { title: 't', pageId: 1, viewId: 2, schedule: { frequency: 'DAILY', hourOfDay: 1.5, minOfHour: 0, timezone: 'UTC' } });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.map((e) => e.field)).toEqual(['schedule.hourOfDay']);
  });
});

describe('request schemas', () => {
  it('checks the types of each request body', () => {
    expect(UpdateFormulaRequestSchema.safeParse({ expression: 'a' }).success).toBe(true);
    expect(UpdateFormulaRequestSchema.safeParse({ expression: 1 }).success).toBe(false);
    expect(LockRequestSchema.safeParse({ locked: 'true' }).success).toBe(false);
    expect(RunFunctionRequestSchema.safeParse({}).success).toBe(true);
    expect(RunFunctionRequestSchema.safeParse({ inputVariables: [] }).success).toBe(false);
    expect(SetSchemaRequestSchema.safeParse({ columns: [{ name: 'a', id: 'a', type: 'STRING', visible: true, order: 0 }] }).success).toBe(true);
    expect(SetSchemaRequestSchema.safeParse({ columns: [{ name: 'a' }] }).success).toBe(false);
  });
  it('describes error bodies', () => {
    expect(ErrorBodySchema.safeParse({ status: 400, message: 'bad', errors: [{ field: 'expression', message: 'x' }] }).success).toBe(true);
    expect(ErrorBodySchema.safeParse({ message: 'bad' }).success).toBe(false);
  });
});

describe('paths and names', () => {
  it('builds each path and encodes ids', () => {
    expect(calculationPath(42)).toBe('/api/query/v1/functions/template/42');
    expect(functionPath('p/1', '1.0', 'f n')).toBe('/api/codeengine/v2/packages/p%2F1/versions/1.0/functions/f%20n');
    expect(datasetSchemaPath('ds 1')).toBe('/api/data/v2/datasources/ds%201/schemas');
    expect(reportSchedulesPath()).toBe('/api/content/v1/reportschedules');
  });
  it('derives header and function names from the service name', () => {
    expect(developerTokenHeader()).toBe('X-SVC-Developer-Token');
    expect(sessionTokenHeader()).toBe('x-svc-authentication');
    expect(developerTokenHeader('Acme')).toBe('X-Acme-Developer-Token');
    expect(sessionTokenHeader('Acme')).toBe('x-acme-authentication');
    expect(operatorPrefix('ACME')).toBe('ACME_OP_');
    expect(nestedCalculationFunction('ACME')).toBe('ACME_BEAST_MODE');
    expect(isValidServiceName('ACME')).toBe(true);
    expect(isValidServiceName('a-b')).toBe(false);
  });
  it('lists the operations with their auth', () => {
    expect(OPERATIONS.setDatasetSchema.auth).toBe('session');
    expect(OPERATIONS.updateFormula).toMatchObject({ method: 'POST', auth: 'developer' });
    expect(isOperationName('lockCalculation')).toBe(true);
    expect(isOperationName('toString')).toBe(false);
  });
});

describe('search of calculations (community-documented shapes)', () => {
  it('accepts the body community tools send', () => {
    const body = {
      name: '',
      filters: [{ field: 'dataset', idList: ['ds-1'] }, { field: 'notvariable' }],
      sort: { field: 'name', ascending: true },
      limit: 5000,
      offset: 0,
    };
    expect(checkWire(SearchCalculationsRequestSchema, body).ok).toBe(true);
    const missing = checkWire(SearchCalculationsRequestSchema, { name: '' });
    expect(missing.ok ? [] : missing.errors.map((e) => e.field)).toEqual(['limit', 'offset']);
  });
  it('parses a result with only id and name, and ids as numbers or digit strings', () => {
    const parsed = checkWire(SearchCalculationsResponseSchema, {
      results: [
        { id: 12, name: 'A' },
        { id: '13', name: 'B', variable: true, links: [{ resource: { type: 'CARD', id: 99 }, visible: true, active: true }], extra: 1 },
      ],
      totalHits: 2,
    });
    expect(parsed.ok).toBe(true);
    if (parsed.ok) {
      expect(parsed.value.results.map((r) => r.id)).toEqual([12, 13]);
      expect(parsed.value.results[1]!.links![0]!.resource.id).toBe('99');
      expect('extra' in parsed.value.results[1]!).toBe(false);
    }
    const bad = checkWire(SearchCalculationsResponseSchema, { results: [{ id: 'x', name: 'A' }] });
    expect(bad.ok).toBe(false);
    expect(checkWire(SearchCalculationsResponseSchema, { items: [] }).ok).toBe(false);
  });
  it('is in the operations table as a read', () => {
    expect(calculationSearchPath()).toBe('/api/query/v1/functions/search');
    expect(OPERATIONS.searchCalculations).toMatchObject({ method: 'POST', auth: 'developer', readOnly: true, route: calculationSearchPath() });
    expect(OPERATIONS.updateFormula.readOnly).toBe(false);
  });
});

describe('read of several calculations (community-documented shapes)', () => {
  const fields = (body: unknown): string[] => {
    const r = checkWire(ReadCalculationsByIdsRequestSchema, body);
    return r.ok ? [] : r.errors.map((e) => e.field);
  };
  it('accepts the body community tools send, and integer ids', () => {
    expect(fields({ ids: ['1234', '2345'] })).toEqual([]);
    expect(fields({ ids: [1234, '2345'] })).toEqual([]);
    expect(fields({ ids: Array.from({ length: MAX_CALCULATIONS_BY_IDS }, (_, i) => String(i + 1)) })).toEqual([]);
  });
  it('refuses a missing or empty list, too many ids, and ids that are not positive integers', () => {
    expect(fields({})).toEqual(['ids']);
    expect(fields({ ids: [] })).toEqual(['ids']);
    expect(fields({ ids: '1,2' })).toEqual(['ids']);
    expect(fields({ ids: Array.from({ length: MAX_CALCULATIONS_BY_IDS + 1 }, (_, i) => i + 1) })).toEqual(['ids']);
    expect(fields({ ids: ['12', '0', '012', '-1', '1.5', 'x', '', 0, -3, 1.5, null, '1234567890123456'] })).toEqual(
      ['ids.1', 'ids.2', 'ids.3', 'ids.4', 'ids.5', 'ids.6', 'ids.7', 'ids.8', 'ids.9', 'ids.10', 'ids.11'],
    );
  });
  it('parses an answer: an array of full Calculations', () => {
    const calc = CalculationSchema.parse({
      id: 7, name: 'A', owner: 1, locked: false, global: false, expression: '1', checkSum: 'x', links: [], legacyId: 'l', lastModified: 1, created: 1,
      aggregated: false, analytic: false, nonAggregatedColumns: [], dataType: 'LONG', status: 'VALID', cacheWindow: 'non_dynamic', columnPositions: [],
      functions: [], functionTemplateDependencies: [], archived: false, hidden: false, variable: false,
    });
    expect(checkWire(ReadCalculationsByIdsResponseSchema, [calc, { ...calc, id: 8 }]).ok).toBe(true);
    expect(checkWire(ReadCalculationsByIdsResponseSchema, []).ok).toBe(true);
    const summary = checkWire(ReadCalculationsByIdsResponseSchema, [{ id: 7, name: 'A' }]);
    expect(summary.ok).toBe(false);
    expect(checkWire(ReadCalculationsByIdsResponseSchema, { results: [calc] }).ok).toBe(false);
  });
  it('is in the operations table as a read', () => {
    expect(calculationsByIdsPath()).toBe('/api/query/v1/functions/list/id');
    expect(OPERATIONS.readCalculationsByIds).toMatchObject({ method: 'POST', auth: 'developer', readOnly: true, route: calculationsByIdsPath() });
  });
});

describe('read of a dataset schema (community-documented)', () => {
  it('is in the operations table as a GET read with the developer token', () => {
    expect(datasetSchemaReadPath('a b')).toBe('/api/query/v1/datasources/a%20b/schema/indexed');
    expect(OPERATIONS.readDatasetSchema).toMatchObject({ method: 'GET', auth: 'developer', readOnly: true, route: '/api/query/v1/datasources/{datasetId}/schema/indexed' });
  });
  it('accepts the public example (order 0 everywhere, id = name) and answers without id, visible or order', () => {
    const example = { name: 'schema', tables: [{ columns: [{ name: 'A', id: 'A', type: 'STRING', visible: true, order: 0 }, { name: 'B', id: 'B', type: 'LONG', visible: true, order: 0 }] }], dataSourceId: 'x' };
    expect(checkWire(ReadDatasetSchemaResponseSchema, example).ok).toBe(true);
    const bare = checkWire(ReadDatasetSchemaResponseSchema, { tables: [{ columns: [{ name: 'A', type: 'STRING', extra: 1 }] }] });
    expect(bare.ok && normaliseSchemaColumns(bare.value)).toEqual([{ name: 'A', id: 'A', type: 'STRING', visible: true, order: 0 }]);
  });
  it('refuses an answer without tables or a column without a name or type', () => {
    expect(checkWire(ReadDatasetSchemaResponseSchema, { columns: [] }).ok).toBe(false);
    expect(checkWire(ReadDatasetSchemaResponseSchema, { tables: [{ columns: [{ name: 'A' }] }] }).ok).toBe(false);
    expect(checkWire(ReadDatasetSchemaResponseSchema, { tables: [{ columns: [{ type: 'STRING' }] }] }).ok).toBe(false);
  });
  it('normalises every table\'s columns in order, order defaulting to the index over all tables', () => {
    const answer = { tables: [{ columns: [{ name: 'A', type: 'STRING' }] }, { columns: [{ name: 'B', type: 'LONG', visible: false }] }] };
    expect(normaliseSchemaColumns(answer).map((c) => [c.name, c.visible, c.order])).toEqual([['A', true, 0], ['B', false, 1]]);
  });
});
