// Editor latency of the peer: sql-language-server 1.7.1 over stdio (started with the preload in
// bench/lib/sql-language-server-preload.cjs), change→diagnostics p50/p99 over one-character edits of a 5 KB SQL
// document that its parser fully accepts, and completion latency. Usage: node bench/lsp-peer.mjs [--iterations=N] [--json]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver-protocol/node';
import { percentile } from './lib/stats.mjs';

const require = createRequire(import.meta.url);
const PRELOAD = fileURLToPath(new URL('./lib/sql-language-server-preload.cjs', import.meta.url));

/** A ~5 KB SELECT over a sales table: arithmetic, aggregates and functions (its parser refuses CASE), a WHERE clause. */
export function sql5k() {
  const items = [];
  for (let i = 0; items.join(',\n').length < 4800; i++) {
    items.push(`  (SUM(revenue) - SUM(cost)) / COALESCE(SUM(revenue), ${i + 1}) AS margin_${i}`);
  }
  return `SELECT\n${items.join(',\n')}\nFROM sales\nWHERE revenue > 0\n`;
}

export async function benchLspPeer({ iterations = 100, warmup = 10 } = {}) {
  let cli;
  try {
    cli = join(require.resolve('sql-language-server/package.json'), '..', 'npm_bin', 'cli.js');
  } catch {
    return { notAvailable: 'sql-language-server is not installed' };
  }
  const { parse } = require('@joe-re/sql-parser');
  let text = sql5k();
  parse(text); // throws if the peer's own parser would not accept the document: then the comparison is unfair
  const dir = mkdtempSync(join(tmpdir(), 'calckit-bench-sqlls-'));
  const child = spawn(process.execPath, ['-r', PRELOAD, cli, 'up', '--method', 'stdio'], { cwd: dir, stdio: ['pipe', 'pipe', process.env.BENCH_DEBUG ? 'inherit' : 'ignore'] });
  const connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  let next;
  let lastDiagnostics = [];
  connection.onNotification('textDocument/publishDiagnostics', (p) => {
    lastDiagnostics = p.diagnostics;
    next?.();
    next = undefined;
  });
  connection.onNotification(() => {});
  connection.onRequest('workspace/configuration', (p) => p.items.map(() => null));
  connection.onRequest(() => null);
  connection.listen();
  const nextDiagnostics = () => new Promise((resolve) => (next = resolve));
  try {
    await connection.sendRequest('initialize', { processId: process.pid, rootUri: pathToFileURL(dir).href, rootPath: dir, capabilities: {} });
    await connection.sendNotification('initialized', {});
    const uri = pathToFileURL(join(dir, 'big.sql')).href;
    let version = 1;
    let wait = nextDiagnostics();
    await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'sql', version, text } });
    await wait;
    const latencies = [];
    for (let i = 0; i < iterations + warmup; i++) {
      const offset = Math.floor(text.length / 2);
      text = i % 2 === 0 ? `${text.slice(0, offset)} ${text.slice(offset)}` : `${text.slice(0, offset)}${text.slice(offset + 1)}`;
      version++;
      wait = nextDiagnostics();
      const t0 = performance.now();
      // The server declares full-document sync, so every change carries the whole text.
      await connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text }] });
      await wait;
      if (i >= warmup) latencies.push(performance.now() - t0);
    }
    const completion = [];
    const lines = text.split('\n');
    const position = { line: lines.length - 2, character: 'WHERE '.length };
    for (let i = 0; i < iterations + warmup; i++) {
      const t0 = performance.now();
      await connection.sendRequest('textDocument/completion', { textDocument: { uri }, position });
      if (i >= warmup) completion.push(performance.now() - t0);
    }
    return {
      documentBytes: text.length,
      edits: latencies.length,
      diagnosticsOnDocument: lastDiagnostics.length,
      changeToDiagnostics: { p50: percentile(latencies, 50), p99: percentile(latencies, 99) },
      completion: { p50: percentile(completion, 50), p99: percentile(completion, 99) },
    };
  } finally {
    connection.dispose();
    child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const a = process.argv.find((x) => x.startsWith('--iterations='));
  const result = await benchLspPeer({ iterations: a ? Number(a.split('=')[1]) : 100 });
  console.log(JSON.stringify(result, null, 2));
}
