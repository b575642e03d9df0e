// Language server latency and memory: change→diagnostics p50/p99 on a 5 KB formula, completion latency, and the
// server's RSS with 1,000 open documents. Runs the built server (`npx tsc -b` first) over stdio with a real
// JSON-RPC client. Usage: node bench/lsp-latency.mjs [--iterations=N] [--documents=N] [--server=path/to/bin.js] [--json]
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { execFileSync } from 'node:child_process';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver-protocol/node';
import { digitOffset, edited, editOffset, formula5k } from './lib/editor-documents.mjs';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const arg = (name, fallback) => {
  const a = process.argv.find((x) => x.startsWith(`--${name}=`));
  return a ? Number(a.split('=')[1]) : fallback;
};
const ITERATIONS = arg('iterations', 200);
const DOCUMENTS = arg('documents', 1000);
const JSON_OUT = process.argv.includes('--json');
// Another server script to compare (e.g. a variant build); default: the built server.
const SERVER_SCRIPT = process.argv.find((x) => x.startsWith('--server='))?.slice('--server='.length) ?? join(root, 'packages/language-server/bin/calckit-language-server.js');

// A project with the example sales schema; formulas are mapped to it so lint sees the columns.
const dir = mkdtempSync(join(tmpdir(), 'calckit-bench-'));
mkdirSync(join(dir, 'schemas'));
mkdirSync(join(dir, 'formulas'));
writeFileSync(join(dir, 'schemas/sales.json'), readFileSync(join(root, 'examples/schemas/sales.json')));
const calculations = { 'formulas/big.calc': { id: 1, dataset: 'sales' }, 'formulas/huge.calc': { id: 2, dataset: 'sales' } };
for (let i = 0; i < DOCUMENTS; i++) calculations[`formulas/f${i}.calc`] = { id: 1000 + i, dataset: 'sales' };
writeFileSync(join(dir, 'calckit.json'), JSON.stringify({ service: { name: 'SVC', baseUrl: 'http://127.0.0.1:9' }, datasets: { sales: { id: 'sales', schema: 'schemas/sales.json' } }, calculations }));

const corpus = readFileSync(join(root, 'test/corpus/formulas.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l).formula);
const examples = ['gross-margin', 'order-size-band', 'days-since-order', 'running-revenue-by-region', 'net-revenue', 'return-rate'].map((n) => readFileSync(join(root, `examples/formulas/${n}.calc`), 'utf8'));
const pool = [...examples, ...corpus];

const child = spawn(process.execPath, [...(process.env.LSP_BENCH_NODE_ARGS ? process.env.LSP_BENCH_NODE_ARGS.split(' ') : []), SERVER_SCRIPT, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
const connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
const waiting = new Map();
const published = new Map();
connection.onNotification('textDocument/publishDiagnostics', (p) => {
  published.set(p.uri, p.version);
  const key = `${p.uri}#${p.version}`;
  waiting.get(key)?.();
  waiting.delete(key);
});
connection.onRequest('workspace/configuration', (p) => p.items.map(() => ({})));
connection.onRequest('client/registerCapability', () => null);
connection.listen();

const uriOf = (rel) => pathToFileURL(join(dir, rel)).href;
const diagnosticsOf = (uri, version) => new Promise((resolve) => {
  if (published.get(uri) === version) return resolve();
  waiting.set(`${uri}#${version}`, resolve);
});
const now = () => performance.now();
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const ms = (x) => `${x.toFixed(1)} ms`;
function rssKb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)[1]);
  } catch {
    return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)]).toString().trim());
  }
}

await connection.sendRequest('initialize', {
  processId: process.pid,
  rootUri: pathToFileURL(dir).href,
  // Completion as VS Code asks for it (documentation on resolve, one shared edit range); diagnostics pushed.
  capabilities: {
    workspace: { configuration: true },
    textDocument: {
      publishDiagnostics: { versionSupport: true },
      completion: {
        completionList: { itemDefaults: ['editRange'] },
        completionItem: { snippetSupport: true, documentationFormat: ['markdown', 'plaintext'], resolveSupport: { properties: ['documentation'] } },
      },
      hover: { contentFormat: ['markdown', 'plaintext'] },
    },
  },
  // No debounce: measure the server's own work; editors add the debounce (150 ms by default) on top.
  initializationOptions: { diagnosticsDelay: 0 },
});
await connection.sendNotification('initialized', {});
const rssIdle = rssKb(child.pid);

