// Random edit streams against the built language server over stdio (a real JSON-RPC client): garbage, large
// pastes, whole-text replacements, close and reopen, requests in between. After each stream: the server is alive,
// no request failed (other than cancellation), the last pushed diagnostics are for the last version and equal a
// pull, versions never went backwards, and the server's text equals ours (its semantic tokens match ours).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { mulberry32 } from '../../bench/lib/prng.mjs';
import { CORPUS } from './arbitraries.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SERVER = join(ROOT, 'packages/language-server/bin/calckit-language-server.js');
const PIECES = [
  'SUM(', ')', '`Sales`', '`Region', "'West'", "'", '"', '`', 'CASE ', 'WHEN ', 'THEN ', 'ELSE ', 'END', ' + ', ' / ', ',',
  'INTERVAL 1 DAY', "DATE_FORMAT(`Order Date`, '%Y", ' OVER (PARTITION BY ', 'FIXED (BY ', '-- c\n', '/* ', '*/', '\n', '\r\n',
  '\u2018', '\u201d', '\ud83d\ude00', '\ud83d', '\u0000', '\t', '((((((', '))))))', '1e309', '.', 'NULL', 'NOT IN (', '@#$', 'é',
  'SVC_BEAST_MODE(', 'COUNT(DISTINCT ', ' = NULL', ' BETWEEN 1 AND ', '\r',
];
const METHODS = [
  'textDocument/completion', 'textDocument/hover', 'textDocument/signatureHelp', 'textDocument/documentHighlight',
  'textDocument/selectionRange', 'textDocument/codeAction', 'textDocument/formatting', 'textDocument/rangeFormatting',
  'textDocument/semanticTokens/full', 'textDocument/semanticTokens/range', 'textDocument/foldingRange', 'textDocument/inlayHint',
  'textDocument/diagnostic', 'textDocument/prepareRename', 'textDocument/rename', 'textDocument/documentSymbol',
];
const CANCELLED = new Set([-32800, -32801, -32802]);

function project() {
  const dir = mkdtempSync(join(tmpdir(), 'calckit-robust-lsp-'));
  mkdirSync(join(dir, 'schemas'));
  mkdirSync(join(dir, 'formulas'));
  writeFileSync(join(dir, 'schemas/sales.json'), readFileSync(join(ROOT, 'examples/schemas/sales.json')));
  const calculations = Object.fromEntries(['a', 'b', 'c'].map((n, i) => [`formulas/${n}.calc`, { id: i + 1, dataset: 'sales' }]));
  writeFileSync(join(dir, 'calckit.json'), JSON.stringify({ service: { name: 'SVC', baseUrl: 'http://127.0.0.1:9' }, datasets: { sales: { id: 'sales', schema: 'schemas/sales.json' } }, calculations }));
  return dir;
}

function randomEdit(next, doc) {
  const len = doc.getText().length;
  const roll = next();
  if (roll < 0.02) return { text: next() < 0.5 ? '' : CORPUS[Math.floor(next() * CORPUS.length)] }; // whole-text replacement
  const a = Math.floor(next() * (len + 1));
  const b = next() < 0.6 ? a : Math.min(len, a + Math.floor(next() * 12));
  let text = '';
  if (roll < 0.04) text = CORPUS[Math.floor(next() * CORPUS.length)].repeat(1 + Math.floor(next() * 80)); // a large paste
  else for (let i = Math.floor(next() * 3); i > 0; i--) text += PIECES[Math.floor(next() * PIECES.length)];
  if (next() < 0.1) text += String.fromCharCode(Math.floor(next() * 0xffff));
  return { range: { start: doc.positionAt(a), end: doc.positionAt(b) }, text };
}

/** The server's semantic tokens as `offset+length:type`, decoded against our copy of the text. */
function decodeTokens(data, doc, types) {
  const out = [];
  let line = 0;
  let character = 0;
  for (let i = 0; i < data.length; i += 5) {
    line += data[i];
    character = data[i] === 0 ? character + data[i + 1] : data[i + 1];
    out.push(`${doc.offsetAt({ line, character })}+${data[i + 2]}:${types[data[i + 3]]}`);
  }
  return out;
}

/** Our own semantic tokens for `text`, split at line breaks as the server sends them. */
function localTokens(ide, text) {
  return ide.semanticTokens(ide.createDocument(text)).flatMap((t) => {
    const out = [];
    let start = t.start;
    for (const part of text.slice(t.start, t.start + t.length).split(/(\r\n|\r|\n)/)) {
      if (/^(\r\n|\r|\n)$/.test(part)) start += part.length;
      else {
        if (part.length > 0) out.push(`${start}+${part.length}:${t.type}`);
        start += part.length;
      }
    }
    return out;
  });
}

