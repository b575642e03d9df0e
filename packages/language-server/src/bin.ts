#!/usr/bin/env node
// calckit-language-server: the language server over stdio (`--stdio`), Node IPC (`--node-ipc`) or a socket
// (`--socket=PORT`: connects to a client listening on 127.0.0.1:PORT) or a named pipe (`--pipe=NAME`).
// vscode-languageserver reads the transport from argv; this file checks it and starts the server.
// First, before any other module runs: V8 settings for the server's memory pattern.
import './node/gc-tuning.js';
import { isMainThread, workerData } from 'node:worker_threads';
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { describeError } from './log.js';
import { LINT_WORKER_MARK, serveLintRequests } from './node/lint-worker.js';
import { startNodeServer } from './node/platform.js';
import { SERVER_NAME, SERVER_VERSION } from './version.js';

const USAGE = `Usage: ${SERVER_NAME} --stdio | --node-ipc | --socket=PORT | --pipe=NAME

The calckit language server for calculation formulas (*.calc): diagnostics, completion, hover,
signature help, semantic tokens, formatting, code actions and more, for any LSP editor.
`;

const args = process.argv.slice(2);
if (!isMainThread && (workerData as Record<string, unknown> | null)?.[LINT_WORKER_MARK] === true) {
  // This script running as the server's lint worker (see lint-worker.ts).
  serveLintRequests();
} else if (args.includes('--help') || args.includes('-h')) {
  process.stdout.write(USAGE);
} else if (args.includes('--version') || args.includes('-v')) {
  process.stdout.write(`${SERVER_VERSION}\n`);
} else if (!args.some((a) => a === '--stdio' || a === '--node-ipc' || /^--(socket|pipe)(=|$)/.test(a))) {
  process.stderr.write(`${SERVER_NAME}: choose a transport.\n\n${USAGE}`);
  process.exitCode = 2;
} else {
  const connection = createConnection(ProposedFeatures.all);
  // A defect anywhere must not end the session: log it to the client and keep serving.
  process.on('uncaughtException', (error) => connection.console.error(`uncaught exception: ${describeError(error)}`));
  process.on('unhandledRejection', (reason) => connection.console.error(`unhandled rejection: ${describeError(reason)}`));
  // The lint worker runs this same script (the bundled server has no other file).
  startNodeServer(connection, { ...(process.argv[1] ? { lintWorkerScript: process.argv[1] } : {}) });
}
