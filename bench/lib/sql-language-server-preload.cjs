// Preload (`node -r`) that lets sql-language-server 1.7.1 start: it deep-requires two paths that newer
// vscode-languageserver-protocol / vscode-jsonrpc no longer export (microsoft/vscode-languageserver-node#1801);
// we resolve exactly those two requests to the copies nested under its own vscode-languageserver.
'use strict';
const Module = require('node:module');
const path = require('node:path');

const serverPkg = require.resolve('sql-language-server/package.json');
const nested = path.join(path.dirname(serverPkg), 'node_modules', 'vscode-languageserver', 'node_modules');
const REDIRECTS = {
  'vscode-languageserver-protocol/lib/common/protocol': path.join(nested, 'vscode-languageserver-protocol/lib/common/protocol.js'),
  'vscode-jsonrpc/lib/node/main': path.join(nested, 'vscode-jsonrpc/lib/node/main.js'),
};
const original = Module._resolveFilename;
Module._resolveFilename = function resolve(request, ...rest) {
  return original.call(this, REDIRECTS[request] ?? request, ...rest);
};

// Its completion code calls console.time/timeEnd, which print to stdout and corrupt the JSON-RPC stream over stdio
// (the client then waits for ever); console output goes to stderr instead, as a language server's must.
for (const method of ['log', 'info', 'debug', 'timeLog']) {
  console[method] = (...args) => process.stderr.write(`${require('node:util').format(...args)}\n`);
}
const timers = new Map();
console.time = (label = 'default') => timers.set(label, performance.now());
console.timeEnd = (label = 'default') => {
  const start = timers.get(label);
  timers.delete(label);
  if (start !== undefined) process.stderr.write(`${label}: ${(performance.now() - start).toFixed(3)}ms\n`);
};
