// The guard around every handler: failures become the safe default and one log entry with context; cancellation is
// answered as cancelled, before or after the work.
import { describe, expect, it } from 'vitest';
import { CancellationTokenSource, LSPErrorCodes, ResponseError } from 'vscode-languageserver';
import { guard, guardVoid } from './guard.js';

function collectingLog() {
  const lines: string[] = [];
  return { lines, log: { error: (m: string) => void lines.push(m), warn: (m: string) => void lines.push(m), info: (m: string) => void lines.push(m) } };
}
const params = { textDocument: { uri: 'file:///x.calc' }, position: { line: 2, character: 4 } };

describe('guard', () => {
  it('answers the fallback and logs the method, document and position when the handler throws', async () => {
    const { lines, log } = collectingLog();
    const handler = guard(log, 'textDocument/hover', null, () => {
      throw new Error('boom');
    });
    expect(await handler(params, new CancellationTokenSource().token)).toBeNull();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^textDocument\/hover failed \(file:\/\/\/x\.calc at 3:5\): Error: boom/);
  });

  it('does the same for a rejected promise', async () => {
    const { lines, log } = collectingLog();
    const handler = guard(log, 'textDocument/completion', { items: [] }, async () => Promise.reject(new TypeError('bad')));
    expect(await handler(params, new CancellationTokenSource().token)).toEqual({ items: [] });
    expect(lines[0]).toContain('TypeError: bad');
  });

  it('answers a cancelled request as cancelled, without running it', async () => {
    const { log } = collectingLog();
    let ran = false;
    const handler = guard(log, 'm', 1, () => {
      ran = true;
      return 2;
    });
    const source = new CancellationTokenSource();
    source.cancel();
    const result = await handler(params, source.token);
    expect(result).toBeInstanceOf(ResponseError);
    expect((result as ResponseError<void>).code).toBe(LSPErrorCodes.RequestCancelled);
    expect(ran).toBe(false);
  });

  it('answers as cancelled when cancelled during the work', async () => {
    const { log } = collectingLog();
    const source = new CancellationTokenSource();
    const handler = guard(log, 'm', 1, async () => {
      source.cancel();
      return 2;
    });
    expect(await handler(params, source.token)).toBeInstanceOf(ResponseError);
  });

  it('guardVoid logs sync and async failures of notifications', async () => {
    const { lines, log } = collectingLog();
    guardVoid(log, 'didChange', () => {
      throw new Error('sync');
    })(params);
    guardVoid(log, 'didClose', async () => Promise.reject(new Error('async')))(params);
    await new Promise((r) => setTimeout(r, 0));
    expect(lines.map((l) => l.split(':')[0])).toEqual(['didChange failed (file', 'didClose failed (file']);
  });
});
