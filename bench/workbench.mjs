// The workbench page's budgets, each against a reference measured in the same run:
// - size: the built page (HTML, CSS, main.js, worker.js) gzip -9 and brotli 11, against the editor and its LSP client
//   alone (packages/workbench/scripts/editor-sizes.mjs);
// - load to first diagnostics: the page in headless Chromium (a fresh browser context per load, no cache) against the
//   Node server over stdio, from process spawn, given the messages the page's client sent (replayed);
// - keystroke to diagnostics, p50/p99: characters typed one at a time into a 5,000-character formula in the page, and
//   the Node server given exactly the messages the page's client sent for them, in the same order around each
//   keystroke's diagnostics (the same one-character incremental changes, completion and code-action requests), with
//   the page's own initialize parameters: as typed (the server's default debounce on both), and with no debounce
//   (`?diagnosticsDelay=0`, the work alone). Without debounce, the page's worker script alone in a blank document fed
//   the same messages tells the server's share from the page's, and a Chromium without DeferRendererTasksAfterInput
//   the browser's: after a key, Chromium holds other tasks, the worker's message among them, until the frame that
//   shows the key.
// Usage: node bench/workbench.mjs [--rounds=N] [--loads=N] (after `npm run build`); prints JSON.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver-protocol/node';
import { buildSite, SITE } from '../packages/workbench/scripts/build.mjs';
import { compressedSizes, EDITOR_WITH_LSP_CLIENT, measureEditorBundles } from '../packages/workbench/scripts/editor-sizes.mjs';
import { serveSite } from '../packages/workbench/scripts/serve.mjs';
import { formula5k } from './lib/editor-documents.mjs';
import { median, percentile } from './lib/stats.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const NODE_SERVER = join(ROOT, 'packages/language-server/dist/calckit-language-server.js');
/** Debian's Chromium, as the end-to-end tests use it (test/e2e/harness/paths.ts). */
const CHROMIUM = process.env.CALCKIT_E2E_CHROMIUM ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu'];
/** Chromium's policy of holding other tasks (a worker's message among them) after a key until the frame showing it. */
const CHROMIUM_INPUT_DEFERRAL = 'DeferRendererTasksAfterInput';
/** The site's files a browser loads for the page. */
const PAGE_FILES = ['index.html', 'workbench.css', 'main.js', 'worker.js'];
/** The page's query: no debounce of the diagnostics, as the Node server is run here (and the side-by-side bench). */
const QUERY = '?diagnosticsDelay=0';
export const LOADS = 5;
export const ROUNDS = 3;
export const KEYSTROKES = 100;
export const WARMUP_KEYSTROKES = 20;
/**
 * What is typed, a character at a time, at the start of a line near the middle of the formula: a WHEN clause of the
 * CASE. No bracket or quote, which CodeMirror closes itself (two characters for one key), so that each key sends one
 * inserted character.
 */
const TYPED = '  WHEN `Quantity` > 100 AND `Revenue` >= `Cost` * 2 THEN `Revenue` - `Cost` * 3 / 4 + `Discount` * 5 - `Quantity` / 6 -- bench';

/**
 * Runs in the page before its scripts: records every message the page posts to the language server's worker (with
 * performance.now()), every key pressed, and when each version's diagnostics were first shown (the page's
 * data-diagnostics-* attributes on #editor).
 */
function recorder() {
  const record = { sent: [], keydownAt: [], shown: {} };
  globalThis.__workbenchBench = record;
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    record.sent.push({ at: performance.now(), message });
    return post.call(this, message, ...rest);
  };
  document.addEventListener('keydown', () => record.keydownAt.push(performance.now()), true);
  document.addEventListener('DOMContentLoaded', () => {
    const editor = document.getElementById('editor');
    new MutationObserver(() => {
      const { diagnosticsVersion, diagnosticsShownAt } = editor.dataset;
      if (diagnosticsVersion && !(diagnosticsVersion in record.shown)) record.shown[diagnosticsVersion] = Number(diagnosticsShownAt);
    }).observe(editor, { attributes: true, attributeFilter: ['data-diagnostics-version'] });
  });
}