// 1. change → diagnostics on a 5 KB formula: the edits of the side-by-side benchmark (bench/lsp-side-by-side.mjs), in
// its order: a digit typed into a number and deleted again near the middle (a token changed: parsed and linted), then a
// space typed and deleted again (diagnostics moved), sent as whole text.
const big = uriOf('formulas/big.calc');
const original = formula5k();
let version = 1;
await connection.sendNotification('textDocument/didOpen', { textDocument: { uri: big, languageId: 'calc', version, text: original } });
await diagnosticsOf(big, version);
async function changeSeries(offset, typed) {
  const latencies = [];
  for (let i = 0; i < ITERATIONS + 20; i++) {
    version++;
    const t0 = now();
    await connection.sendNotification('textDocument/didChange', { textDocument: { uri: big, version }, contentChanges: [{ text: edited(original, offset, i, typed) }] });
    await diagnosticsOf(big, version);
    if (i >= 20) latencies.push(now() - t0); // the first runs warm the JIT
  }
  return latencies;
}
const tokenEditLatencies = await changeSeries(digitOffset(original), '1');
const changeLatencies = await changeSeries(editOffset(original), ' ');

// 2. completion after `CASE WHEN ` at the end of a WHEN line of the 5 KB formula, on a fresh version each time
// (parse included) and on an unchanged version (the cached parse).
const completionFresh = [];
const completionCached = [];
const line = 3;
const position = { line, character: 2 };
for (let i = 0; i < ITERATIONS + 20; i++) {
  const fresh = i % 2 === 0;
  if (fresh) {
    version++;
    const p = { line: 0, character: 4 };
    const change = i % 4 === 0 ? { range: { start: p, end: p }, text: ' ' } : { range: { start: p, end: { line: 0, character: 5 } }, text: '' };
    await connection.sendNotification('textDocument/didChange', { textDocument: { uri: big, version }, contentChanges: [change] });
  }
  const t0 = now();
  const list = await connection.sendRequest('textDocument/completion', { textDocument: { uri: big }, position });
  const dt = now() - t0;
  if (!list || list.items.length === 0) throw new Error('completion returned nothing');
  if (i >= 20) (fresh ? completionFresh : completionCached).push(dt);
}
await diagnosticsOf(big, version);

// 3. RSS with N open documents (each linted once).
const t0 = now();
for (let i = 0; i < DOCUMENTS; i++) {
  const uri = uriOf(`formulas/f${i}.calc`);
  await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'calc', version: 1, text: pool[i % pool.length] } });
}
for (let i = 0; i < DOCUMENTS; i++) await diagnosticsOf(uriOf(`formulas/f${i}.calc`), 1);
const openAll = now() - t0;
await new Promise((r) => setTimeout(r, 500));
const rssOpen = rssKb(child.pid);
// Answering a request with 1,000 documents open.
const h0 = now();
await connection.sendRequest('textDocument/hover', { textDocument: { uri: uriOf('formulas/f3.calc') }, position: { line: 0, character: 1 } });
const hoverWithMany = now() - h0;

