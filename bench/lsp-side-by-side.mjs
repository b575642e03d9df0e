// Editor latency side by side: our language server and sql-language-server 1.7.1 (started with the preload in
// bench/lib/sql-language-server-preload.cjs), both over stdio from this one process, timed edit by edit in turn:
// change→diagnostics p50/p99 over a digit typed into a number and deleted (a token changed: parsed and linted again by
// both), then over one-space edits, in documents of the same size sent as whole text, then completion.
// In ROUNDS rounds, each with a fresh pair of server processes; every figure is the median over the rounds.
// Usage: node bench/lsp-side-by-side.mjs [--iterations=N] [--rounds=N] (after `npm run build`); prints JSON.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver-protocol/node';
import { checkPeerDocument, digitOffset, edited, editOffset, formula5k, sql5k } from './lib/editor-documents.mjs';
import { median, percentile } from './lib/stats.mjs';

const require = createRequire(import.meta.url);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PRELOAD = fileURLToPath(new URL('./lib/sql-language-server-preload.cjs', import.meta.url));

/** A Node.js server process spoken to over stdio. */
function connect(args, cwd) {
  const child = spawn(process.execPath, [...args], { cwd, stdio: ['pipe', 'pipe', process.env.BENCH_DEBUG ? 'inherit' : 'ignore'] });
  const connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  return { child, connection };
}

/**
 * Our server in a project whose calculation is mapped to the example sales schema, so lint checks the columns as it
 * does in a user's project. No debounce (diagnosticsDelay 0): sql-language-server has none either.
 */
async function startOurs() {
  const dir = mkdtempSync(join(tmpdir(), 'calckit-bench-ours-'));
  mkdirSync(join(dir, 'schemas'));
  mkdirSync(join(dir, 'formulas'));
  writeFileSync(join(dir, 'schemas/sales.json'), readFileSync(join(ROOT, 'examples/schemas/sales.json')));
  writeFileSync(join(dir, 'calckit.json'), JSON.stringify({ service: { name: 'SVC', baseUrl: 'http://127.0.0.1:9' }, datasets: { sales: { id: 'sales', schema: 'schemas/sales.json' } }, calculations: { 'formulas/big.calc': { id: 1, dataset: 'sales' } } }));
  const { child, connection } = connect([join(ROOT, 'packages/language-server/bin/calckit-language-server.js'), '--stdio'], dir);
  // Our diagnostics carry the document version, so a stale publish can never be taken for the awaited one.
  const waiting = new Map();
  let lastCount = 0;
  connection.onNotification('textDocument/publishDiagnostics', (p) => {
    const resolve = waiting.get(p.version);
    waiting.delete(p.version);
    if (resolve) {
      lastCount = p.diagnostics.length;
      resolve();
    }
  });
  connection.onNotification(() => {});
  connection.onRequest('workspace/configuration', (p) => p.items.map(() => ({})));
  connection.onRequest(() => null);
  connection.listen();
  await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: pathToFileURL(dir).href,
    capabilities: { workspace: { configuration: true }, textDocument: { publishDiagnostics: { versionSupport: true } } },
    initializationOptions: { diagnosticsDelay: 0 },
  });
  await connection.sendNotification('initialized', {});
  return session({ name: 'calckit-language-server', languageId: 'calc', uri: pathToFileURL(join(dir, 'formulas/big.calc')).href, dir, child, connection, diagnosticsFor: (version) => new Promise((r) => waiting.set(version, r)), count: () => lastCount });
}

/** sql-language-server with no database connection and its default lint rules, as a user gets it from npm. */
async function startPeer() {
  let cli;
  try {
    cli = join(require.resolve('sql-language-server/package.json'), '..', 'npm_bin', 'cli.js');
  } catch {
    return undefined;
  }
  const dir = mkdtempSync(join(tmpdir(), 'calckit-bench-sqlls-'));
  const { child, connection } = connect(['-r', PRELOAD, cli, 'up', '--method', 'stdio'], dir);
  // It publishes without a version, once per change (it lints on every content change, synchronously), so the next
  // publish after a change is that change's.
  let next;
  let lastCount = 0;
  connection.onNotification('textDocument/publishDiagnostics', (p) => {
    lastCount = p.diagnostics.length;
    next?.();
    next = undefined;
  });
  connection.onNotification(() => {});
  connection.onRequest('workspace/configuration', (p) => p.items.map(() => null));
  connection.onRequest(() => null);
  connection.listen();
  await connection.sendRequest('initialize', { processId: process.pid, rootUri: pathToFileURL(dir).href, rootPath: dir, capabilities: {} });
  await connection.sendNotification('initialized', {});
  return session({ name: 'sql-language-server', languageId: 'sql', uri: pathToFileURL(join(dir, 'big.sql')).href, dir, child, connection, diagnosticsFor: () => new Promise((r) => (next = r)), count: () => lastCount });
}

function session({ name, languageId, uri, dir, child, connection, diagnosticsFor, count }) {
  let version = 1;
  return {
    name,
    get diagnostics() {
      return count();
    },
    async open(text) {
      const wait = diagnosticsFor(version);
      await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version, text } });
      await wait;
    },
    /** Milliseconds from sending the whole new text (full sync) to its diagnostics. */
    async change(text) {
      version++;
      const wait = diagnosticsFor(version);
      const t0 = performance.now();
      await connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text }] });
      await wait;
      return performance.now() - t0;
    },
    async completion(position) {
      const t0 = performance.now();
      await connection.sendRequest('textDocument/completion', { textDocument: { uri }, position });
      return performance.now() - t0;
    },
    async close() {
      await Promise.race([connection.sendRequest('shutdown').then(() => connection.sendNotification('exit')), new Promise((r) => setTimeout(r, 2000))]);
      connection.dispose();
      child.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Where the line and column of `offset` in `text` are, as LSP positions. */
function positionAt(text, offset) {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length - 1, character: before[before.length - 1].length };
}

