// The escape suite against a real `calckit serve` process: every route of emulator-escape-routes.mjs and every step of
// issue 32's escape chain (emulator-escape-chain.mjs, each with the safe outcome it must end with) is called once;
// each must end with one of its allowed statuses, return nothing escaped, leak no token (nor a canary put in the
// emulator's environment), write no file, reach no host Unix socket, bind none in /tmp, leave no process of its own
// behind (Linux: /proc), and the emulator must answer its health check after each. A final check: every process the
// emulator started is gone once it has stopped.
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chainRouteChecks, escapeChainRoutes } from './emulator-escape-chain.mjs';
import { escapeRoutes, POLLUTION_CHECK_BODY, POLLUTION_CHECK_RESULT } from './emulator-escape-routes.mjs';
import { startServe, stopServe, TOKENS } from './serve.mjs';

const PKG = '3c9b8a7d-6e5f-4a1b-8c2d-0e9f8a7b6c5d';
const LINUX = process.platform === 'linux';
/** The most processes the emulator keeps started ahead of calls (its default functionConcurrency): each is a process
 * group of its own, in which no user code has run. */
const MAX_SPARE_GROUPS = 4;

/** A process's state, parent, process group and start (Linux). */
function stat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'latin1');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0], ppid: Number(fields[1]), group: Number(fields[2]), start: Number(fields[19]) };
  } catch {
    return undefined;
  }
}

