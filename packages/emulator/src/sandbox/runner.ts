// Runs one code-function call in a Node process of its own (started by launcher.ts, running child-source.ts, where the
// user's code runs in QuickJS compiled to WebAssembly), a few at a time: the parent holds the clock (a SIGKILL of the
// call's process group at the time limit), caps what it reads, and treats the child's report as untrusted data.
import { spawn, type ChildProcess } from 'node:child_process';
import { z } from 'zod';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from '../http/json-depth.js';
import { engineLine } from './engine.js';
import { launchCommand, launchPlan, type LaunchPlan } from './launcher.js';

export interface SandboxLogs {
  readonly stdout: string[];
  readonly stderr: string[];
}

export type SandboxOutcome =
  | { readonly kind: 'returned'; readonly value: unknown; readonly logs: SandboxLogs }
  | { readonly kind: 'unserializable'; readonly type: string; readonly message: string; readonly logs: SandboxLogs }
  | { readonly kind: 'too-large'; readonly length: number; readonly logs: SandboxLogs }
  | { readonly kind: 'too-deep'; readonly logs: SandboxLogs }
  | { readonly kind: 'threw'; readonly message: string; readonly stack: string; readonly logs: SandboxLogs }
  | { readonly kind: 'unsettled'; readonly logs: SandboxLogs }
  | { readonly kind: 'timeout'; readonly logs: SandboxLogs }
  | { readonly kind: 'out-of-memory'; readonly logs: SandboxLogs }
  | { readonly kind: 'crashed'; readonly message: string; readonly logs: SandboxLogs };

export interface SandboxLimits {
  /** Time limit of one call (definition, call and promise jobs), in milliseconds. */
  readonly timeoutMs: number;
  /** Memory limit of the function's engine, in MB: its WebAssembly memory (objects, strings, typed arrays' buffers)
   * grows to this plus 16 MB for the engine itself. The call's Node process gets the same V8 heap limit, and on Linux
   * the whole process 128 MB more than twice this. */
  readonly memoryMb: number;
  readonly maxLogEntries: number;
  readonly maxLogEntryLength: number;
  /** Characters of log lines kept per execution, both streams together. */
  readonly maxLogTotalLength: number;
  /** Characters of the result's JSON text. */
  readonly maxResultLength: number;
}

export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = {
  timeoutMs: 2000,
  memoryMb: 64,
  maxLogEntries: 1000,
  maxLogEntryLength: 10_000,
  maxLogTotalLength: 100_000,
  maxResultLength: 1_000_000,
};

/** A call's process must say it is ready within this long (a start takes 40–300 ms; more on a loaded machine). */
const STARTUP_LIMIT_MS = 20_000;
/** The child stops its own code at the time limit (and reports its logs); the parent kills it this much later. */
const KILL_GRACE_MS = 250;
const MAX_MESSAGE = 10_000;
/** The longest time limit a function may declare (fixtures: timeoutMs 1–60 000). */
const MAX_TIMEOUT_MS = 60_000;
const POSIX = process.platform !== 'win32';
/** QuickJS's stack limit: deep recursion is its "stack overflow" error before the V8 stack under it runs out. */
const ENGINE_STACK_BYTES = 160 * 1024;

const NO_LOGS: SandboxLogs = { stdout: [], stderr: [] };
/** After this long without a call, the processes started ahead go back to one (an idle emulator holds one). */
const IDLE_REAP_MS = 5000;

function reportSchema(limits: SandboxLimits) {
  const log = z.array(z.string().max(limits.maxLogEntryLength)).max(limits.maxLogEntries + 1);
  return z.object({
    outcome: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('returned'), json: z.string() }),
      z.object({ kind: z.literal('unserializable'), type: z.string().max(20), message: z.string().max(MAX_MESSAGE) }),
      z.object({ kind: z.literal('too-large'), length: z.number() }),
      z.object({ kind: z.literal('too-deep') }),
      z.object({ kind: z.literal('threw'), message: z.string().max(MAX_MESSAGE), stack: z.string().max(MAX_MESSAGE) }),
      z.object({ kind: z.literal('unsettled') }),
      z.object({ kind: z.literal('timeout') }),
      z.object({ kind: z.literal('out-of-memory') }),
      z.object({ kind: z.literal('crashed'), message: z.string().max(MAX_MESSAGE) }),
    ]),
    logs: z.object({ stdout: log, stderr: log }),
  });
}

