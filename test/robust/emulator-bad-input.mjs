// The emulator under bad input: generated requests that must all be refused (malformed, huge and deeply nested
// bodies, wrong types, odd characters in ids, wrong or missing tokens, wrong content types) — each gets a 4xx with a
// JSON error body, the process stays up, and the state (every calculation, the health counts) is unchanged afterwards.
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServe, stopServe, TOKENS } from './serve.mjs';

const CALC_IDS = [101, 102, 103, 104];
const PKG = '6f1c2e9a-3b4d-4e5f-8a7b-9c0d1e2f3a4b';

/** JSON values that are never a valid value for the field they are put in (the field wants a string/boolean/object). */
const wrongScalar = fc.oneof(fc.integer(), fc.double(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }));
const notJson = fc.string({ unit: 'binary', maxLength: 80 }).filter((s) => {
  try {
    JSON.parse(s);
    return false;
  } catch {
    return true;
  }
});
const oddId = fc.oneof(
  fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }).filter((s) => !/^\d+$/.test(s)),
  fc.constantFrom('0', '-1', '1e3', '01x', '9'.repeat(40), '..', '%2e%2e', '%00', '101%20', '101/../102', ' 101', '101;', 'null', 'NaN'),
);
const badToken = fc.oneof(fc.constant(undefined), fc.constant(TOKENS.session), fc.string({ maxLength: 40 }).filter((s) => s !== TOKENS.developer && /^[\x21-\x7e]*$/.test(s)));

/** Where a deeply nested value can go: each operation that takes a body, at its first field. */
const DEEP_TARGETS = {
  update: (v) => ({ method: 'POST', path: '/api/query/v1/functions/template/101', body: `{"expression":${v}}` }),
  lock: (v) => ({ method: 'PUT', path: '/api/query/v1/functions/template/101', body: `{"locked":${v}}` }),
  function: (v) => ({ method: 'POST', path: `/api/codeengine/v2/packages/${PKG}/versions/1.0.0/functions/add`, body: `{"inputVariables":{"a":${v},"b":1}}` }),
  schema: (v) => ({ method: 'POST', path: '/api/data/v2/datasources/sales/schemas', session: true, body: `{"columns":${v}}` }),
  schedule: (v) => ({ method: 'POST', path: '/api/content/v1/reportschedules', body: `{"title":${v}}` }),
  search: (v) => ({ method: 'POST', path: '/api/query/v1/functions/search', body: `{"limit":1,"offset":0,"filters":${v}}` }),
};

/** One refused request: { method, path, headers, body, why }. */
const badRequest = fc.oneof(
  // updateFormula with a body that is not JSON, not an object, or whose expression is not a string.
  fc.record({ id: fc.constantFrom(...CALC_IDS), body: fc.oneof(notJson, wrongScalar.map((v) => JSON.stringify({ expression: v })), fc.constant('{}'), fc.constant('[]'), wrongScalar.map(JSON.stringify)), strict: fc.constantFrom('', '?strict=false', '?strict=maybe') })
    .map(({ id, body, strict }) => ({ method: 'POST', path: `/api/query/v1/functions/template/${id}${strict === '?strict=maybe' ? strict : ''}`, body, why: 'update: bad body' })),
  // updateFormula with a valid body but a wrong or missing token.
  fc.record({ id: fc.constantFrom(...CALC_IDS), token: badToken, expr: fc.string({ maxLength: 30 }) })
    .map(({ id, token, expr }) => ({ method: 'POST', path: `/api/query/v1/functions/template/${id}`, token, body: JSON.stringify({ expression: expr }), why: 'update: wrong token' })),
  // updateFormula / lock with an odd id and a valid body.
  fc.record({ id: oddId, lock: fc.boolean() }).map(({ id, lock }) => ({
    method: lock ? 'PUT' : 'POST', path: `/api/query/v1/functions/template/${encodeURIComponent(id)}`,
    body: JSON.stringify(lock ? { locked: true } : { expression: '1' }), why: 'odd id',
  })),
  // odd ids in the other operations' paths (dataset, code package, version, function name).
  fc.record({ id: oddId, which: fc.constantFrom('dataset', 'package', 'version', 'function') }).map(({ id, which }) => {
    const e = encodeURIComponent(id);
    if (which === 'dataset') return { method: 'POST', path: `/api/data/v2/datasources/${e}/schemas`, session: true, body: JSON.stringify({ columns: [{ name: 'A', id: 'a', type: 'STRING', order: 0, visible: true }] }), why: 'schema: odd dataset id' };
    const [pkg, version, fn] = [which === 'package' ? e : PKG, which === 'version' ? e : '1.0.0', which === 'function' ? e : 'add'];
    return { method: 'POST', path: `/api/codeengine/v2/packages/${pkg}/versions/${version}/functions/${fn}`, body: JSON.stringify({ inputVariables: { a: 1, b: 2 } }), why: `function: odd ${which}` };
  }),
  // lock with a non-boolean.
  fc.record({ id: fc.constantFrom(...CALC_IDS), v: fc.oneof(wrongScalar, fc.constantFrom('true', 'false', 1, 0)) })
    .map(({ id, v }) => ({ method: 'PUT', path: `/api/query/v1/functions/template/${id}`, body: JSON.stringify({ locked: v }), why: 'lock: wrong type' })),
  // wrong content type on a valid update.
  fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml').map((type) => ({ method: 'POST', path: '/api/query/v1/functions/template/101', contentType: type, body: JSON.stringify({ expression: '2' }), why: 'content type' })),
  // dataset schema with the developer token instead of the session token, or broken columns.
  fc.record({ token: fc.boolean(), cols: fc.oneof(wrongScalar, fc.constant([]), fc.constant([{ name: 'A', id: 'a', type: 'TEXT', order: 0 }]), fc.constant([{ name: 'A', id: 'a', type: 'STRING', order: 0 }, { name: 'A', id: 'b', type: 'STRING', order: 1 }])) })
    .map(({ token, cols }) => ({ method: 'POST', path: '/api/data/v2/datasources/sales/schemas', session: !token, token: token ? TOKENS.developer : undefined, body: JSON.stringify({ columns: cols }), why: 'schema: bad body or token' })),
  // report schedule with broken fields.
  fc.record({ hour: fc.oneof(fc.integer({ min: 24, max: 1000 }), fc.integer({ max: -1 })), tz: fc.constantFrom('Mars/Olympus', 'UTC', '', 'Europe/Paris') })
    .map(({ hour, tz }) => ({ method: 'POST', path: '/api/content/v1/reportschedules', body: JSON.stringify({ title: 't', pageId: 1, viewId: 11, schedule: { frequency: 'DAILY', hourOfDay: hour, minOfHour: 0, timezone: tz } }), why: 'schedule: bad hour' })),
  // code function with wrong input types.
  fc.record({ a: wrongScalar.filter((v) => typeof v !== 'number') }).map(({ a }) => ({ method: 'POST', path: `/api/codeengine/v2/packages/${PKG}/versions/1.0.0/functions/add`, body: JSON.stringify({ inputVariables: { a, b: 1 } }), why: 'function: wrong input type' })),
  // bodies nesting arrays or objects deeper than the limit (1000 levels), up to 300,000 levels, in every operation.
  fc.record({ depth: fc.integer({ min: 1001, max: 300_000 }), objects: fc.boolean(), op: fc.constantFrom(...Object.keys(DEEP_TARGETS)) }).map(({ depth, objects, op }) => {
    const deep = objects ? `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}` : `${'['.repeat(depth)}1${']'.repeat(depth)}`;
    return { ...DEEP_TARGETS[op](deep), why: `${op}: ${depth}-deep ${objects ? 'objects' : 'arrays'}` };
  }),
);

