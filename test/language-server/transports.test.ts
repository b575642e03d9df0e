// The built server over each transport: stdio (the other tests), Node IPC (the VS Code extension) and a socket;
// and its command line without a transport.
import { fork, spawn, spawnSync } from 'node:child_process';
import { createServer, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  createMessageConnection, IPCMessageReader, IPCMessageWriter, SocketMessageReader, SocketMessageWriter, type MessageConnection,
} from 'vscode-languageserver-protocol/node';
import type { InitializeResult } from 'vscode-languageserver-protocol';
import { SERVER } from './client.js';

async function handshake(connection: MessageConnection): Promise<InitializeResult> {
  connection.listen();
  const init = (await connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} })) as InitializeResult;
  await connection.sendNotification('initialized', {});
  const uri = 'untitled:one';
  await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'calc', version: 1, text: 'SUM(1' } });
  const hover = await connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 1 } });
  expect(JSON.stringify(hover)).toContain('SUM(');
  await connection.sendRequest('shutdown');
  await connection.sendNotification('exit');
  return init;
}

describe('transports', () => {
  it('serves over Node IPC', async () => {
    // No execArgv: the test runner's own Node flags must not reach the server.
    const child = fork(SERVER, ['--node-ipc'], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'], execArgv: [] });
    const exited = new Promise<number | null>((r) => child.on('exit', r));
    const init = await handshake(createMessageConnection(new IPCMessageReader(child), new IPCMessageWriter(child)));
    expect(init.capabilities.hoverProvider).toBe(true);
    expect(await exited).toBe(0);
  });

  it('serves over a socket the client listens on', async () => {
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    const accepted = new Promise<Socket>((r) => server.once('connection', r));
    const child = spawn(process.execPath, [SERVER, `--socket=${port}`], { stdio: 'ignore' });
    const exited = new Promise<number | null>((r) => child.on('exit', r));
    const socket = await accepted;
    const init = await handshake(createMessageConnection(new SocketMessageReader(socket), new SocketMessageWriter(socket)));
    expect(init.capabilities.completionProvider).toBeDefined();
    expect(await exited).toBe(0);
    server.close();
  });

  it('explains itself without a transport, and answers --help and --version', () => {
    const none = spawnSync(process.execPath, [SERVER], { encoding: 'utf8' });
    expect(none.status).toBe(2);
    expect(none.stderr).toContain('--stdio');
    expect(spawnSync(process.execPath, [SERVER, '--help'], { encoding: 'utf8' }).stdout).toContain('--node-ipc');
    expect(spawnSync(process.execPath, [SERVER, '--version'], { encoding: 'utf8' }).stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
