// The escape suite against a real `calckit serve` process: every route of emulator-escape-routes.mjs is called once;
// each must end with one of its allowed statuses, return nothing escaped, leak no token (nor a canary put in the
// emulator's environment), write no file, leave no process of its own behind (Linux: /proc), and the emulator must
// answer its health check after each. A final check: every process the emulator started is gone once it has stopped.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { escapeRoutes, POLLUTION_CHECK_BODY, POLLUTION_CHECK_RESULT } from './emulator-escape-routes.mjs';
import { startServe, stopServe, TOKENS } from './serve.mjs';

const PKG = '3c9b8a7d-6e5f-4a1b-8c2d-0e9f8a7b6c5d';
const LINUX = process.platform === 'linux';

/** Clock ticks since boot now, and a process's start in the same unit (Linux). */
const ticksNow = () => Math.floor(Number(readFileSync('/proc/uptime', 'latin1').split(' ')[0]) * 100);
function stat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'latin1');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0], ppid: Number(fields[1]), start: Number(fields[19]) };
  } catch {
    return undefined;
  }
}

/** Live processes below `root`, with their start times. */
function descendants(root) {
  const all = readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map((d) => [Number(d), stat(d)]).filter(([, s]) => s && s.state !== 'Z');
  const found = [];
  const walk = (pid) => {
    for (const [child, s] of all) if (s.ppid === pid) { found.push({ pid: child, start: s.start }); walk(child); }
  };
  walk(root);
  return found;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function escapeSuite({ log = () => {} } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'calckit-robust-escape-'));
  const target = join(dir, 'escaped');
  const canary = `robust-canary-${process.pid}-${Date.now()}`;
  const routes = escapeRoutes({ target });
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
      const started = LINUX ? ticksNow() : 0;
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
      for (const [what, secret] of [['ESCAPED', 'ESCAPED'], ['the developer token', TOKENS.developer], ['the session token', TOKENS.session], ['the environment canary', canary], ['/etc/passwd', 'root:x:0:0']]) {
        if (r.text.includes(secret)) failures.push(`${name}: the answer holds ${what}`);
      }
      if (existsSync(target)) failures.push(`${name}: a file was written`);
      if (LINUX) {
        // Whatever ran this call started before it was sent; only the process started ahead for the next call may live.
        let old = [];
        for (let i = 0; i < 40; i++) {
          const below = descendants(serve.child.pid);
          for (const p of below) seen.add(p.pid);
          old = below.filter((p) => p.start < started);
          if (old.length === 0) break;
          await sleep(50);
        }
        if (old.length > 0) failures.push(`${name}: processes of earlier calls still alive: ${old.map((p) => p.pid).join(', ')}`);
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
    rmSync(dir, { recursive: true, force: true });
  }
  return { tried, outcomes, layers, failures };
}