/** Live processes below `root`, with their process groups. */
function descendants(root) {
  const all = readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map((d) => [Number(d), stat(d)]).filter(([, s]) => s && s.state !== 'Z');
  const found = [];
  const walk = (pid) => {
    for (const [child, s] of all) if (s.ppid === pid) { found.push({ pid: child, group: s.group, start: s.start }); walk(child); }
  };
  walk(root);
  return found;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A Unix socket of the host that anyone may connect to (as many services' are); counts connections. */
async function hostSocket(path) {
  const counter = { connections: 0, server: undefined };
  counter.server = createServer((socket) => {
    counter.connections++;
    socket.on('error', () => {});
    socket.end('hello from the host\n');
  });
  await new Promise((resolve) => counter.server.listen(path, resolve));
  chmodSync(path, 0o777);
  return counter;
}

export async function escapeSuite({ log = () => {} } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'calckit-robust-escape-'));
  const target = join(dir, 'escaped');
  const canary = `robust-canary-${process.pid}-${Date.now()}`;
  const sockets = { host: await hostSocket(join(dir, 'host.sock')), process: await hostSocket(join(dir, 'process.sock')) };
  const bindPath = join('/tmp', `calckit-robust-bind-${process.pid}-${Date.now()}`);
  const chain = escapeChainRoutes({ socketPath: join(dir, 'host.sock'), processSocketPath: join(dir, 'process.sock'), bindPath });
  const checks = chainRouteChecks();
  const routes = { ...escapeRoutes({ target }), ...Object.fromEntries(Object.entries(chain).map(([n, body]) => [n, { body, expect: checks[n].expect }])) };
  const fn = (name, body, timeoutMs) => ({ name, inputs: [], output: { type: 'ANY', isList: false, allowNull: true }, body, ...(timeoutMs ? { timeoutMs } : {}) });
  const fixtures = join(dir, 'fixtures.json');
  writeFileSync(fixtures, JSON.stringify({
    codePackages: [{ id: PKG, version: '1.0.0', functions: [...Object.entries(routes).map(([n, r]) => fn(n, r.body, r.timeoutMs)), fn('pollutionCheck', POLLUTION_CHECK_BODY)] }],
  }));
  const serve = await startServe(['--fixtures', fixtures], { CALCKIT_ESCAPE_CANARY: canary });
  const url = serve.info.url;
  const failures = [];
  const outcomes = {};
  const seen = new Set();
  let tried = 0;
  let layers = [];
  const call = async (name) => {
    const r = await fetch(`${url}/api/codeengine/v2/packages/${PKG}/versions/1.0.0/functions/${name}`, {
      method: 'POST',
      headers: { 'X-SVC-Developer-Token': TOKENS.developer, 'content-type': 'application/json' },
      body: JSON.stringify({ settings: { getLogs: true } }),
    });
    return { status: r.status, text: await r.text() };
  };
  try {
    layers = (await (await fetch(`${url}/__emulator/health`)).json()).functionSandbox?.layers ?? [];
    for (const [name, route] of Object.entries(routes)) {
      let r;
      try {
        r = await call(name);
      } catch (error) {
        failures.push(`${name}: no answer (${error?.cause?.code ?? error})`);
        break;
      }
      tried++;
      let body;
      try {
        body = JSON.parse(r.text);
      } catch {
        body = undefined;
      }
      outcomes[name] = body?.status ?? `HTTP ${r.status}`;
      if (r.status !== 200 || !body) failures.push(`${name}: HTTP ${r.status} ${r.text.slice(0, 200)}`);
      else if (!route.expect.includes(body.status)) failures.push(`${name}: ${body.status}, expected ${route.expect.join(' or ')}: ${r.text.slice(0, 300)}`);
      for (const [what, secret] of [['ESCAPED', 'ESCAPED'], ['the developer token', TOKENS.developer], ['the session token', TOKENS.session], ['the environment canary', canary], ['/etc/passwd', 'root:x:0:0'], ['a host socket\'s answer', 'hello from the host']]) {
        if (r.text.includes(secret)) failures.push(`${name}: the answer holds ${what}`);
      }
      if (existsSync(target)) failures.push(`${name}: a file was written`);
      if (checks[name] && body) {
        await sleep(200); // a connection or a bind made as the call ends
        const wrong = checks[name].check(body, { hostConnections: sockets.host.connections, processConnections: sockets.process.connections, bound: existsSync(bindPath) });
        if (wrong) failures.push(`${name}: ${wrong}`);
      }
      if (LINUX) {
        // Once a call has answered, only processes started ahead (each a process group, no user code run in it) may
        // live: at most MAX_SPARE_GROUPS groups. A call's process left alive would add one group per call.
        let groups = [];
        for (let i = 0; i < 40; i++) {
          const below = descendants(serve.child.pid);
          for (const p of below) seen.add(p.pid);
          groups = [...new Set(below.map((p) => p.group))];
          if (groups.length <= MAX_SPARE_GROUPS) break;
          await sleep(50);
        }
        if (groups.length > MAX_SPARE_GROUPS) failures.push(`${name}: ${groups.length} process groups alive after the call (at most ${MAX_SPARE_GROUPS} started ahead): processes of earlier calls are left`);
      }
      const health = await fetch(`${url}/__emulator/health`).then((h) => h.json()).catch((e) => ({ status: String(e) }));
      if (health.status !== 'ok') failures.push(`${name}: health check after it: ${JSON.stringify(health).slice(0, 200)}`);
      if (name === 'pollute') {
        const check = JSON.parse((await call('pollutionCheck')).text);
        if (check.result !== POLLUTION_CHECK_RESULT) failures.push(`pollution survived a call: ${JSON.stringify(check.result)}`);
      }
    }
    log(`emulator escape suite: ${tried} routes, ${failures.length} failures`);
  } finally {
    await stopServe(serve);
    if (LINUX) {
      let alive = [];
      for (let i = 0; i < 40; i++) {
        alive = [...seen].filter((pid) => {
          const s = stat(pid);
          return s && s.state !== 'Z';
        });
        if (alive.length === 0) break;
        await sleep(50);
      }
      if (alive.length > 0) failures.push(`processes left after the emulator stopped: ${alive.join(', ')}`);
    }
    if (existsSync(target)) failures.push('a file was written');
    if (existsSync(bindPath)) failures.push(`a socket was bound at ${bindPath}`);
    if (sockets.host.connections + sockets.process.connections > 0) failures.push('a host Unix socket was connected to');
    await Promise.all(Object.values(sockets).map((s) => new Promise((resolve) => s.server.close(resolve))));
    rmSync(dir, { recursive: true, force: true });
    rmSync(bindPath, { force: true });
  }
  return { tried, outcomes, layers, failures };
}
