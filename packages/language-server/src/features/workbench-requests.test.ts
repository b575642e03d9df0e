// The workbench page's two requests over a real JSON-RPC connection to the built server (stdio): calckit/calculation
// (what the service will store) and calckit/evaluate (the formula over CSV rows), on documents of a project with a
// schema, with a BOM and a final newline, with mistakes in the formula and in the CSV, and over the limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeCalculation } from '@calckit/formula';
import { salesProject, SALES_SCHEMA, TestClient } from '../../../../test/language-server/client.js';
import { CALCULATION_METHOD, type CalculationResult } from './calculation.js';
import { EVALUATE_LIMITS, EVALUATE_METHOD, type EvaluateResponse } from './evaluation.js';

let client: TestClient;
const project = salesProject();
let next = 0;
/** A fresh document of the project's dataset (files c…k are mapped to it) opened with `text`. */
async function open(text: string): Promise<string> {
  const uri = project.uri(`formulas/${'cdefghijk'[next++]}.calc`);
  await client.open(uri, text);
  return uri;
}
const calculationOf = (uri: string) => client.request<CalculationResult | null>(CALCULATION_METHOD, { textDocument: { uri } });
const evaluate = (uri: string, csv: string, groupBy?: string[]) =>
  client.request<EvaluateResponse>(EVALUATE_METHOD, { textDocument: { uri }, csv, ...(groupBy ? { groupBy } : {}) });

beforeAll(async () => {
  ({ client } = await TestClient.start({ rootUri: project.uri('') }));
});
afterAll(async () => {
  await client.stop();
});

describe('calckit/calculation', () => {
  it('answers what the service will store, as analyzeCalculation computes it with the schema', async () => {
    const formula = 'SUM(`Sales`) / COUNT(DISTINCT `Region`)';
    const uri = await open(formula);
    const expected = analyzeCalculation(formula, { serviceName: 'SVC', schema: SALES_SCHEMA as never });
    const got = await calculationOf(uri);
    expect(got).toMatchObject({
      version: 1,
      serviceName: 'SVC',
      schemaColumns: 3,
      status: 'VALID',
      problems: [],
      functions: expected.functions,
      columnPositions: expected.columnPositions,
      checkSum: expected.checkSum,
      dataType: 'DECIMAL',
      aggregated: true,
    });
    expect(got!.functions).toContain('SVC_OP_DIVIDE');
  });

  it('says why a formula is invalid, placed in the document, and hashes the stored expression (no BOM, no final newline)', async () => {
    const uri = await open('\uFEFFSUM(`Nope`)\n');
    const got = (await calculationOf(uri))!;
    expect(got.status).toBe('INVALID');
    expect(got.checkSum).toBe(analyzeCalculation('SUM(`Nope`)', { schema: SALES_SCHEMA as never }).checkSum);
    expect(got.problems).toHaveLength(1);
    expect(got.problems[0]!.message).toMatch(/Nope/);
    // `Nope` starts at column 5 after the BOM (one UTF-16 unit).
    expect(got.problems[0]!.range.start).toEqual({ line: 0, character: 5 });
  });

  it('answers null for a document that is not open', async () => {
    expect(await calculationOf(project.uri('formulas/nowhere.calc'))).toBeNull();
  });
});