/** What V8 and Node print when a process runs out of memory (heap limit, or RLIMIT_DATA under it). */
const OOM_TEXT = /out of memory|Allocation failed|Fatal process OOM|Committing semi space failed/i;

export interface SandboxInfo {
  /** The protections calls run under on this machine (see launcher.ts and the package README). */
  readonly layers: readonly string[];
  /** Protections this machine does not allow, and why. */
  readonly missing: readonly string[];
}

export class Sandbox {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly children = new Set<ChildProcess>();
  private readonly schema: ReturnType<typeof reportSchema>;
  /** The second line every call's process reads: the engine's limits (the same for every call). */
  private readonly setupLine: string;
  private plan: LaunchPlan | undefined;
  /**
   * Processes started ahead of the next calls, oldest first (a start with the engine takes 60–100 ms of CPU). None
   * before the first call; then one, one more each time a call finds none ready (back-to-back calls or a burst: on
   * two cores two starts overlap), at most `concurrency`; back to one after IDLE_REAP_MS without a call. Each serves
   * one call only: user code never runs in a process twice.
   */
  private readonly spares: ChildProcess[] = [];
  /** Spares whose engine is loaded (they wrote "W"). */
  private readonly warm = new WeakSet<ChildProcess>();
  private sparesWanted = 1;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;

  constructor(
    readonly limits: SandboxLimits = DEFAULT_SANDBOX_LIMITS,
    private readonly concurrency = 4,
    /** Keep processes started ahead of the next calls (after the first call). */
    private readonly startAhead = true,
    private readonly idleReapMs = IDLE_REAP_MS,
  ) {
    this.schema = reportSchema(limits);
    this.setupLine = `${JSON.stringify({
      memoryMb: limits.memoryMb,
      stackBytes: ENGINE_STACK_BYTES,
      limits: { maxLogEntries: limits.maxLogEntries, maxLogEntryLength: limits.maxLogEntryLength, maxLogTotalLength: limits.maxLogTotalLength, maxResultLength: limits.maxResultLength, maxResultDepth: MAX_JSON_DEPTH },
    })}\n`;
  }

  get defaultTimeoutMs(): number {
    return this.limits.timeoutMs;
  }

  /** How many processes are started ahead now (ready or loading their engine). */
  get startedAhead(): number {
    return this.spares.length;
  }

  /** The isolation in use (probed on the first call or the first ask). */
  async info(): Promise<SandboxInfo> {
    const plan = await launchPlan();
    return { layers: plan.layers, missing: plan.missing };
  }

  /** Calls `async function (params…) { body }` with `args`; never throws. */
  async run(params: readonly string[], body: string, args: readonly unknown[], timeoutMs = this.limits.timeoutMs): Promise<SandboxOutcome> {
    await this.acquire();
    try {
      if (this.closed) return { kind: 'crashed', message: 'the emulator is closing', logs: NO_LOGS };
      this.plan ??= await launchPlan();
      try {
        engineLine();
      } catch (error) {
        // The engine's files, read from the installed packages once: say which is missing rather than "could not start".
        return { kind: 'crashed', message: `the function engine could not be loaded: ${(error as Error).message.split('\n')[0]}`, logs: NO_LOGS };
      }
      const spare = this.takeSpare();
      const child = spare ?? this.start(this.plan);
      // Behind the demand (no spare, or one still loading its engine): more are wanted, and started now.
      if (!spare || !this.warm.has(spare)) {
        this.sparesWanted = Math.min(this.concurrency, this.sparesWanted + 1);
        this.refill();
      }
      if (!child) return { kind: 'crashed', message: "the function's process could not start", logs: NO_LOGS };
      return await this.runIn(child, params, body, args, timeoutMs);
    } finally {
      this.release();
      this.refill();
      this.reapWhenIdle();
    }
  }