// 4. A 100 KB formula (linted in the server's worker thread): completion while the diagnostics of the new version are being computed.
const huge = uriOf('formulas/huge.calc');
const hugeWhens = [];
for (let i = 0; hugeWhens.join('\n').length < 100_000; i++) hugeWhens.push(`  WHEN \`Region\` = 'R${i}' AND SUM(\`Revenue\`) > ${i} THEN DATE_FORMAT(\`Order Date\`, '%Y-%m') -- branch ${i}`);
let hugeVersion = 1;
await connection.sendNotification('textDocument/didOpen', { textDocument: { uri: huge, languageId: 'calc', version: 1, text: `CASE\n${hugeWhens.join('\n')}\n  ELSE 'none'\nEND` } });
await diagnosticsOf(huge, 1);
const hugeCompletion = [];
const hugeDiagnostics = [];
for (let i = 0; i < 10; i++) {
  hugeVersion++;
  const p = { line: 0, character: 4 };
  const change = i % 2 === 0 ? { range: { start: p, end: p }, text: ' ' } : { range: { start: p, end: { line: 0, character: 5 } }, text: '' };
  const t1 = now();
  await connection.sendNotification('textDocument/didChange', { textDocument: { uri: huge, version: hugeVersion }, contentChanges: [change] });
  const t2 = now();
  await connection.sendRequest('textDocument/completion', { textDocument: { uri: huge }, position: { line: 1, character: 7 } });
  hugeCompletion.push(now() - t2);
  await diagnosticsOf(huge, hugeVersion);
  hugeDiagnostics.push(now() - t1);
}
await connection.sendNotification('textDocument/didClose', { textDocument: { uri: huge } });

const rssAfterHuge = rssKb(child.pid);
// The server gives a large document's memory back once idle after its close (release-memory.ts).
await new Promise((r) => setTimeout(r, 2000));
const rssAfterHugeClosed = rssKb(child.pid);

const results = {
  formulaBytes: formula5k().length,
  iterations: ITERATIONS,
  changeToDiagnostics: { p50: pct(changeLatencies, 50), p99: pct(changeLatencies, 99) },
  tokenEditToDiagnostics: { p50: pct(tokenEditLatencies, 50), p99: pct(tokenEditLatencies, 99) },
  completionAfterChange: { p50: pct(completionFresh, 50), p99: pct(completionFresh, 99) },
  completionCached: { p50: pct(completionCached, 50), p99: pct(completionCached, 99) },
  hugeFormula: { completionP50: pct(hugeCompletion, 50), completionMax: Math.max(...hugeCompletion), diagnosticsP50: pct(hugeDiagnostics, 50) },
  documents: DOCUMENTS,
  openAndLintAllMs: openAll,
  rssIdleMb: rssIdle / 1024,
  rssWithDocumentsMb: rssOpen / 1024,
  hoverWithDocumentsMs: hoverWithMany,
  rssWithWorkerMb: rssAfterHuge / 1024,
  rssAfterCloseMb: rssAfterHugeClosed / 1024,
};
if (JSON_OUT) console.log(JSON.stringify(results, null, 2));
else {
  console.log(`calckit-language-server (node ${process.version}, ${ITERATIONS} iterations)`);
  console.log(`  change → diagnostics, ${results.formulaBytes} B formula, whole text sent: p50 ${ms(results.changeToDiagnostics.p50)}, p99 ${ms(results.changeToDiagnostics.p99)} (no debounce)`);
  console.log(`  the same after a digit typed (parsed and linted):  p50 ${ms(results.tokenEditToDiagnostics.p50)}, p99 ${ms(results.tokenEditToDiagnostics.p99)}`);
  console.log(`  completion after a change (parse included): p50 ${ms(results.completionAfterChange.p50)}, p99 ${ms(results.completionAfterChange.p99)}`);
  console.log(`  completion on an unchanged version:         p50 ${ms(results.completionCached.p50)}, p99 ${ms(results.completionCached.p99)}`);
  console.log(`  ${DOCUMENTS} documents opened and linted in ${ms(openAll)}; RSS ${results.rssIdleMb.toFixed(1)} MB idle → ${results.rssWithDocumentsMb.toFixed(1)} MB open; hover then ${ms(hoverWithMany)}`);
  console.log(`  100 KB formula: completion p50 ${ms(results.hugeFormula.completionP50)} (max ${ms(results.hugeFormula.completionMax)}) while its diagnostics take ${ms(results.hugeFormula.diagnosticsP50)}; RSS then ${results.rssWithWorkerMb.toFixed(1)} MB, 2 s after its close ${results.rssAfterCloseMb.toFixed(1)} MB`);
}
await connection.sendRequest('shutdown');
await connection.sendNotification('exit');
connection.dispose();
rmSync(dir, { recursive: true, force: true });