/** The built page's bytes, raw and compressed, against the minimal CodeMirror editor with its LSP client. */
async function measureSize() {
  const files = PAGE_FILES.map((file) => {
    const contents = readFileSync(join(SITE, file));
    return { file, raw: contents.length, ...compressedSizes(contents) };
  });
  const sum = (key) => files.reduce((total, f) => total + f[key], 0);
  const page = { raw: sum('raw'), gzip: sum('gzip'), brotli: sum('brotli') };
  const editor = (await measureEditorBundles()).find((row) => row.name === EDITOR_WITH_LSP_CLIENT);
  if (!editor) throw new Error(`editor-sizes.mjs measured no "${EDITOR_WITH_LSP_CLIENT}"`);
  return { files, page, editor, brotliOverEditor: page.brotli / editor.brotli, gzipOverEditor: page.gzip / editor.gzip };
}

/** A page in a browser context of its own (no cache, no storage shared with another load), recording. */
async function openPage(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  await context.addInitScript(recorder);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url);
  return { page, errors, close: () => context.close() };
}

const recordOf = (page) => page.evaluate(() => globalThis.__workbenchBench);
const isDocumentSync = (m) => m.method === 'textDocument/didOpen' || m.method === 'textDocument/didChange';

/** Load to the first diagnostics shown, in ms since navigation start (the page's performance.now()). */
async function loadPage(browser, url) {
  const { page, errors, close } = await openPage(browser, url);
  try {
    const at = await page.waitForFunction(() => document.getElementById('editor')?.dataset['firstDiagnosticsAt'], undefined, { timeout: 60_000 });
    const firstDiagnosticsMs = Number(await at.jsonValue());
    const record = await recordOf(page);
    if (errors.length > 0) throw new Error(`the page failed: ${errors.join('; ')}`);
    const initialize = record.sent.find((s) => s.message.method === 'initialize')?.message;
    if (initialize?.params.initializationOptions?.diagnosticsDelay !== 0) {
      throw new Error(`the page did not pass ${QUERY} to its server: ${SITE} is older than that option (rebuild it: node packages/workbench/scripts/build.mjs)`);
    }
    return { firstDiagnosticsMs, sent: record.sent.filter((s) => s.at <= firstDiagnosticsMs).map((s) => s.message) };
  } finally {
    await close();
  }
}

/**
 * The Node server over stdio, started now, fed messages recorded from the page. Messages without a method are the
 * page's answers to the worker's requests: the connection here answers those itself.
 */
function startNodeServer() {
  const startedAt = performance.now();
  const child = spawn(process.execPath, [NODE_SERVER, '--stdio'], { stdio: ['pipe', 'pipe', process.env.BENCH_DEBUG ? 'inherit' : 'ignore'] });
  const connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const shown = new Map();
  const waiting = new Map();
  let firstDiagnostics;
  let resolveFirst;
  const first = new Promise((resolve) => (resolveFirst = resolve));
  connection.onNotification('textDocument/publishDiagnostics', (p) => {
    const at = performance.now();
    firstDiagnostics ??= at;
    resolveFirst(at);
    if (!shown.has(p.version)) shown.set(p.version, at);
    waiting.get(p.version)?.(at);
    waiting.delete(p.version);
  });
  connection.onNotification(() => {});
  connection.onRequest(() => null);
  connection.listen();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    startedAt,
    firstDiagnostics: () => first,
    /** Resolves with the time the diagnostics of `version` arrived (at once when they already did). */
    diagnosticsOf: (version) => (shown.has(version) ? Promise.resolve(shown.get(version)) : new Promise((resolve) => waiting.set(version, resolve))),
    /** Sends one recorded message; initialize is awaited, as the page's client awaits it. */
    async send(message) {
      if (!message.method) return;
      if (message.id === undefined) return connection.sendNotification(message.method, message.params);
      const answer = connection.sendRequest(message.method, message.params);
      if (message.method === 'initialize') await answer;
      else answer.catch(() => undefined);
    },
    async close() {
      await Promise.race([connection.sendRequest('shutdown').then(() => connection.sendNotification('exit')), new Promise((r) => setTimeout(r, 2000))]).catch(() => undefined);
      connection.dispose();
      child.kill();
      await exited;
    },
  };
}

/** The Node server from spawn to its first diagnostics, given the messages the page sent before its own. */
async function loadNode(sent) {
  const server = startNodeServer();
  try {
    for (const message of sent) await server.send(message);
    return (await server.firstDiagnostics()) - server.startedAt;
  } finally {
    await server.close();
  }
}