/**
 * Rounds, each a fresh pair of server processes edited side by side. A p99 of 200 edits is about their third-slowest
 * edit: on this shared two-core machine one burst of other work in a round moves it by milliseconds, while a median
 * does not move. As the parse comparisons run in several processes and the emulator in several rounds, the goal's
 * ratio (our p99 over their p50) is the median of the rounds' ratios, and each figure the median over the rounds.
 */
export const ROUNDS = 3;

export async function benchEditorSideBySide({ iterations = 200, warmup = 20, rounds = ROUNDS } = {}) {
  const results = [];
  for (let r = 0; r < rounds; r++) {
    const round = await oneRound({ iterations, warmup });
    if (round.notAvailable) return round;
    results.push(round);
  }
  const of = (side, metric, p) => median(results.map((r) => r[side][metric][p]));
  const summary = (side) => ({
    ...results[0][side],
    changeToDiagnostics: { p50: of(side, 'changeToDiagnostics', 'p50'), p99: of(side, 'changeToDiagnostics', 'p99') },
    tokenEditToDiagnostics: { p50: of(side, 'tokenEditToDiagnostics', 'p50'), p99: of(side, 'tokenEditToDiagnostics', 'p99') },
    completion: { p50: of(side, 'completion', 'p50'), p99: of(side, 'completion', 'p99') },
  });
  const ratioOf = (r) => r.ours.changeToDiagnostics.p99 / r.peer.changeToDiagnostics.p50;
  return {
    ...results[0],
    rounds: results.length,
    ours: summary('ours'),
    peer: summary('peer'),
    oursP99OverPeerP50: median(results.map(ratioOf)),
    perRound: results.map((r) => ({ ours: r.ours.changeToDiagnostics, peer: r.peer.changeToDiagnostics, oursP99OverPeerP50: ratioOf(r) })),
  };
}

/** One round: both servers started, edited in turn, completed in turn, stopped. */
async function oneRound({ iterations, warmup }) {
  const documents = { ours: formula5k(), peer: sql5k() };
  const peerStatements = checkPeerDocument(documents.peer);
  const ours = await startOurs();
  const peer = await startPeer();
  if (!peer) {
    await ours.close();
    return { notAvailable: 'sql-language-server is not installed' };
  }
  try {
    const servers = [
      { key: 'ours', server: ours, text: documents.ours, offset: editOffset(documents.ours), digitAt: digitOffset(documents.ours), latencies: [], tokenLatencies: [] },
      { key: 'peer', server: peer, text: documents.peer, offset: editOffset(documents.peer), digitAt: digitOffset(documents.peer), latencies: [], tokenLatencies: [] },
    ];
    for (const s of servers) await s.server.open(s.text);
    // A digit typed into a number and deleted, edit by edit in turn, the first server alternating, so that both meet
    // the same moments of the machine's load. First: ours moves its diagnostics over the spaces of the next series
    // without parsing, and its parse and lint would meet the digits of a later series colder than they met its start.
    for (let i = 0; i < warmup + iterations; i++) {
      for (const s of i % 2 === 0 ? servers : [...servers].reverse()) {
        const ms = await s.server.change(edited(s.text, s.digitAt, i, '1'));
        if (i >= warmup) s.tokenLatencies.push(ms);
      }
    }
    // Then a space typed and deleted, edit by edit in turn as above.
    for (let i = 0; i < warmup + iterations; i++) {
      for (const s of i % 2 === 0 ? servers : [...servers].reverse()) {
        const ms = await s.server.change(edited(s.text, s.offset, i));
        if (i >= warmup) s.latencies.push(ms);
      }
    }
    // Completion at the typed space (after `>` in our formula, after `,` in the SQL), the document unchanged.
    for (const s of servers) s.completion = [];
    for (let i = 0; i < warmup + iterations; i++) {
      for (const s of i % 2 === 0 ? servers : [...servers].reverse()) {
        const current = edited(s.text, s.offset, warmup + iterations - 1);
        const ms = await s.server.completion(positionAt(current, s.offset));
        if (i >= warmup) s.completion.push(ms);
      }
    }
    const result = { edits: iterations, warmup, sync: 'full', debounce: 'none', peerStatements };
    for (const s of servers) {
      result[s.key] = {
        server: s.server.name,
        documentBytes: s.text.length,
        diagnosticsOnDocument: s.server.diagnostics,
        changeToDiagnostics: { p50: percentile(s.latencies, 50), p99: percentile(s.latencies, 99) },
        tokenEditToDiagnostics: { p50: percentile(s.tokenLatencies, 50), p99: percentile(s.tokenLatencies, 99) },
        completion: { p50: percentile(s.completion, 50), p99: percentile(s.completion, 99) },
      };
    }
    return result;
  } finally {
    await ours.close();
    await peer.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const flag = (name, fallback) => {
    const a = process.argv.find((x) => x.startsWith(`--${name}=`));
    return a ? Number(a.split('=')[1]) : fallback;
  };
  console.log(JSON.stringify(await benchEditorSideBySide({ iterations: flag('iterations', 200), rounds: flag('rounds', ROUNDS) }), null, 2));
}
