// The LSP client's transport to the language server in a Web Worker. The server's BrowserMessageReader/Writer post
// JSON-RPC messages as structured-cloned objects; @codemirror/lsp-client speaks JSON text: each side converts.
import type { Transport } from '@codemirror/lsp-client';

export function workerTransport(worker: Worker): Transport {
  const handlers = new Set<(message: string) => void>();
  worker.addEventListener('message', (event: MessageEvent<unknown>) => {
    const text = JSON.stringify(event.data);
    for (const handler of handlers) handler(text);
  });
  return {
    send: (message) => worker.postMessage(JSON.parse(message) as unknown),
    subscribe: (handler) => void handlers.add(handler),
    unsubscribe: (handler) => void handlers.delete(handler),
  };
}