describe('calckit/evaluate', () => {
  const CSV = 'Sales,Region\n10.5,East\n20,West\n5,East\n';

  it("gives each row's value, typed by the document's schema", async () => {
    const uri = await open('`Sales` * 2');
    const got = await evaluate(uri, CSV);
    expect(got).toMatchObject({ ok: true, version: 1, kind: 'rows', type: 'DECIMAL', columns: ['Sales', 'Region'] });
    expect(got.ok && got.rows.map((r) => r.value)).toEqual([21, 40, 10]);
  });

  it("gives an aggregate formula's value per group", async () => {
    const uri = await open('SUM(`Sales`)');
    const got = await evaluate(uri, CSV, ['Region']);
    expect(got.ok && got.kind).toBe('groups');
    expect(got.ok && got.rows).toEqual([
      { group: { Region: 'East' }, value: 15.5 },
      { group: { Region: 'West' }, value: 20 },
    ]);
  });

  it('names the CSV line and its problem', async () => {
    const uri = await open('`Sales`');
    const got = await evaluate(uri, 'Sales,Region\n1,East\n2,West,extra\n');
    expect(got).toMatchObject({ ok: false, problem: { kind: 'csv', line: 3 } });
    expect(!got.ok && got.problem.message).toMatch(/3 cells|cells/);
  });

  it("reports the formula's evaluation error with its place in the document", async () => {
    const uri = await open('`Sales` + `Nope`');
    const got = await evaluate(uri, CSV);
    expect(got).toMatchObject({ ok: false, problem: { kind: 'formula', code: 'unknown-column', range: { start: { line: 0, character: 10 }, end: { line: 0, character: 16 } } } });
  });

  it('reports a cell that does not fit its schema type as bad input, naming it', async () => {
    const uri = await open('`Sales`');
    const got = await evaluate(uri, 'Sales\nabc\n');
    expect(got).toMatchObject({ ok: false, problem: { kind: 'formula', code: 'bad-input' } });
    expect(!got.ok && got.problem.message).toMatch(/abc|Sales/);
  });

  it('refuses text and rows over its limits, and malformed params, with a clear message', async () => {
    const uri = await open('`Sales`');
    const tooLong = await evaluate(uri, 'Sales\n' + '1\n'.repeat(EVALUATE_LIMITS.csvChars / 2));
    expect(tooLong).toMatchObject({ ok: false, problem: { kind: 'request' } });
    expect(!tooLong.ok && tooLong.problem.message).toMatch(/at most 1,000,000 are evaluated here/);
    const tooMany = await evaluate(uri, 'Sales\n' + '1\n'.repeat(EVALUATE_LIMITS.rows + 1));
    expect(!tooMany.ok && tooMany.problem.message).toMatch(/10,001 rows: at most 10,000/);
    const notText = await client.request<EvaluateResponse>(EVALUATE_METHOD, { textDocument: { uri }, csv: 42 });
    expect(!notText.ok && notText.problem.message).toBe('csv must be CSV text (a string)');
    const badGroups = await evaluate(uri, CSV, [1 as never]);
    expect(!badGroups.ok && badGroups.problem.message).toBe('groupBy must be a list of column names');
  });

  it('answers a document that is not open with a refusal, not an error', async () => {
    const got = await evaluate(project.uri('formulas/nowhere.calc'), CSV);
    expect(got).toMatchObject({ ok: false, problem: { kind: 'request' } });
  });
});

describe('with the inline schema setting, on an untitled document (the workbench page\'s case)', () => {
  it('analyses and evaluates with the columns the setting gives', async () => {
    const { client: plain } = await TestClient.start({ settings: { schema: [{ name: 'Units', type: 'LONG' }, { name: 'Region', type: 'STRING' }] } });
    try {
      const uri = 'untitled:formula.calc';
      await plain.open(uri, 'SUM(`Units`) / COUNT(`Region`)');
      const calculation = await plain.request<CalculationResult | null>(CALCULATION_METHOD, { textDocument: { uri } });
      expect(calculation).toMatchObject({ schemaColumns: 2, status: 'VALID', dataType: 'DECIMAL' });
      const got = await plain.request<EvaluateResponse>(EVALUATE_METHOD, { textDocument: { uri }, csv: 'Units,Region\n3,East\n4,West\n5,East\n', groupBy: ['Region'] });
      expect(got.ok && got.rows).toEqual([
        { group: { Region: 'East' }, value: 4 },
        { group: { Region: 'West' }, value: 4 },
      ]);
    } finally {
      await plain.stop();
    }
  });
});
