// Run code function over HTTP: results, logs, type mismatches, failures, limits and isolation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FunctionExecutionSchema, functionPath } from '@calckit/protocol';
import { PKG, startTestEmulator, type TestEmulator } from './helpers.js';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(async () => {
  await emu.close();
});

const run = (fn: string, body: unknown = {}) => emu.call('POST', functionPath(PKG, '1.2.0', fn), body);

describe('run function', () => {
  it('returns the result in a valid Function execution object', async () => {
    const r = await run('add', { inputVariables: { a: 2, b: 40.5 } });
    expect(r.status).toBe(200);
    expect(FunctionExecutionSchema.safeParse(r.body).success).toBe(true);
    expect(r.body).toMatchObject({
      packageId: PKG, version: '1.2.0', functionName: 'add', status: 'SUCCESS', result: 42.5,
      settings: { getLogs: false }, stdout: { log: [] }, stderr: { log: [] }, errorInformation: null, startedBy: '1',
    });
    expect(Date.parse(r.body.completedOn)).toBeGreaterThanOrEqual(Date.parse(r.body.startedOn));
    const again = await run('add', { inputVariables: { a: 1, b: 1 } });
    expect(again.body.executionId).not.toBe(r.body.executionId);
  });
  it('getLogs returns console output as stdout.log and stderr.log', async () => {
    const r = await run('chatty', { inputVariables: { who: 'Ann' }, settings: { getLogs: true } });
    expect(r.body.status).toBe('SUCCESS');
    expect(r.body.stdout.log).toEqual(['hello Ann', '{"n":1}']);
    expect(r.body.stderr.log).toEqual(['careful']);
    const quiet = await run('chatty', { inputVariables: { who: null } });
    expect(quiet.body.stdout.log).toEqual([]);
    expect(quiet.body.settings.getLogs).toBe(false);
  });
  it('a result of the wrong type fills errorInformation', async () => {
    const r = await run('wrongType');
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('FAILED');
    expect(r.body.result).toBeNull();
    expect(r.body.errorInformation).toMatchObject({
      result: 'not a number', expectedType: 'NUMBER', actualType: 'STRING', expectedIsList: false, actualIsList: false, expectedAllowNull: false,
    });
    expect(r.body.errorInformation.errorMessages[0]).toMatch(/expected NUMBER/);
  });
  it('a list with an element of the wrong type fills errorInformation', async () => {
    const r = await run('wrongList');
    expect(r.body.errorInformation).toMatchObject({ expectedType: 'INTEGER', actualType: 'MIXED', expectedIsList: true, actualIsList: true, result: [1, 2.5, 3] });
    expect(r.body.errorInformation.errorMessages[0]).toMatch(/element 1/);
  });
  it('null is accepted where allowed', async () => {
    const r = await run('nullable');
    expect(r.body).toMatchObject({ status: 'SUCCESS', result: null, errorInformation: null });
  });
  it('a thrown error is FAILED with the message, and the stack in stderr when logs are on', async () => {
    const r = await run('thrower', { settings: { getLogs: true } });
    expect(r.body.status).toBe('FAILED');
    expect(r.body.errorInformation.errorMessages[0]).toMatch(/boom/);
    expect(r.body.stdout.log).toEqual(['before']);
    expect(r.body.stderr.log.join('\n')).toMatch(/Error: boom/);
    expect(r.body.stderr.log.join('\n')).not.toMatch(/node:internal|worker eval/);
  });
  it('an endless loop is stopped at the time limit (sync and async)', async () => {
    for (const fn of ['spin', 'spinAsync']) {
      const started = Date.now();
      const r = await run(fn);
      expect(r.body.status).toBe('TIMED_OUT');
      expect(r.body.errorInformation.errorMessages[0]).toMatch(/300 ms/);
      expect(Date.now() - started).toBeLessThan(5000);
    }
  });
  it('a memory hog is stopped at the memory limit', async () => {
    const r = await run('hog');
    expect(r.body.status).toBe('OUT_OF_MEMORY');
  });
  it('function bodies see no Node globals and cannot make code from strings', async () => {
    const r = await run('escape');
    expect(r.body.result).toBe('undefined,undefined,undefined,undefined');
    const evil = await run('evil');
    expect(evil.body.status).toBe('FAILED');
    expect(evil.body.errorInformation.errorMessages[0]).toMatch(/Code generation from strings disallowed/);
  });
  it('a non-JSON result or a promise that never settles is FAILED, saying which', async () => {
    expect((await run('giveFunction')).body.errorInformation.errorMessages[0]).toMatch(/not JSON \(a function\)/);
    const never = await run('never');
    expect(never.body.status).toBe('FAILED');
    expect(never.body.errorInformation.errorMessages[0]).toMatch(/never settles/);
  });
  it('many calls at once all complete (a few run at a time, the others wait)', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => run('add', { inputVariables: { a: i, b: 1 } })));
    expect(results.map((r) => r.body.result)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(new Set(results.map((r) => r.body.executionId)).size).toBe(12);
  });
  it('the server keeps answering after failures', async () => {
    const r = await run('sum', { inputVariables: { xs: [1, 2, 3] } });
    expect(r.body).toMatchObject({ status: 'SUCCESS', result: 6 });
  });
});

describe('run function: bad requests', () => {
  it('inputs are checked against the declared types before anything runs', async () => {
    const wrong = await run('add', { inputVariables: { a: 'two', b: 1 } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([expect.objectContaining({ field: 'inputVariables.a' })]);
    const missing = await run('add', { inputVariables: { a: 1 } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].field).toBe('inputVariables.b');
    const unknown = await run('add', { inputVariables: { a: 1, b: 2, c: 3 } });
    expect(unknown.body.errors[0].field).toBe('inputVariables.c');
    const list = await run('sum', { inputVariables: { xs: [1, 'x'] } });
    expect(list.status).toBe(400);
  });
  it('wrong body shapes are 400', async () => {
    expect((await run('add', { inputVariables: [1, 2] })).status).toBe(400);
    expect((await run('add', { settings: { getLogs: 'yes' } })).body.errors[0].field).toBe('settings.getLogs');
  });
  it('unknown package, version or function is 404 naming the part', async () => {
    const pkg = await emu.call('POST', functionPath('00000000-0000-0000-0000-000000000000', '1.2.0', 'add'), {});
    expect(pkg.status).toBe(404);
    expect(pkg.body.errors[0].field).toBe('path.packageId');
    const version = await emu.call('POST', functionPath(PKG, '9.9.9', 'add'), {});
    expect(version.body.errors[0].field).toBe('path.version');
    const fn = await run('nope');
    expect(fn.body.errors[0].field).toBe('path.functionName');
  });
});
