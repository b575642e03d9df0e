// The evaluator's side of a worker thread (bundled by evaluator-thread.ts): an expression MariaDB's tests give may
// still make the evaluator run out of memory (LPAD to 4 GB), which must fail that expression, not the test run.
import { parentPort } from 'node:worker_threads';
import { compileFormula } from '@calckit/evaluate';

export interface EvaluateRequest {
  readonly expression: string;
  readonly now: string;
}

export type EvaluateReply = { readonly value: unknown } | { readonly error: string };

parentPort!.on('message', ({ expression, now }: EvaluateRequest) => {
  let reply: EvaluateReply;
  try {
    const compiled = compileFormula(expression, { schema: [], now, collation: 'utf8mb4_general_ci' });
    reply = { value: compiled.evaluate([{}]).rows[0]?.value ?? null };
  } catch (error) {
    const code = (error as { code?: string }).code;
    reply = { error: `${code ? `${code}: ` : ''}${error instanceof Error ? error.message : String(error)}` };
  }
  parentPort!.postMessage(reply);
});

// Loaded: the thread's first message, before any reply.
parentPort!.postMessage('ready');
