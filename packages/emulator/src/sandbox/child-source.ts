// Source of the program each code-function call runs in: a Node process of its own (see launcher.ts for how it is
// started, runner.ts for the parent's side). Passed with `node -e`, so the process reads no file at all.
//
// Protocol: the parent writes two lines on stdin: the engine's files (engine.ts; written when the process starts, so a
// process started ahead loads its engine while it waits), then the job; and closes it. The child writes "W\n" once
// its engine is loaded (before it reads the job: its code only, no user code yet), "R\n" when
// the user's code is about to be compiled (the parent's clock for the time limit starts there), then one line of
// JSON, the report, and then blocks until the parent kills it. The report is untrusted data for the parent (checked,
// size-capped).
//
// The user's code runs in QuickJS, a JavaScript engine compiled to WebAssembly: no object of this Node process exists
// in it. Only strings cross between the two (the inputs' JSON, log lines, the result's JSON, an error's message and
// stack), and every outcome is decided here, on the Node side, from what crossed and from the engine's own state
// (the promise's state, the interrupt that this side raised at the time limit): the function can return a value or
// throw, never write the report. The engine's WebAssembly memory grows only as far as this side allows (the memory
// limit), QuickJS's stack limit ends deep recursion, and the interrupt handler stops it at the time limit, during its
// definition, its call, its promise jobs and the reading of its outcome alike.
//
// This process's own realm is still stripped of what could reach outside (require, process.kill, bindings, the stdio
// streams, fetch), a layer under the OS and Node permission layers should the engine itself be broken.
export const CHILD_SOURCE = String.raw`
'use strict';
(function sandboxChild() {
  const vm = require('node:vm');
  const stdout = process.stdout;
  const stdin = process.stdin;
  const hold = new Int32Array(new SharedArrayBuffer(4));
  const now = () => performance.now();
  /** WebAssembly memory beyond the function's limit: the engine's own data, its stack, allocator slack. */
  const ENGINE_MARGIN_MB = 16;
  /** More memory allowed once the function has ended, to read its outcome (an out-of-memory error, its stack). */
  const REPORTING_MB = 4;
  const PAGE = 64 * 1024;
  const fromBase64 = (text) => { const b = Buffer.from(text, 'base64'); return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength); };

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

  /** Evaluates one of the engine's CommonJS modules, with only the modules named in deps to require. */
  function loadModule(source, name, deps) {
    const module = { exports: {} };
    const requireDep = (id) => {
      if (Object.prototype.hasOwnProperty.call(deps, id)) return deps[id];
      throw new Error('the engine asked for ' + id);
    };
    vm.compileFunction(source, ['module', 'exports', 'require', '__dirname', '__filename'], { filename: name })(module, module.exports, requireDep, '/', name);
    return module.exports;
  }

  /**
   * The engine's WebAssembly memory, and the memory limit: everything the engine allocates (objects, strings, typed
   * arrays' buffers) lives in it, and it grows only up to the limit plus the engine's margin. A growth refused here
   * makes the engine's allocation fail, and it throws its out-of-memory error; this side saw the refusal happen, so
   * the outcome OUT_OF_MEMORY does not rest on what the function threw alone. (The loader asks for a growth with some
   * slack first and then for less: the last answer counts.)
   */
  function engineMemory(setup) {
    const limitPages = Math.ceil((setup.memoryMb + ENGINE_MARGIN_MB) * 1024 * 1024 / PAGE);
    const memory = new WebAssembly.Memory({ initial: Math.min(256, limitPages), maximum: limitPages + REPORTING_MB * 16 });
    const grow = memory.grow;
    const guard = { memory, allowedPages: limitPages, lastGrowthRefused: false };
    Object.defineProperty(memory, 'grow', {
      value: function (delta) {
        if (memory.buffer.byteLength / PAGE + delta > guard.allowedPages) {
          guard.lastGrowthRefused = true;
          throw new RangeError('the memory limit');
        }
        const before = Reflect.apply(grow, memory, [delta]);
        guard.lastGrowthRefused = false;
        return before;
      },
    });
    return guard;
  }

  /** QuickJS from the engine's files (no file is read: the loader gets the binary; its fs is a refusal), in the
   * memory of engineMemory. */
  function loadEngine(files, memory) {
    const ffiTypes = loadModule(files.ffiTypes, 'quickjs-ffi-types.js', {});
    const core = loadModule(files.core, 'quickjs-emscripten-core.js', { '@jitl/quickjs-ffi-types': ffiTypes });
    const ffi = loadModule(files.ffi, 'quickjs-ffi.js', {});
    const noFiles = new Proxy({}, { get() { throw new Error('the engine may read no file'); } });
    const loader = loadModule(files.loader, 'quickjs-loader.js', { 'node:fs': noFiles, fs: noFiles });
    const variant = core.newVariant(
      {
        type: 'sync',
        importFFI: () => Promise.resolve(ffi.QuickJSFFI),
        // Whatever the engine would print to stdout is dropped: stdout carries the protocol only.
        importModuleLoader: () => Promise.resolve((options) => (loader.default || loader)({ ...options, print: () => {} })),
      },
      { wasmBinary: fromBase64(files.wasm), wasmMemory: memory },
    );
    return core.newQuickJSWASMModuleFromVariant(variant);
  }

  // Runs inside QuickJS, before the user's code: console (lines handed to the Node side as strings), no code from
  // strings, and the functions this side calls afterwards, taken before the user's code can replace any global.
  const PRELUDE = '(' + function (hostLog, limitsJson) {
    'use strict';
    const limits = JSON.parse(limitsJson);
    const stringify = JSON.stringify;
    const parse = JSON.parse;
    const toText = String;
    const defineProperty = Object.defineProperty;
    const getPrototypeOf = Object.getPrototypeOf;
    const freeze = Object.freeze;
    const cut = (s, n) => (s.length > n ? s.slice(0, n) : s);
    const show = (a) => {
      if (typeof a === 'string') return a;
      try { const s = stringify(a); return s === undefined ? toText(a) : s; } catch { try { return toText(a); } catch { return '[unprintable]'; } }
    };
    // Set once the Node side says a stream is full (it keeps a mark): later lines are not even built.
    const full = { stdout: false, stderr: false };
    const push = (stream) => function () {
      if (full[stream]) return;
      let line = '';
      for (let i = 0; i < arguments.length && line.length <= limits.maxLogEntryLength; i++) {
        line += (i === 0 ? '' : ' ') + cut(show(arguments[i]), limits.maxLogEntryLength);
      }
      if (hostLog(stream, cut(line, limits.maxLogEntryLength)) === true) full[stream] = true;
    };
    const console = freeze({ log: push('stdout'), info: push('stdout'), debug: push('stdout'), warn: push('stderr'), error: push('stderr') });
    defineProperty(globalThis, 'console', { value: console, writable: true, configurable: true });

    // The engine compiles strings (eval, the Function constructors) unless they are taken away; the service's
    // functions cannot either. (This side compiles the user's code itself, not through them.)
    const noCodeFromStrings = function () { throw new EvalError('Code generation from strings disallowed for this context'); };
    const functionKinds = [function () {}, async function () {}, function* () {}, async function* () {}];
    for (const kind of functionKinds) {
      defineProperty(getPrototypeOf(kind), 'constructor', { value: noCodeFromStrings, writable: false, enumerable: false, configurable: false });
    }
    for (const name of ['eval', 'Function']) {
      defineProperty(globalThis, name, { value: noCodeFromStrings, writable: false, enumerable: false, configurable: false });
    }

    return freeze({
      /** The inputs, from their JSON text (an array: the Node side passes its elements to the function itself, so that
       * no frame but the function's own is on the stack). */
      inputs: (inputsJson) => parse(inputsJson),
      /** The result's JSON text; '' when JSON has no text for it (a function, a symbol); '!' when it nests deeper than
       * the limit (found on the way down, so a very deep value costs no more than the limit). Throws what stringify
       * throws. */
      resultJson: (value) => {
        const depths = new WeakMap();
        const tooDeep = {};
        const keepDepth = function (key, v) {
          if (v !== null && typeof v === 'object') {
            const depth = (depths.get(this) || 0) + 1;
            if (depth > limits.maxResultDepth + 1) throw tooDeep;
            depths.set(v, depth);
          }
          return v;
        };
        let json;
        try {
          json = stringify(value === undefined ? null : value, keepDepth);
        } catch (error) {
          if (error === tooDeep) return '!';
          throw error;
        }
        return typeof json === 'string' ? json : '';
      },
      /** What an error says, as JSON text: { name, message, stack } (read by shape: any value can be thrown). */
      describe: (error) => {
        let name = '';
        let message;
        let stack = '';
        try {
          message = error !== null && typeof error === 'object' && typeof error.message === 'string' ? error.message : show(error);
          name = error !== null && typeof error === 'object' && typeof error.name === 'string' ? error.name : '';
          stack = error !== null && typeof error === 'object' && typeof error.stack === 'string' ? error.stack : '';
        } catch {
          message = '[an error that cannot be read]';
        }
        return stringify({ name: cut(toText(name), 100), message: cut(toText(message), 10000), stack: cut(toText(stack), 10000), isNull: error === null });
      },
    });
  } + ')';

  /** The heading and the frames of the user's code ("function.js"); the engine prints no other realm's frames. */
  function userStack(name, message, stack) {
    const frames = stack.split('\n').filter((line) => /^\s+at .*\(function\.js:\d+(:\d+)?\)\s*$/.test(line));
    return [(name ? name + ': ' : '') + message, ...frames].join('\n').slice(0, 10000);
  }

  /** Log lines kept within the limits, counted on this side whatever the function sends. */
  function logCollector(limits) {
    const logs = { stdout: [], stderr: [] };
    const truncated = { stdout: false, stderr: false };
    let total = 0;
    return {
      logs,
      /** Keeps a line; true when the stream takes no more. */
      add(stream, line) {
        if (stream !== 'stdout' && stream !== 'stderr') return false;
        if (truncated[stream]) return true;
        const list = logs[stream];
        const kept = line.length > limits.maxLogEntryLength ? line.slice(0, limits.maxLogEntryLength) : line;
        if (list.length >= limits.maxLogEntries || total + kept.length > limits.maxLogTotalLength) {
          truncated[stream] = true;
          list.push('[log truncated]');
          return true;
        }
        total += kept.length;
        list.push(kept);
        return false;
      },
    };
  }

  /** A runtime and context ready for the job (made before it comes, in a process started ahead); runs it. */
  function prepare(QuickJS, setup, memoryGuard) {
    const limits = setup.limits;
    // The engine's out-of-memory error (an InternalError; null when even that could not be made), when this side
    // refused the memory the engine asked for last.
    const isEngineOutOfMemory = (d) => memoryGuard.lastGrowthRefused && (d.isNull === true || (d.name === 'InternalError' && d.message === 'out of memory'));
    const runtime = QuickJS.newRuntime();
    // QuickJS's stack check, under the V8 stack the WebAssembly frames use (deep recursion is a RangeError there).
    runtime.setMaxStackSize(setup.stackBytes);
    let deadline = Infinity;
    let timedOut = false;
    runtime.setInterruptHandler(() => {
      if (now() < deadline) return false;
      timedOut = true;
      return true;
    });
    const ctx = runtime.newContext();
    const collector = logCollector(limits);
    const hostLog = ctx.newFunction('log', (streamHandle, lineHandle) => {
      if (!streamHandle || !lineHandle || ctx.typeof(streamHandle) !== 'string' || ctx.typeof(lineHandle) !== 'string') return undefined;
      return collector.add(ctx.getString(streamHandle), ctx.getString(lineHandle)) ? ctx.true : ctx.false;
    });
    const prelude = ctx.unwrapResult(ctx.evalCode(PRELUDE, 'prelude.js', { type: 'global', strict: true }));
    const api = ctx.unwrapResult(ctx.callFunction(prelude, ctx.undefined, hostLog, ctx.newString(JSON.stringify(limits))));
    const inputsFn = ctx.getProp(api, 'inputs');
    const resultJsonFn = ctx.getProp(api, 'resultJson');
    const describeFn = ctx.getProp(api, 'describe');

    /** A string the engine handed back, or undefined for anything else. */
    const text = (result) => {
      if (result.error || ctx.typeof(result.value) !== 'string') return undefined;
      return ctx.getString(result.value);
    };
    const report = (outcome) => JSON.stringify({ outcome, logs: collector.logs });
    const fail = (errorHandle) => {
      if (timedOut) return report({ kind: 'timeout' });
      const described = ctx.callFunction(describeFn, ctx.undefined, errorHandle);
      if (timedOut) return report({ kind: 'timeout' });
      const json = text(described);
      if (json === undefined) {
        const d = described.error ? JSON.parse(text(ctx.callFunction(describeFn, ctx.undefined, described.error)) || '{}') : {};
        if (isEngineOutOfMemory(d)) return report({ kind: 'out-of-memory' });
        return report({ kind: 'threw', message: '[an error that cannot be read]', stack: '[an error that cannot be read]' });
      }
      const d = JSON.parse(json);
      if (isEngineOutOfMemory(d)) return report({ kind: 'out-of-memory' });
      return report({ kind: 'threw', message: d.message, stack: userStack(d.name, d.message, d.stack) });
    };

    return (job) => run(job);

    function run(job) {
      const source = '(async function (' + job.params.join(', ') + ') {\n' + job.body + '\n})';
      stdout.write('R\n');
      deadline = now() + job.timeoutMs;
      const defined = ctx.evalCode(source, 'function.js', { type: 'global' });
      if (defined.error) return afterCall(() => fail(defined.error));
      const inputs = ctx.callFunction(inputsFn, ctx.undefined, ctx.newString(job.inputsJson));
      if (inputs.error) return afterCall(() => fail(inputs.error));
      const args = [];
      for (let i = 0, n = ctx.getLength(inputs.value) || 0; i < n; i++) args.push(ctx.getProp(inputs.value, i));
      const called = ctx.callFunction(defined.value, ctx.undefined, args);
      if (called.error) return afterCall(() => fail(called.error));
      // Promise jobs until none is left (an async function settles only through them: there is no timer, no I/O).
      const jobs = runtime.executePendingJobs(-1);
      if (jobs.error) return afterCall(() => fail(jobs.error));
      if (timedOut) return report({ kind: 'timeout' });
      const state = ctx.getPromiseState(called.value);
      // Promise jobs that could not be queued for want of memory leave the promise pending.
      if (state.type === 'pending') return report({ kind: memoryGuard.lastGrowthRefused ? 'out-of-memory' : 'unsettled' });
      if (state.type === 'rejected') return afterCall(() => fail(state.error));
      return afterCall(() => {
        const json = ctx.callFunction(resultJsonFn, ctx.undefined, state.value);
        if (timedOut) return report({ kind: 'timeout' });
        if (json.error) {
          const d = JSON.parse(text(ctx.callFunction(describeFn, ctx.undefined, json.error)) || '{"message":"[an error that cannot be read]"}');
          if (timedOut) return report({ kind: 'timeout' });
          if (isEngineOutOfMemory(d)) return report({ kind: 'out-of-memory' });
          return report({ kind: 'unserializable', type: ctx.typeof(state.value), message: String(d.message).slice(0, 10000) });
        }
        const result = text(json);
        if (result === undefined) return report({ kind: 'crashed', message: 'the engine gave no text for the result' });
        if (result === '') return report({ kind: 'unserializable', type: ctx.typeof(state.value), message: '' });
        if (result === '!') return report({ kind: 'too-deep' });
        if (result.length > limits.maxResultLength) return report({ kind: 'too-large', length: result.length });
        return report({ kind: 'returned', json: result });
      });

      /** Reading the outcome (a result's JSON, an error's text) runs user code too (toJSON, getters): it stays under
       * the time limit, with a little memory more, so that an out-of-memory error can still be described. */
      function afterCall(read) {
        memoryGuard.allowedPages += REPORTING_MB * 16;
        return read();
      }
    }
  }

  // Input lines: the engine's files, the setup (limits), the job. The first two come when the process starts.
  const lines = [];
  let chunks = [];
  let ready;
  stdin.on('data', (chunk) => {
    chunks.push(chunk);
    if (chunk.indexOf(10) === -1) return;
    let text = Buffer.concat(chunks);
    for (let nl = text.indexOf(10); nl !== -1; nl = text.indexOf(10)) {
      lines.push(text.subarray(0, nl).toString('utf8'));
      text = text.subarray(nl + 1);
    }
    chunks = [text];
    if (!ready && lines.length >= 2) {
      ready = (async () => {
        const setup = JSON.parse(lines[1]);
        const memoryGuard = engineMemory(setup);
        return prepare(await loadEngine(JSON.parse(lines[0]), memoryGuard.memory), setup, memoryGuard);
      })();
      // "W": ready for the job (the parent prefers such a process when it has several started ahead).
      ready.then(() => stdout.write('W\n'), () => {});
    }
  });
  stdin.on('end', async () => {
    let line;
    try {
      if (!ready) throw new Error('no engine was sent');
      const runJob = await ready;
      if (lines.length < 3) throw new Error('no job was sent');
      line = runJob(JSON.parse(lines[2]));
    } catch (error) {
      // V8's own stack ran out under the engine's frames (a recursion the engine's stack check did not see first).
      const outcome = error instanceof RangeError && /call stack/.test(error.message)
        ? { kind: 'threw', message: 'stack overflow', stack: 'InternalError: stack overflow' }
        : { kind: 'crashed', message: String(error && error.message).slice(0, 1000) };
      line = JSON.stringify({ outcome, logs: { stdout: [], stderr: [] } });
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
