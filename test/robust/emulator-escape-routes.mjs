// The escape routes: code-function bodies that try every known way out of the emulator's sandbox or to exhaust it, with
// the statuses each may end with. Shared by the vitest escape suite (test/emulator/sandbox-escape.test.ts) and the
// robustness run (emulator-escape.mjs). A body returns a string starting with ESCAPED only if it got out.

/** Route name → { body, expect (allowed statuses), timeoutMs? }; `target` is a file path no route may create. */
export function escapeRoutes({ target }) {
  const Q = JSON.stringify;
  const TARGET = target;
  return {
    // Constructor chains to a Function that compiles strings (the host realm's, if it can be reached).
    globalConstructorChain: { body: "return 'ESCAPED:' + this.constructor.constructor('return process')().pid;", expect: ['FAILED'] },
    functionConstructor: { body: "return 'ESCAPED:' + (function () {}).constructor('return process')().pid;", expect: ['FAILED'] },
    asyncFunctionConstructor: { body: "return 'ESCAPED:' + (await (async function () {}).constructor('return process')()).pid;", expect: ['FAILED'] },
    eval: { body: "return 'ESCAPED:' + eval('typeof process');", expect: ['FAILED'] },
    // The host-realm error of a refused import(): its constructor chain is the host's Function.
    importHostError: {
      body: "try { await import('node:fs'); } catch (e) { return 'ESCAPED:' + e.constructor.constructor('return process')().pid; } return 'imported?';",
      expect: ['FAILED'],
    },
    importFs: { body: "const fs = await import('node:fs'); return 'ESCAPED:' + fs.readFileSync('/etc/passwd', 'utf8');", expect: ['FAILED'] },
    // Stack-trace callbacks of the host realm, handed host call sites.
    hostPrepareStackTrace: {
      body: [
        'let host;',
        "try { await import('x'); } catch (e) { host = e; }",
        'const HostError = Object.getPrototypeOf(host.constructor);',
        'let found;',
        'HostError.prepareStackTrace = (err, sites) => { for (const s of sites) { for (const get of ["getThis", "getFunction"]) { try { const v = s[get](); if (v && (v.process || v.require)) found = v; } catch {} } } return "x"; };',
        'try { new host.constructor("probe").stack; } catch {}',
        "try { await import('y'); } catch (e) { e.stack; }",
        "return found ? 'ESCAPED:' + typeof (found.process || found.require) : 'nothing found';",
      ].join('\n'),
      expect: ['FAILED', 'SUCCESS'],
    },
    // The caller chain from the function to the runner's frames.
    callerChain: {
      body: 'function f() { return f.caller && f.caller.caller; } const c = (typeof arguments !== "undefined" && arguments.callee && arguments.callee.caller) || f(); return c ? "ESCAPED:" + String(c).slice(0, 80) : "nothing found";',
      expect: ['FAILED', 'SUCCESS'],
    },
    processBinding: { body: "return 'ESCAPED:' + Object.keys(process.binding('fs')).length;", expect: ['FAILED'] },
    require: { body: "return 'ESCAPED:' + require('node:fs').readFileSync('/etc/passwd', 'utf8');", expect: ['FAILED'] },
    moduleRequire: { body: "return 'ESCAPED:' + module.require('node:child_process').execSync('id').toString();", expect: ['FAILED'] },
    // What a function can see at all.
    globalsSeen: {
      body: "const seen = Object.getOwnPropertyNames(globalThis).filter((n) => /^(process|require|module|Buffer|fetch|setTimeout|setImmediate|WebAssembly|global|queueMicrotask|structuredClone)$/.test(n)); return seen.length ? 'ESCAPED:' + seen.join(',') : 'nothing found';",
      expect: ['SUCCESS'],
    },
    // Secrets in the environment, files, processes, the network, the emulator itself.
    envTokens: { body: "return 'ESCAPED:' + JSON.stringify(process.env);", expect: ['FAILED'] },
    readPasswd: { body: "return 'ESCAPED:' + this.constructor.constructor('return process.mainModule.require(\"fs\").readFileSync(\"/etc/passwd\", \"utf8\")')();", expect: ['FAILED'] },
    writeFile: { body: `await import('node:fs').then((fs) => fs.writeFileSync(${Q(TARGET)}, 'x')); return 'ESCAPED';`, expect: ['FAILED'] },
    spawnProcess: { body: "const cp = await import('node:child_process'); return 'ESCAPED:' + cp.execSync('id').toString();", expect: ['FAILED'] },
    fetchEmulator: { body: "const f = typeof fetch === 'function' ? fetch : this.constructor.constructor('return fetch')(); const r = await f('http://127.0.0.1:8787/__emulator/health'); return 'ESCAPED:' + (await r.text());", expect: ['FAILED'] },
    killEmulator: { body: "process.kill(process.ppid, 'SIGKILL'); return 'ESCAPED';", expect: ['FAILED'] },
    // Exhaustion: time.
    endlessLoop: { body: 'for (;;) {}', expect: ['TIMED_OUT'], timeoutMs: 500 },
    endlessLoopAtDefinition: { body: '}); for (;;) {} (async function () {', expect: ['TIMED_OUT'], timeoutMs: 500 },
    // The engine has no Atomics (a ReferenceError); were it there, the wait would meet the time limit.
    atomicsWaitForever: { body: 'Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0); return "ESCAPED";', expect: ['TIMED_OUT', 'FAILED'], timeoutMs: 500 },
    microtaskFlood: { body: 'for (;;) await null;', expect: ['TIMED_OUT'], timeoutMs: 500 },
    unboundedPromiseChain: { body: 'const f = () => Promise.resolve().then(f); f(); return new Promise(() => {});', expect: ['TIMED_OUT', 'OUT_OF_MEMORY'], timeoutMs: 500 },
    promiseChainBuild: { body: 'let p = Promise.resolve(); for (let i = 0; i < 1e9; i++) p = p.then(() => {}); await p; return "ESCAPED";', expect: ['TIMED_OUT', 'OUT_OF_MEMORY'], timeoutMs: 500 },
    getterLoopOnThrow: { body: 'throw { get message() { for (;;) {} } };', expect: ['TIMED_OUT'], timeoutMs: 500 },
    getterLoopOnResult: { body: 'return { get x() { for (;;) {} } };', expect: ['TIMED_OUT'], timeoutMs: 500 },
    // Exhaustion: memory.
    hugeArrayBuffers: { body: 'const a = []; for (let i = 0; i < 3; i++) a.push(new ArrayBuffer(700 * 1024 * 1024)); return "ESCAPED:" + a.length;', expect: ['OUT_OF_MEMORY'] },
    hugeTypedArray: { body: 'const a = new Uint8Array(700 * 1024 * 1024); a.fill(1); return "ESCAPED:" + a.length;', expect: ['OUT_OF_MEMORY'] },
    arrayBuffersCaught: {
      body: 'const a = []; try { for (;;) a.push(new Uint8Array(16 * 1024 * 1024).fill(1)); } catch (e) { return (a.length * 16 > 400 ? "ESCAPED:" : "capped at ") + a.length * 16 + " MB"; }',
      expect: ['SUCCESS', 'OUT_OF_MEMORY'],
    },
    heapHog: { body: 'const a = []; for (;;) a.push(new Array(1e5).fill(1));', expect: ['OUT_OF_MEMORY'] },
    wasmMemory: { body: 'const m = new WebAssembly.Memory({ initial: 30000 }); return "ESCAPED:" + m.buffer.byteLength;', expect: ['FAILED'] },
    // Exhaustion: output.
    // 100 million characters logged (1,000 times the cap), well within the time limit of an interpreter (QuickJS).
    consoleFlood: { body: "for (let i = 0; i < 10000; i++) console.log('x'.repeat(10000)); return 'done';", expect: ['SUCCESS'] },
    consoleFloodForever: { body: "for (;;) console.error('y'.repeat(10000));", expect: ['TIMED_OUT'], timeoutMs: 500 },
    hugeResult: { body: "return 'x'.repeat(5 * 1000 * 1000);", expect: ['FAILED'] },
    hugeResultOverHeap: { body: "return 'x'.repeat(500 * 1000 * 1000);", expect: ['FAILED', 'OUT_OF_MEMORY'] },
    deepResult: { body: 'let x = []; for (let i = 0; i < 100000; i++) x = [x]; return x;', expect: ['FAILED'] },
    deepishResult: { body: 'let x = []; for (let i = 0; i < 3000; i++) x = [x]; return x;', expect: ['FAILED'] },
    hugeErrorMessage: { body: "throw new Error('m'.repeat(5 * 1000 * 1000));", expect: ['FAILED'] },
    stackOverflow: { body: 'const f = () => f(); f();', expect: ['FAILED'] },
    // State across calls (POLLUTION_CHECK_BODY, run next, must not see it).
    pollute: { body: 'globalThis.polluted = 1; Object.prototype.polluted = 1; Array.prototype.push = null; JSON.stringify = () => "ESCAPED"; return 1;', expect: ['SUCCESS'] },
  };
}

/** Run after `pollute`: what one call did to its globals must be gone in the next. */
export const POLLUTION_CHECK_BODY = "return [typeof globalThis.polluted, typeof ({}).polluted, typeof [].push].join(',');";
export const POLLUTION_CHECK_RESULT = 'undefined,undefined,function';