  /** Kills every call's process and the spares (used on shutdown). */
  async close(): Promise<void> {
    this.closed = true;
    this.spares.length = 0;
    clearTimeout(this.idleTimer);
    const exits = [...this.children].map((child) => new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve();
      else child.once('close', () => resolve());
    }));
    for (const child of this.children) killGroup(child);
    await Promise.all(exits);
  }

  /**
   * Starts a call's process. Every process gets the same command (the CPU backstop is that of the longest time limit),
   * so one started ahead serves any function; it waits for its job on stdin, and the time limit starts with the job.
   */
  private start(plan: LaunchPlan): ChildProcess | undefined {
    const { file, args } = launchCommand(plan, { memoryMb: this.limits.memoryMb, timeoutMs: MAX_TIMEOUT_MS });
    let child: ChildProcess;
    try {
      const engine = engineLine();
      child = spawn(file, args, { env: {}, cwd: POSIX ? '/' : undefined, stdio: ['pipe', 'pipe', 'pipe'], detached: POSIX, windowsHide: true });
      child.stdin!.on('error', () => {
        // The process died before reading its input: its exit says why.
      });
      // The engine and the limits first: a process started ahead readies its engine while it waits for its job.
      child.stdin!.write(engine);
      child.stdin!.write(this.setupLine);
    } catch {
      return undefined;
    }
    this.children.add(child);
    child.on('error', () => {
      // Reported by the call that uses it (its 'close' follows).
    });
    child.on('close', () => {
      this.children.delete(child);
      const i = this.spares.indexOf(child);
      if (i !== -1) this.spares.splice(i, 1);
    });
    // "W": the engine is loaded (written before any job; runIn skips it when it comes later).
    const markWarm = (data: Buffer): void => {
      if (data[0] === 0x57) this.warm.add(child);
      child.stdout!.off('data', markWarm);
    };
    child.stdout!.on('data', markWarm);
    return child;
  }

  /** A process started ahead and still alive: the first whose engine is loaded, else the oldest. */
  private takeSpare(): ChildProcess | undefined {
    const alive = (c: ChildProcess): boolean => c.exitCode === null && c.signalCode === null;
    for (let i = this.spares.length - 1; i >= 0; i--) if (!alive(this.spares[i]!)) this.spares.splice(i, 1);
    const index = Math.max(0, this.spares.findIndex((c) => this.warm.has(c)));
    const spare = this.spares.splice(index, 1)[0];
    if (spare) holdsEventLoop(spare, true);
    return spare;
  }

  /** Starts processes ahead up to the number wanted, once calls have begun (an emulator that runs no function starts
   * none). */
  private refill(): void {
    if (!this.startAhead || !this.plan) return;
    while (!this.closed && this.spares.length < this.sparesWanted) {
      const spare = this.start(this.plan);
      if (!spare) return;
      // An idle spare does not keep the emulator's process alive (the OS layers kill it when that process ends).
      holdsEventLoop(spare, false);
      this.spares.push(spare);
    }
  }

  /** After IDLE_REAP_MS without a call, keeps one spare (the newest: the others are killed; no user code ran in them). */
  private reapWhenIdle(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (this.running > 0 || this.closed) return;
      this.sparesWanted = 1;
      for (const spare of this.spares.splice(0, this.spares.length - 1)) killGroup(spare);
    }, this.idleReapMs);
    this.idleTimer.unref?.();
  }

  private acquire(): Promise<void> {
    if (this.running < this.concurrency) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(() => resolve()));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }

  private runIn(child: ChildProcess, params: readonly string[], body: string, args: readonly unknown[], timeoutMs: number): Promise<SandboxOutcome> {
    const limits = this.limits;
    const job = `${JSON.stringify({ params, body, inputsJson: JSON.stringify(args), timeoutMs })}\n`;
    // The largest report a well-behaved child can send: the result's JSON and the logs, each escaped once more.
    const maxReportBytes = 6 * (limits.maxResultLength + limits.maxLogTotalLength) + 3 * MAX_MESSAGE + 64 * 1024;
    return new Promise((resolve) => {
      let settled = false;
      let ready = false;
      let killedFor: 'timeout' | 'startup' | 'output' | undefined;
      let chunks: Buffer[] = [];
      let size = 0;
      let stderrTail = '';
      const finish = (outcome: SandboxOutcome): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        killGroup(child);
        resolve(outcome);
      };
      const stop = (why: 'timeout' | 'startup' | 'output'): void => {
        killedFor ??= why;
        killGroup(child);
      };
      let timer = setTimeout(() => stop('startup'), STARTUP_LIMIT_MS);

      child.stdout!.on('data', (data: Buffer) => {
        if (settled || killedFor) return;
        size += data.length;
        if (size > maxReportBytes) {
          stop('output');
          return;
        }
        chunks.push(data);
        if (data.indexOf(10) === -1) return;
        let text = Buffer.concat(chunks);
        while (!ready) {
          const nl = text.indexOf(10);
          if (nl === -1) {
            chunks = [text];
            return;
          }
          const line = text.subarray(0, nl).toString('latin1');
          text = text.subarray(nl + 1);
          // "W" (engine loaded) comes here when the process was taken before it was ready.
          if (line === 'W') continue;
          if (line !== 'R') {
            finish({ kind: 'crashed', message: "the function's process did not follow the protocol", logs: NO_LOGS });
            return;
          }
          ready = true;
          clearTimeout(timer);
          timer = setTimeout(() => stop('timeout'), timeoutMs + KILL_GRACE_MS);
          chunks = [text];
          if (text.indexOf(10) === -1) return;
        }
        finish(this.readReport(text.subarray(0, text.indexOf(10)).toString('utf8')));
      });
      child.stderr!.on('data', (data: Buffer) => {
        stderrTail = (stderrTail + data.toString('latin1')).slice(-8192);
      });
      child.stdin!.on('error', () => {
        // The process died before reading its job: its exit says why.
      });
      child.stdin!.end(job);
      child.on('error', (error) => finish({ kind: 'crashed', message: `the function's process could not start: ${error.message}`, logs: NO_LOGS }));
      child.on('close', (code, signal) => {
        if (settled) return;
        if (killedFor === 'timeout') finish({ kind: 'timeout', logs: NO_LOGS });
        else if (killedFor === 'output') finish({ kind: 'crashed', message: `the function's process wrote more than ${maxReportBytes} bytes`, logs: NO_LOGS });
        else if (killedFor === 'startup') finish({ kind: 'crashed', message: `the function's process did not start within ${STARTUP_LIMIT_MS / 1000} s`, logs: NO_LOGS });
        else if (OOM_TEXT.test(stderrTail)) finish({ kind: 'out-of-memory', logs: NO_LOGS });
        else if (signal === 'SIGXCPU') finish({ kind: 'timeout', logs: NO_LOGS });
        else {
          const last = stderrTail.trim().split('\n').filter((l) => l.trim() !== '').slice(-1)[0]?.slice(0, 300);
          const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
          finish({ kind: 'crashed', message: `the function's process ${how}${ready ? '' : ' before running the function'}${last ? ` (${last})` : ''}`, logs: NO_LOGS });
        }
      });
    });
  }

  /** The child's last line, checked: shape, sizes, the result's nesting. */
  private readReport(line: string): SandboxOutcome {
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch {
      return { kind: 'crashed', message: "the function's process sent a report that is not JSON", logs: NO_LOGS };
    }
    const checked = this.schema.safeParse(raw);
    if (!checked.success) return { kind: 'crashed', message: "the function's process sent a malformed report", logs: NO_LOGS };
    const { outcome, logs } = checked.data;
    const logLength = [...logs.stdout, ...logs.stderr].reduce((n, l) => n + l.length, 0);
    if (logLength > this.limits.maxLogTotalLength + 64) return { kind: 'crashed', message: "the function's process sent more log than allowed", logs: NO_LOGS };
    if (outcome.kind !== 'returned') return { ...outcome, logs };
    if (outcome.json.length > this.limits.maxResultLength) return { kind: 'too-large', length: outcome.json.length, logs };
    if (jsonDepthExceeds(outcome.json, MAX_JSON_DEPTH)) return { kind: 'too-deep', logs };
    try {
      return { kind: 'returned', value: JSON.parse(outcome.json) as unknown, logs };
    } catch {
      return { kind: 'crashed', message: "the function's process sent a result that is not JSON", logs: NO_LOGS };
    }
  }
}

function holdsEventLoop(child: ChildProcess, hold: boolean): void {
  for (const handle of [child, child.stdin, child.stdout, child.stderr] as ({ ref?: () => void; unref?: () => void } | null)[]) {
    if (hold) handle?.ref?.();
    else handle?.unref?.();
  }
}

/** SIGKILL to the call's whole process group (the launcher's tools and Node); a no-op once it has exited. */
function killGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    if (POSIX) process.kill(-child.pid, 'SIGKILL');
    else child.kill('SIGKILL');
  } catch {
    // Already gone.
  }
}
