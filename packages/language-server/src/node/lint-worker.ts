// The linter off the main thread: a worker lints the texts sent to it, so a long lint (a 100 KB formula) never
// delays completion or hover. The server's own script is also the worker's (bin.ts checks which one it runs as), so a
// bundled server needs no second file. Crashes restart the worker; repeated crashes fall back to the main thread.
import { parentPort, Worker } from 'node:worker_threads';
import { createDocument, diagnose, ideSettings, type Diagnostic, type IdeSettings } from '@calckit/ide';
import { describeError, type Log } from '../log.js';
import type { LintRunner } from '../host.js';

/** Settings as they cross the thread boundary: only what the linter reads, as plain data (the nesting lookup is
 * replaced by its answers). */
export type PlainSettings = Pick<IdeSettings, 'serviceName' | 'schema' | 'rules' | 'lintConfig' | 'filePath' | 'selfId'>;

interface LintRequest {
  readonly id: number;
  readonly text: string;
  readonly settings: PlainSettings;
  /** nestedIds answers for the calculations the text nests, and theirs in turn (null: unknown to the project). */
  readonly nested: Readonly<Record<number, readonly number[] | null>>;
}
type LintReply = { readonly id: number; readonly diagnostics: Diagnostic[] } | { readonly id: number; readonly error: string };

/** `workerData` marker: bin.ts serves lint requests instead of starting a server when it sees it. */
export const LINT_WORKER_MARK = 'calckitLintWorker';

/** The worker's side: lint every request, answer with plain diagnostics or the error. */
export function serveLintRequests(): void {
  const port = parentPort;
  if (!port) return;
  // Cloned settings arrive as new objects each time; the linter memoises its configuration by object, so equal
  // sections are mapped back to one object.
  const sections = new Map<string, Readonly<Record<string, unknown>>>();
  const canonical = (section: Readonly<Record<string, unknown>> | undefined) => {
    if (!section) return undefined;
    const key = JSON.stringify(section);
    let hit = sections.get(key);
    if (!hit) {
      if (sections.size > 100) sections.clear();
      sections.set(key, (hit = section));
    }
    return hit;
  };
  port.on('message', (request: LintRequest) => {
    let reply: LintReply;
    try {
      const nestedIds = (id: number) => request.nested[id] ?? undefined;
      const lintConfig = canonical(request.settings.lintConfig);
      const settings = ideSettings({ ...request.settings, lintConfig: lintConfig ?? request.settings.lintConfig, nestedIds });
      reply = { id: request.id, diagnostics: diagnose(createDocument(request.text), settings) };
    } catch (error) {
      reply = { id: request.id, error: describeError(error) };
    }
    port.postMessage(reply);
  });
}

const NESTED = /([A-Za-z0-9_]+)_BEAST_MODE\s*\(\s*(\d+)/gi;

/**
 * The answers of `nestedIds` for the calculations a text nests (found by a scan: no parse on the main thread) and for
 * those they nest in turn, for as far as the nestings go: the cycle rule follows them back to this calculation.
 */
function nestedAnswers(text: string, settings: IdeSettings): Record<number, readonly number[] | null> {
  const out: Record<number, readonly number[] | null> = {};
  const nestedIds = settings.nestedIds;
  if (!nestedIds) return out;
  const pending: number[] = [];
  const ask = (id: number) => {
    if (id in out) return;
    const answer = nestedIds(id) ?? null;
    out[id] = answer;
    if (answer) pending.push(...answer);
  };
  for (const m of text.matchAll(NESTED)) ask(Number(m[2]));
  while (pending.length > 0) ask(pending.pop()!);
  return out;
}

function plainSettings(s: IdeSettings): PlainSettings {
  return {
    ...(s.serviceName !== undefined ? { serviceName: s.serviceName } : {}),
    ...(s.schema !== undefined ? { schema: s.schema } : {}),
    ...(s.rules !== undefined ? { rules: s.rules } : {}),
    ...(s.lintConfig !== undefined ? { lintConfig: s.lintConfig } : {}),
    ...(s.filePath !== undefined ? { filePath: s.filePath } : {}),
    ...(s.selfId !== undefined ? { selfId: s.selfId } : {}),
  };
}

const MAX_CRASHES = 3;
/** An idle worker is stopped after this long (it holds tens of MB); the next large document starts it again. */
const IDLE_MS = 15_000;

export class LintWorker implements LintRunner {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (d: Diagnostic[]) => void; reject: (e: Error) => void }>();
  private crashes = 0;
  private closing = false;
  private idle: NodeJS.Timeout | undefined;

  constructor(
    private readonly script: string,
    private readonly log: Log,
  ) {}

  /** False once the worker crashed too often: lint on the main thread instead. */
  get usable(): boolean {
    return this.crashes < MAX_CRASHES;
  }

  lint(text: string, settings: IdeSettings): Promise<Diagnostic[]> {
    clearTimeout(this.idle);
    const worker = this.ensure();
    const id = this.nextId++;
    return new Promise<Diagnostic[]>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, text, settings: plainSettings(settings), nested: nestedAnswers(text, settings) } satisfies LintRequest);
    });
  }

  dispose(): void {
    this.closing = true;
    clearTimeout(this.idle);
    void this.worker?.terminate();
    this.worker = undefined;
  }

  /** Stops the worker when nothing is pending (not a crash: the next lint starts a new one). */
  stopIfIdle(): void {
    if (this.pending.size > 0 || !this.worker) return;
    const worker = this.worker;
    this.worker = undefined;
    void worker.terminate();
  }

  private ensure(): Worker {
    if (this.worker) return this.worker;
    // No inherited Node flags: a debugger port or a test runner's resolution conditions are not the worker's.
    const worker = new Worker(this.script, { workerData: { [LINT_WORKER_MARK]: true }, stdout: true, stderr: true, execArgv: [] });
    // Never let the worker write to our stdout: with --stdio that is the protocol's channel.
    worker.stdout.resume();
    worker.stderr.on('data', (d: Buffer) => this.log.warn(`lint worker: ${d.toString().trimEnd()}`));
    worker.on('message', (reply: LintReply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if ('error' in reply) waiting.reject(new Error(reply.error));
      else waiting.resolve(reply.diagnostics);
      if (this.pending.size === 0) {
        clearTimeout(this.idle);
        this.idle = setTimeout(() => this.stopIfIdle(), IDLE_MS);
        this.idle.unref();
      }
    });
    const fail = (why: string) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      if (!this.closing) {
        this.crashes++;
        this.log.error(`lint worker stopped (${why})${this.usable ? '; restarting it' : '; linting on the main thread from now on'}`);
      }
      for (const p of this.pending.values()) p.reject(new Error(`lint worker stopped (${why})`));
      this.pending.clear();
    };
    worker.on('error', (error) => fail(describeError(error)));
    worker.on('exit', (code) => fail(`exit code ${code}`));
    // The worker must not keep the server alive after `exit`.
    worker.unref();
    this.worker = worker;
    return worker;
  }
}
