// Source of the worker thread that runs one code-function call (kept as text: workers load it with `eval: true`,
// which works both from the TypeScript sources under test and from dist). Inside the worker, the function runs in a
// fresh node:vm context with no Node globals, no string code generation, and a time limit covering its promises.
export const WORKER_SOURCE = String.raw`
'use strict';
const vm = require('node:vm');
const { parentPort, workerData } = require('node:worker_threads');
const { params, body, inputsJson, timeoutMs, maxLogEntries, maxLogEntryLength } = workerData;

const PRELUDE = '(' + function (maxEntries, maxLength) {
  const logs = { stdout: [], stderr: [] };
  const show = (a) => {
    if (typeof a === 'string') return a;
    try { const s = JSON.stringify(a); return s === undefined ? String(a) : s; } catch { return String(a); }
  };
  const push = (stream) => (...args) => {
    const list = logs[stream];
    if (list.length < maxEntries) list.push(args.map(show).join(' ').slice(0, maxLength));
    else if (list.length === maxEntries) list.push('[log truncated]');
  };
  globalThis.console = Object.freeze({ log: push('stdout'), info: push('stdout'), debug: push('stdout'), warn: push('stderr'), error: push('stderr') });
  let outcome;
  globalThis.__settle = (promise) => {
    promise.then(
      (value) => {
        let json;
        try { json = JSON.stringify(value === undefined ? null : value); } catch (e) { json = undefined; }
        outcome = json === undefined ? { kind: 'unserializable', type: typeof value } : { kind: 'returned', json };
      },
      (error) => {
        // Errors from the host realm (a refused import) are not instances of this realm's Error: test by shape.
        const message = error && typeof error.message === 'string' ? error.message : show(error);
        const stack = error && typeof error.stack === 'string' ? error.stack : String(message);
        outcome = { kind: 'threw', message: String(message), stack: String(stack) };
      },
    );
  };
  globalThis.__report = () => JSON.stringify({ outcome: outcome === undefined ? { kind: 'unsettled' } : outcome, logs });
} + ')(' + maxLogEntries + ', ' + maxLogEntryLength + ');';

/** Keeps the message and the frames of the user's code; drops the emulator's own frames. */
function userFrames(stack) {
  return stack.split('\n').filter((line) => !/^\s+at /.test(line) || /\((function|call)\.js:|at (function|call)\.js:/.test(line)).join('\n');
}

const context = vm.createContext({}, { codeGeneration: { strings: false, wasm: false }, microtaskMode: 'afterEvaluate' });
let report;
try {
  vm.runInContext(PRELUDE, context);
  vm.runInContext('globalThis.__fn = async function (' + params.join(', ') + ') {\n' + body + '\n};', context, { filename: 'function.js' });
  context.__inputs = inputsJson;
  vm.runInContext('__settle(__fn(...JSON.parse(__inputs)));', context, { timeout: timeoutMs, filename: 'call.js' });
  report = JSON.parse(vm.runInContext('__report()', context));
  if (report.outcome.kind === 'threw') report.outcome.stack = userFrames(report.outcome.stack);
} catch (error) {
  const timedOut = error && error.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT';
  let logs = { stdout: [], stderr: [] };
  try { logs = JSON.parse(vm.runInContext('__report()', context)).logs; } catch {}
  report = { outcome: timedOut ? { kind: 'timeout' } : { kind: 'threw', message: String(error && error.message), stack: String(error && error.stack) }, logs };
}
parentPort.postMessage(report);
`;