async function send(url, req) {
  const headers = { 'content-type': req.contentType ?? 'application/json' };
  if (req.session) headers['x-svc-authentication'] = TOKENS.session;
  else if (req.token !== undefined || !('token' in req)) headers['X-SVC-Developer-Token'] = 'token' in req ? req.token : TOKENS.developer;
  if (headers['X-SVC-Developer-Token'] === undefined) delete headers['X-SVC-Developer-Token'];
  try {
    const r = await fetch(url + req.path, { method: req.method, headers, body: req.body });
    const text = await r.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: r.status, json };
  } catch (error) {
    return { status: 0, error: String(error?.cause?.code ?? error) };
  }
}

async function snapshot(url) {
  const calcs = [];
  for (const id of CALC_IDS) {
    const r = await fetch(`${url}/api/query/v1/functions/template/${id}`, { headers: { 'X-SVC-Developer-Token': TOKENS.developer } });
    calcs.push(await r.text());
  }
  const health = await (await fetch(`${url}/__emulator/health`)).json();
  return JSON.stringify({ calcs, counts: health.counts });
}

/** Sends `runs` generated bad requests plus huge bodies; returns { tried, failures, statuses (count by HTTP status) }. */
export async function fuzzEmulatorInput({ runs = 2000, seed = 42, log = () => {} } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'calckit-robust-emu-'));
  const serve = await startServe(['--data', join(dir, 'state.sqlite')]);
  const url = serve.info.url;
  const failures = [];
  let tried = 0;
  const statuses = {};
  try {
    const before = await snapshot(url);
    const check = (req, res) => {
      tried++;
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      const ok = res.status >= 400 && res.status < 500 && res.json && res.json.status === res.status && typeof res.json.message === 'string';
      if (!ok) failures.push(`${req.why}: ${req.method} ${req.path.slice(0, 80)} ${String(req.body).slice(0, 80)} → ${res.status} ${res.error ?? JSON.stringify(res.json)?.slice(0, 120)}`);
    };
    // Huge bodies: just over the limit (413), and far over it (413 or the connection cut, as documented).
    for (const size of [1024 * 1024 + 10, 4 * 1024 * 1024, 20 * 1024 * 1024]) {
      const req = { method: 'POST', path: '/api/query/v1/functions/template/101', body: JSON.stringify({ expression: `1 + ${'1'.repeat(size)}` }), why: `huge body (${size} B)` };
      const res = await send(url, req);
      if (size >= 16 * 1024 * 1024 && res.status === 0) tried++; // the connection was cut: documented, nothing stored
      else check(req, res);
    }
    let n = 0;
    fc.assert(fc.property(badRequest, () => true), { numRuns: 1, seed }); // validates the arbitrary early
    for (const req of fc.sample(badRequest, { numRuns: runs, seed })) {
      check(req, await send(url, req));
      if (++n % 250 === 0) {
        const now = await snapshot(url);
        if (now !== before) failures.push(`state changed after ${n} refused requests`);
        log(`emulator bad input: ${n}/${runs}, ${failures.length} failures`);
      }
    }
    const after = await snapshot(url);
    if (after !== before) failures.push('state changed by refused requests');
    if (serve.child.exitCode !== null || serve.child.signalCode !== null) failures.push(`the emulator exited: ${serve.stderr()}`);
  } finally {
    await stopServe(serve);
    rmSync(dir, { recursive: true, force: true });
  }
  return { tried, failures, statuses };
}
