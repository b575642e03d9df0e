// Shared helpers of the emulator tests: start an emulator on loopback with known fixtures, and call it with fetch.
import { startEmulator, type EmulatorOptions, type Fixtures, type RunningEmulator } from '@calckit/emulator';

export const DEV = 'dev-token-for-tests';
export const SES = 'session-token-for-tests';
export const PKG = '0b6e7f3c-1d2a-4c5b-9e8f-7a6b5c4d3e2f';

export const devHeaders = { 'X-SVC-Developer-Token': DEV, 'content-type': 'application/json' };
export const sesHeaders = { 'x-svc-authentication': SES, 'content-type': 'application/json', accept: 'application/json' };

/** Fixtures used by the HTTP tests: every kind of record, with values the tests assert on. */
export const TEST_FIXTURES: Fixtures = {
  datasets: [
    {
      id: 'sales',
      name: 'Sales',
      columns: [
        { name: 'Sales', id: 'sales', type: 'DECIMAL', visible: true, order: 0 },
        { name: 'Cost', id: 'cost', type: 'DECIMAL', visible: true, order: 1 },
        { name: 'Date', id: 'date', type: 'DATE', visible: true, order: 2 },
        { name: 'Region', id: 'region', type: 'STRING', visible: true, order: 3 },
      ],
    },
    { id: 'empty', name: 'No schema yet', columns: [] },
  ],
  calculations: [
    { id: 1, name: 'Profit', owner: 7, expression: 'SUM(`Sales`) - SUM(`Cost`)', locked: false, datasetId: 'sales', global: false, archived: false, hidden: false, variable: false },
    { id: 2, name: 'Margin', owner: 7, expression: 'SUM(`Sales`) / SUM(`Cost`)', locked: true, datasetId: 'sales', global: false, archived: false, hidden: false, variable: false },
    { id: 3, name: 'Nested', owner: 7, expression: 'SVC_BEAST_MODE(1) * 2', locked: false, datasetId: 'sales', global: false, archived: false, hidden: false, variable: false },
    { id: 4, name: 'Free', owner: 7, expression: '1 + 1', locked: false, datasetId: null, global: true, archived: false, hidden: false, variable: false },
    { id: 5, name: 'On empty dataset', owner: 7, expression: '`Anything`', locked: false, datasetId: 'empty', global: false, archived: false, hidden: false, variable: false },
  ],
  pages: [
    {
      id: 10,
      title: 'Overview',
      cardCount: 3,
      views: [
        { id: 100, name: 'Main', type: 'page', embedViewId: 0, cardId: 0 },
        { id: 101, name: 'Regional', type: 'view', embedViewId: 55, cardId: 900 },
      ],
    },
    { id: 20, title: 'Other', cardCount: 0, views: [{ id: 200, name: 'Other view', type: 'page', embedViewId: 0, cardId: 0 }] },
  ],
  codePackages: [
    {
      id: PKG,
      version: '1.2.0',
      functions: [
        { name: 'add', inputs: [{ name: 'a', type: 'NUMBER', isList: false, allowNull: false }, { name: 'b', type: 'NUMBER', isList: false, allowNull: false }], output: { type: 'NUMBER', isList: false, allowNull: false }, body: 'return a + b;' },
        { name: 'chatty', inputs: [{ name: 'who', type: 'STRING', isList: false, allowNull: true }], output: { type: 'STRING', isList: false, allowNull: false }, body: "console.log('hello', who); console.error('careful'); console.info({ n: 1 }); return 'ok';" },
        { name: 'wrongType', inputs: [], output: { type: 'NUMBER', isList: false, allowNull: false }, body: "return 'not a number';" },
        { name: 'wrongList', inputs: [], output: { type: 'INTEGER', isList: true, allowNull: false }, body: 'return [1, 2.5, 3];' },
        { name: 'nullable', inputs: [], output: { type: 'OBJECT', isList: false, allowNull: true }, body: 'return null;' },
        { name: 'thrower', inputs: [], output: { type: 'ANY', isList: false, allowNull: true }, body: "console.log('before'); throw new Error('boom');" },
        { name: 'spin', inputs: [], output: { type: 'ANY', isList: false, allowNull: true }, body: 'while (true) {}', timeoutMs: 300 },
        { name: 'spinAsync', inputs: [], output: { type: 'ANY', isList: false, allowNull: true }, body: 'for (;;) { await null; }', timeoutMs: 300 },
        { name: 'hog', inputs: [], output: { type: 'ANY', isList: false, allowNull: true }, body: 'const a = []; for (;;) a.push(new Array(1e5).fill(1));' },
        { name: 'escape', inputs: [], output: { type: 'STRING', isList: false, allowNull: false }, body: 'return [typeof process, typeof require, typeof fetch, typeof setTimeout].join(",");' },
        { name: 'evil', inputs: [], output: { type: 'ANY', isList: false, allowNull: true }, body: "return (function(){}).constructor('return process')();" },
        { name: 'giveFunction', inputs: [], output: { type: 'ANY', isList: false, allowNull: true }, body: 'return () => 1;' },
        { name: 'never', inputs: [], output: { type: 'ANY', isList: false, allowNull: true }, body: 'return new Promise(() => {});' },
        { name: 'sum', inputs: [{ name: 'xs', type: 'INTEGER', isList: true, allowNull: false }], output: { type: 'INTEGER', isList: false, allowNull: false }, body: 'return xs.reduce((s, x) => s + x, 0);' },
      ],
    },
  ],
};

export interface TestEmulator extends RunningEmulator {
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: any; headers: Headers }>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are asserted field by field
}

export async function startTestEmulator(options: Partial<EmulatorOptions> = {}): Promise<TestEmulator> {
  const emulator = await startEmulator({
    developerToken: DEV,
    sessionToken: SES,
    fixtures: TEST_FIXTURES,
    functionLimits: { memoryMb: 32 },
    ...options,
  });
  return Object.assign(emulator, {
    async call(method: string, path: string, body?: unknown, headers: Record<string, string> = devHeaders) {
      const response = await fetch(emulator.url + path, {
        method,
        headers,
        ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // Left as text: the test asserting on it will say what came back.
      }
      return { status: response.status, body: parsed, headers: response.headers };
    },
  });
}