/** Waits until the page has shown the diagnostics of the last version its client sent. */
async function settle(page) {
  await page.waitForFunction(() => {
    const record = globalThis.__workbenchBench;
    const last = record.sent.filter((s) => s.message.method === 'textDocument/didOpen' || s.message.method === 'textDocument/didChange').at(-1);
    return last !== undefined && String(last.message.params.textDocument.version) in record.shown;
  }, undefined, { timeout: 30_000 });
}

/**
 * One round in the page: the formula put in (its schema pasted into the schema box), the cursor at the start of a
 * line near the middle, TYPED typed a key at a time, each key waiting for its diagnostics. Returns each key's latency
 * and the messages sent, split for the replay.
 */
async function typeInPage(browser, url, { formula, schema, keys }) {
  const { page, errors, close } = await openPage(browser, url);
  try {
    await page.waitForSelector('[data-testid="server-status"][data-state="ready"]', { timeout: 60_000 });
    await page.fill('[data-testid="schema"]', schema);
    await page.waitForSelector('[data-testid="schema-status"][data-state="ok"]');
    const at = formula.lastIndexOf('\n', formula.length / 2) + 1;
    await page.click('.cm-content');
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText(formula.slice(at));
    await page.keyboard.press('Control+Home');
    await page.keyboard.insertText(formula.slice(0, at));
    await settle(page);
    const setupEnd = await page.evaluate(() => performance.now());
    for (const key of keys) {
      await page.keyboard.type(key);
      await settle(page);
    }
    const record = await recordOf(page);
    if (errors.length > 0) throw new Error(`the page failed: ${errors.join('; ')}`);
    return splitByKeystroke(record, setupEnd, { formula, at, keys });
  } finally {
    await close();
  }
}

/**
 * The recorded messages: those before the first key (the set-up), then per key those sent before its diagnostics were
 * shown (its change first) and those after. Checks that each key sent one change inserting that key, after the
 * set-up's text was the formula.
 */
function splitByKeystroke(record, setupEnd, { formula, at, keys }) {
  const keydownAt = record.keydownAt.filter((t) => t > setupEnd);
  if (keydownAt.length !== keys.length) throw new Error(`the page saw ${keydownAt.length} keys of the ${keys.length} typed`);
  const setup = record.sent.filter((s) => s.at < keydownAt[0]).map((s) => s.message);
  const perKey = keys.map((key, k) => {
    const from = keydownAt[k];
    const to = keydownAt[k + 1] ?? Number.POSITIVE_INFINITY;
    const messages = record.sent.filter((s) => s.at >= from && s.at < to);
    const changes = messages.filter((s) => isDocumentSync(s.message));
    const change = changes[0]?.message;
    const inserted = change?.params.contentChanges;
    if (changes.length !== 1 || inserted?.length !== 1 || inserted[0].text !== key || !inserted[0].range) {
      throw new Error(`key ${k + 1} ("${key}") sent ${changes.length} changes (${JSON.stringify(inserted)}), not one inserted "${key}"`);
    }
    const version = change.params.textDocument.version;
    const shownAt = record.shown[version];
    return {
      version,
      latencyMs: shownAt - from,
      keyToChangeMs: changes[0].at - from,
      before: messages.filter((s) => s.at < shownAt).map((s) => s.message),
      after: messages.filter((s) => s.at >= shownAt).map((s) => s.message),
    };
  });
  const first = perKey[0].before.find(isDocumentSync).params.contentChanges[0].range.start;
  const expected = formula.slice(0, at).split('\n');
  if (first.line !== expected.length - 1 || first.character !== expected.at(-1).length) {
    throw new Error(`the first key went to ${first.line}:${first.character}, not to the start of line ${expected.length - 1}`);
  }
  return { setup, perKey };
}

/** The Node server fed the same messages: the set-up untimed, then per key its messages, timed from its change. */
async function typeInNode({ setup, perKey }) {
  const server = startNodeServer();
  try {
    for (const message of setup) await server.send(message);
    const lastSetupVersion = setup.filter(isDocumentSync).at(-1).params.textDocument.version;
    await server.diagnosticsOf(lastSetupVersion);
    const latencies = [];
    for (const key of perKey) {
      let sentAt;
      for (const message of key.before) {
        if (isDocumentSync(message)) sentAt = performance.now();
        await server.send(message);
      }
      latencies.push((await server.diagnosticsOf(key.version)) - sentAt);
      for (const message of key.after) await server.send(message);
    }
    return latencies;
  } finally {
    await server.close();
  }
}