/** Runs `streams` streams of `edits` edits each on one server; returns { edits, requests, failures: string[] }. */
export async function fuzzLanguageServer({ streams = 10, edits = 300, seed = 42, log = () => {} } = {}) {
  const ide = await import(pathToFileURL(join(ROOT, 'packages/ide/dist/index.js')).href).catch(() => undefined);
  const dir = project();
  const child = spawn(process.execPath, [SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
  let exited = false;
  child.on('exit', () => (exited = true));
  const connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const published = new Map();
  const logs = [];
  connection.onNotification('textDocument/publishDiagnostics', (p) => {
    const list = published.get(p.uri) ?? [];
    list.push(p);
    published.set(p.uri, list);
  });
  connection.onNotification('window/logMessage', (p) => logs.push(p.message));
  connection.onRequest('workspace/configuration', (p) => p.items.map(() => ({})));
  connection.onRequest(() => null);
  connection.listen();
  const failures = [];
  let editCount = 0;
  let requestCount = 0;
  try {
    const init = await connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: pathToFileURL(dir).href,
      capabilities: { workspace: { configuration: true }, textDocument: { publishDiagnostics: { versionSupport: true } } },
      initializationOptions: { diagnosticsDelay: 5 },
    });
    await connection.sendNotification('initialized', {});
    const types = init.capabilities.semanticTokensProvider?.legend?.tokenTypes ?? [];
    for (let s = 0; s < streams && !exited; s++) {
      const next = mulberry32(seed * 1000 + s);
      const uris = ['a', 'b', 'c'].map((n) => pathToFileURL(join(dir, `formulas/${n}.calc`)).href);
      const docs = new Map();
      const reopenFrom = new Map(); // a reopened document's versions start above the old ones: index of its first publish
      for (const uri of uris) {
        const text = CORPUS[Math.floor(next() * CORPUS.length)];
        const version = (docs.get(uri)?.version ?? 0) + 1000 * (s + 1);
        docs.set(uri, TextDocument.create(uri, 'calc', version, text));
        reopenFrom.set(uri, (published.get(uri) ?? []).length);
        await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'calc', version, text } });
      }
      for (let e = 0; e < edits && !exited; e++) {
        const uri = uris[Math.floor(next() * uris.length)];
        const doc = docs.get(uri);
        const edit = randomEdit(next, doc);
        const version = doc.version + 1;
        await connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [edit] });
        docs.set(uri, TextDocument.update(doc, [edit], version));
        editCount++;
        if (next() < 0.3) {
          const d = docs.get(uri);
          const position = d.positionAt(Math.floor(next() * (d.getText().length + 1)));
          const method = METHODS[Math.floor(next() * METHODS.length)];
          const whole = { start: { line: 0, character: 0 }, end: d.positionAt(d.getText().length) };
          const params = { textDocument: { uri }, position, positions: [position], range: whole, newName: 'Cost', context: { diagnostics: [], triggerKind: 1 }, options: { tabSize: 2, insertSpaces: true } };
          requestCount++;
          const pending = connection.sendRequest(method, params).catch((err) => {
            // A refused rename (not on a column) is an answer the protocol allows, not a failure.
            if (!CANCELLED.has(err?.code) && !(method.endsWith('ename') && [-32602, -32803].includes(err?.code))) failures.push(`stream ${s} edit ${e}: ${method} failed: ${err?.code} ${err?.message}`);
          });
          if (next() < 0.7) await pending; // the others overlap with the next edits
        }
        if (next() < 0.03) await new Promise((r) => setTimeout(r, 10));
        if (next() < 0.01) {
          // Close and reopen with a higher version (what an editor does when the file is closed and opened again).
          const d = docs.get(uri);
          await connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
          const reopened = TextDocument.create(uri, 'calc', d.version + 1, d.getText());
          docs.set(uri, reopened);
          reopenFrom.set(uri, (published.get(uri) ?? []).length);
          await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'calc', version: reopened.version, text: reopened.getText() } });
        }
      }
      // Settle: every document's diagnostics for its final version.
      for (const uri of uris) {
        const doc = docs.get(uri);
        const deadline = Date.now() + 30_000;
        while (!exited && !(published.get(uri) ?? []).some((p) => p.version === doc.version) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
        await new Promise((r) => setTimeout(r, 50));
        const list = published.get(uri) ?? [];
        const last = list.at(-1);
        if (!last || last.version !== doc.version) {
          failures.push(`stream ${s}: ${uri.split('/').pop()} last diagnostics are for version ${last?.version}, not ${doc.version} (stale)`);
          continue;
        }
        const versions = list.slice(reopenFrom.get(uri)).map((p) => p.version);
        if (versions.some((v, i) => i > 0 && v < versions[i - 1])) failures.push(`stream ${s}: diagnostics versions went backwards: ${versions.slice(-10).join(',')}`);
        const pulled = await connection.sendRequest('textDocument/diagnostic', { textDocument: { uri } });
        requestCount++;
        if (JSON.stringify(pulled.items) !== JSON.stringify(last.diagnostics)) failures.push(`stream ${s}: pushed and pulled diagnostics differ for ${uri.split('/').pop()}`);
        if (ide && types.length > 0) {
          const tokens = await connection.sendRequest('textDocument/semanticTokens/full', { textDocument: { uri } });
          requestCount++;
          if (JSON.stringify(decodeTokens(tokens.data, doc, types)) !== JSON.stringify(localTokens(ide, doc.getText()))) failures.push(`stream ${s}: the server's text differs from ours for ${uri.split('/').pop()}`);
        }
      }
      for (const uri of uris) await connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
      log(`language server: stream ${s + 1}/${streams}, ${editCount} edits, ${requestCount} requests, ${failures.length} failures`);
    }
    if (exited) failures.push(`the server exited; stderr: ${stderr.slice(-500)}`);
    for (const line of logs.filter((l) => / failed/.test(l))) failures.push(`server log: ${line.slice(0, 300)}`);
  } finally {
    if (!exited) {
      await Promise.race([connection.sendRequest('shutdown').catch(() => {}), new Promise((r) => setTimeout(r, 2000))]);
      await connection.sendNotification('exit').catch(() => {});
      await new Promise((r) => setTimeout(r, 200));
      if (!exited) child.kill();
    }
    connection.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
  return { edits: editCount, requests: requestCount, failures };
}
