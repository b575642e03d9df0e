// Source of the program each code-function call runs in: a Node process of its own (see launcher.ts for how it is
// started, runner.ts for the parent's side). Passed with `node -e`, so the process reads no file at all.
//
// Protocol: the parent writes one JSON job on stdin and closes it; the child writes "R\n" when the user's code is
// about to be compiled (the parent's clock for the time limit starts there), then one line of JSON, the report, and
// then blocks until the parent kills it. The report is untrusted data for the parent (checked, size-capped).
//
// Inside, the function is compiled and run in a fresh node:vm context whose global object has a null prototype (no
// object of the host realm is reachable from it), without code generation from strings, with a time limit covering
// its definition, its call and its promise jobs. The process's own realm is stripped of what could reach outside
// (require, process.kill, bindings, the stdio streams, fetch) before the user's code is compiled: a second layer,
// under the OS and Node permission layers, for a function that would find a way out of the context.
export const CHILD_SOURCE = String.raw`
'use strict';
(function sandboxChild() {
  const vm = require('node:vm');
  const stdout = process.stdout;
  const stdin = process.stdin;
  const hold = new Int32Array(new SharedArrayBuffer(4));
  const now = () => performance.now();

  for (const name of ['require', 'module', 'exports', '__filename', '__dirname', 'fetch', 'WebSocket', 'EventSource']) {
    try { delete globalThis[name]; } catch {}
  }
  const refuse = function () { throw new Error('not available in the sandbox'); };
  for (const name of ['kill', '_kill', 'binding', '_linkedBinding', 'dlopen', 'getBuiltinModule', '_debugProcess', '_debugEnd',
    'chdir', 'umask', 'setuid', 'setgid', 'seteuid', 'setegid', 'setgroups', 'initgroups', 'loadEnvFile', 'openStdin',
    '_getActiveHandles', '_getActiveRequests', 'getActiveResourcesInfo', 'setSourceMapsEnabled']) {
    try { Object.defineProperty(process, name, { value: refuse, writable: false, configurable: false, enumerable: false }); } catch {}
  }
  for (const name of ['stdin', 'stdout', 'stderr', 'mainModule']) {
    try { Object.defineProperty(process, name, { value: undefined, writable: false, configurable: false, enumerable: false }); } catch {}
  }
  process.on('unhandledRejection', () => {});

  const PRELUDE = '(' + function (limits) {
    'use strict';
    const stringify = JSON.stringify;
    const parse = JSON.parse;
    const toText = String;
    const then = Promise.prototype.then;
    const apply = Reflect.apply;
    const defineProperty = Object.defineProperty;
    const logs = { stdout: [], stderr: [] };
    const truncated = { stdout: false, stderr: false };
    let total = 0;
    const cut = (s, n) => (s.length > n ? s.slice(0, n) : s);
    const show = (a) => {
      if (typeof a === 'string') return a;
      try { const s = stringify(a); return s === undefined ? toText(a) : s; } catch { try { return toText(a); } catch { return '[unprintable]'; } }
    };
    const push = (stream) => function () {
      if (truncated[stream]) return;
      const list = logs[stream];
      let line = '';
      for (let i = 0; i < arguments.length && line.length <= limits.maxLogEntryLength; i++) {
        line += (i === 0 ? '' : ' ') + cut(show(arguments[i]), limits.maxLogEntryLength);
      }
      line = cut(line, limits.maxLogEntryLength);
      if (list.length >= limits.maxLogEntries || total + line.length > limits.maxLogTotalLength) {
        truncated[stream] = true;
        list.push('[log truncated]');
        return;
      }
      total += line.length;
      list.push(line);
    };
    const console = { log: push('stdout'), info: push('stdout'), debug: push('stdout'), warn: push('stderr'), error: push('stderr') };
    defineProperty(globalThis, 'console', { value: Object.freeze(console), writable: true, configurable: true });

    const describe = (error) => {
      let message;
      let stack;
      let name = '';
      try {
        // Errors of the host realm (a refused import()) are not instances of this realm's Error: test by shape.
        message = error && typeof error.message === 'string' ? error.message : show(error);
        stack = error && typeof error.stack === 'string' ? error.stack : toText(message);
        name = error && typeof error.name === 'string' ? error.name : '';
      } catch {
        message = '[an error that cannot be read]';
        stack = message;
      }
      return { message: cut(toText(message), 10000), stack: cut(toText(stack), 10000), name: cut(name, 100) };
    };
    let outcome;
    const settle = (value) => {
      let json;
      try {
        json = stringify(value === undefined ? null : value);
      } catch (error) {
        outcome = { kind: 'unserializable', type: typeof value, message: describe(error).message };
        return;
      }
      if (json === undefined) outcome = { kind: 'unserializable', type: typeof value, message: '' };
      else if (json.length > limits.maxResultLength) outcome = { kind: 'too-large', length: json.length };
      else outcome = { kind: 'returned', json };
    };
    const fail = (error) => {
      const d = describe(error);
      outcome = d.name === 'RangeError' && d.message === 'Array buffer allocation failed' ? { kind: 'out-of-memory' } : { kind: 'threw', message: d.message, stack: d.stack };
    };
    let armed;
    const go = () => {
      const call = armed;
      armed = undefined;
      try {
        apply(then, apply(call.fn, undefined, parse(call.inputs)), [settle, fail]);
      } catch (error) {
        fail(error);
      }
    };
    defineProperty(globalThis, '__calckitGo', { value: go, writable: false, configurable: false, enumerable: false });
    return {
      arm: (fn, inputs) => { armed = { fn, inputs }; },
      fail,
      report: (kind) => stringify({ outcome: kind ? { kind } : outcome === undefined ? { kind: 'unsettled' } : outcome, logs }),
    };
  } + ')';

  /** Keeps the message and the frames of the user's code; drops the sandbox's own frames. */
  function userFrames(stack) {
    return stack.split('\n').filter((line) => !/^\s+at /.test(line) || /\((function|call)\.js:|at (function|call)\.js:/.test(line)).join('\n');
  }

  function run(text) {
    const job = JSON.parse(text);
    const context = vm.createContext(Object.create(null), { name: 'code function', codeGeneration: { strings: false, wasm: false }, microtaskMode: 'afterEvaluate' });
    const api = vm.runInContext(PRELUDE, context, { filename: 'prelude.js' })(job.limits);
    const source = '(async function (' + job.params.join(', ') + ') {\n' + job.body + '\n})';
    stdout.write('R\n');
    const started = now();
    const left = () => Math.max(1, Math.ceil(job.timeoutMs - (now() - started)));
    try {
      const fn = new vm.Script(source, { filename: 'function.js' }).runInContext(context, { timeout: left() });
      api.arm(fn, job.inputsJson);
      vm.runInContext('__calckitGo()', context, { timeout: left(), filename: 'call.js' });
    } catch (error) {
      // node:vm's time-out (a look-alike thrown by the function itself counts only once its time is up anyway).
      if (error && error.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT' && now() - started >= job.timeoutMs - 5) return api.report('timeout');
      api.fail(error);
    }
    const report = JSON.parse(api.report());
    if (report.outcome.kind === 'threw') report.outcome.stack = userFrames(report.outcome.stack);
    return JSON.stringify(report);
  }

  const chunks = [];
  stdin.on('data', (chunk) => chunks.push(chunk));
  stdin.on('end', () => {
    let line;
    try {
      line = run(Buffer.concat(chunks).toString('utf8'));
    } catch (error) {
      line = JSON.stringify({ outcome: { kind: 'crashed', message: String(error && error.message) }, logs: { stdout: [], stderr: [] } });
    }
    // Nothing runs after the report: the process waits, blocked, for the parent to kill it (and exits by itself if
    // the parent is gone, although the OS layers kill it then).
    stdout.write(line + '\n', (error) => {
      if (!error) Atomics.wait(hold, 0, 0, 60000);
      process.exit(0);
    });
  });
})();
`;