/**
 * The page's worker script alone, in a document of the site's origin that runs no script of its own (its stylesheet),
 * fed the same messages as the Node server: what the language server in a worker costs without the page's editor and
 * rendering beside it.
 */
async function typeInWorkerAlone(browser, siteUrl, { setup, perKey }) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${siteUrl}workbench.css`);
    return await page.evaluate(async ({ setup, perKey }) => {
      const worker = new Worker('worker.js');
      const shown = new Map();
      const waiting = new Map();
      const answers = new Map();
      worker.onmessage = ({ data: m }) => {
        if (m.method === 'textDocument/publishDiagnostics') {
          const at = performance.now();
          if (!shown.has(m.params.version)) shown.set(m.params.version, at);
          waiting.get(m.params.version)?.(at);
        } else if (m.method && m.id !== undefined) worker.postMessage({ jsonrpc: '2.0', id: m.id, result: null });
        else if (m.id !== undefined) answers.get(m.id)?.();
      };
      const diagnosticsOf = (version) => (shown.has(version) ? Promise.resolve(shown.get(version)) : new Promise((resolve) => waiting.set(version, resolve)));
      const send = async (message) => {
        if (!message.method) return;
        const answered = message.method === 'initialize' ? new Promise((resolve) => answers.set(message.id, resolve)) : undefined;
        worker.postMessage(message);
        await answered;
      };
      const isSync = (m) => m.method === 'textDocument/didOpen' || m.method === 'textDocument/didChange';
      for (const message of setup) await send(message);
      await diagnosticsOf(setup.filter(isSync).at(-1).params.textDocument.version);
      const latencies = [];
      for (const key of perKey) {
        let sentAt;
        for (const message of key.before) {
          if (isSync(message)) sentAt = performance.now();
          await send(message);
        }
        latencies.push((await diagnosticsOf(key.version)) - sentAt);
        for (const message of key.after) await send(message);
      }
      worker.terminate();
      return latencies;
    }, { setup, perKey: perKey.map(({ version, before, after }) => ({ version, before, after })) });
  } finally {
    await context.close();
  }
}

const percentiles = (xs) => ({ p50: percentile(xs, 50), p99: percentile(xs, 99) });

export async function benchWorkbench({ rounds = ROUNDS, loads = LOADS, log = () => {} } = {}) {
  if (!existsSync(join(SITE, 'index.html'))) {
    log('workbench: building the site (packages/workbench/scripts/build.mjs)');
    await buildSite({ quiet: true });
  }
  const size = await measureSize();
  if (!existsSync(CHROMIUM)) {
    const notAvailable = `Chromium is not installed (${CHROMIUM})`;
    return { size, load: { notAvailable }, keystroke: { notAvailable } };
  }
  const { server, url: siteUrl } = await serveSite({ port: 0 });
  const url = `${siteUrl}${QUERY}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  try {
    // Load: the page's loads, then the Node server's, each fed what the first page load sent.
    const pageLoads = [];
    for (let i = 0; i < loads; i++) pageLoads.push(await loadPage(browser, url));
    const nodeLoads = [];
    for (let i = 0; i < loads; i++) nodeLoads.push(await loadNode(pageLoads[0].sent));
    const load = {
      loads,
      pageMs: median(pageLoads.map((l) => l.firstDiagnosticsMs)),
      nodeMs: median(nodeLoads),
      pageRunsMs: pageLoads.map((l) => l.firstDiagnosticsMs),
      nodeRunsMs: nodeLoads,
    };
    load.pageOverNode = load.pageMs / load.nodeMs;
    log(`workbench: load to first diagnostics ${load.pageMs.toFixed(0)} ms in the page, ${load.nodeMs.toFixed(0)} ms for the Node server`);

    // Keystrokes, per round a fresh page typed into, then a fresh Node server fed the same messages: as typed (the
    // server's default debounce on both, which the page's initialize carries to the replay), and with no debounce
    // (the work alone), where the worker script alone and a Chromium without its deferral of tasks after input
    // (DeferRendererTasksAfterInput: a message from the worker waits for the frame that shows the key) say where the
    // page's time goes.
    const formula = formula5k();
    const schema = readFileSync(join(ROOT, 'examples/schemas/sales.json'), 'utf8');
    const keys = [...TYPED.slice(0, WARMUP_KEYSTROKES + KEYSTROKES)];
    if (keys.length !== WARMUP_KEYSTROKES + KEYSTROKES) throw new Error(`TYPED has ${keys.length} characters, fewer than ${WARMUP_KEYSTROKES + KEYSTROKES}`);
    const timed = (latencies) => percentiles(latencies.slice(WARMUP_KEYSTROKES));
    const undeferred = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS, `--disable-features=${CHROMIUM_INPUT_DEFERRAL}`] });
    const perRound = [];
    try {
      for (let r = 0; r < rounds; r++) {
        const asTyped = await typeInPage(browser, siteUrl, { formula, schema, keys });
        const asTypedNode = await typeInNode(asTyped);
        const typed = await typeInPage(browser, url, { formula, schema, keys });
        const nodeLatencies = await typeInNode(typed);
        const workerLatencies = await typeInWorkerAlone(browser, siteUrl, typed);
        const undeferredTyped = await typeInPage(undeferred, url, { formula, schema, keys });
        const round = {
          asTyped: { page: timed(asTyped.perKey.map((k) => k.latencyMs)), node: timed(asTypedNode) },
          page: timed(typed.perKey.map((k) => k.latencyMs)),
          // Of the page's figure, the part before its client sent the change (the browser's input, the editor's update).
          pageKeyToChange: timed(typed.perKey.map((k) => k.keyToChangeMs)),
          pageUndeferred: timed(undeferredTyped.perKey.map((k) => k.latencyMs)),
          node: timed(nodeLatencies),
          workerAlone: timed(workerLatencies),
        };
        perRound.push(round);
        const figures = ({ p50, p99 }) => `${p50.toFixed(1)}/${p99.toFixed(1)} ms`;
        log(`workbench: round ${r + 1}: p50/p99 as typed: page ${figures(round.asTyped.page)}, Node ${figures(round.asTyped.node)}; no debounce: page ${figures(round.page)} (${figures(round.pageUndeferred)} without Chromium's deferral after input), its worker alone ${figures(round.workerAlone)}, Node ${figures(round.node)}`);
      }
    } finally {
      await undeferred.close();
    }
    const of = (pick, p) => median(perRound.map((round) => pick(round)[p]));
    const both = (pick) => ({ p50: of(pick, 'p50'), p99: of(pick, 'p99') });
    const keystroke = {
      rounds,
      keystrokes: KEYSTROKES,
      warmup: WARMUP_KEYSTROKES,
      documentBytes: formula.length,
      asTyped: { page: both((r) => r.asTyped.page), node: both((r) => r.asTyped.node) },
      page: both((r) => r.page),
      pageKeyToChange: both((r) => r.pageKeyToChange),
      pageUndeferred: both((r) => r.pageUndeferred),
      node: both((r) => r.node),
      workerAlone: both((r) => r.workerAlone),
      perRound,
    };
    keystroke.asTyped.p50PageOverNode = keystroke.asTyped.page.p50 / keystroke.asTyped.node.p50;
    keystroke.asTyped.p99PageOverNode = keystroke.asTyped.page.p99 / keystroke.asTyped.node.p99;
    keystroke.p50PageOverNode = keystroke.page.p50 / keystroke.node.p50;
    keystroke.p99PageOverNode = keystroke.page.p99 / keystroke.node.p99;
    keystroke.p50WorkerOverNode = keystroke.workerAlone.p50 / keystroke.node.p50;
    keystroke.p99WorkerOverNode = keystroke.workerAlone.p99 / keystroke.node.p99;
    return { size, load, keystroke, diagnosticsDelay: { asTyped: "the server's default", work: 0 } };
  } finally {
    await browser.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const flag = (name, fallback) => {
    const a = process.argv.find((x) => x.startsWith(`--${name}=`));
    return a ? Number(a.split('=')[1]) : fallback;
  };
  const log = (m) => console.error(`[bench] ${m}`);
  console.log(JSON.stringify(await benchWorkbench({ rounds: flag('rounds', ROUNDS), loads: flag('loads', LOADS), log }), null, 2));
}
