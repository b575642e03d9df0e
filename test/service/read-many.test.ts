// The client's read of several calculations (community-documented operation) and readCalculations over it, against
// the emulator over loopback, through a proxy that counts the requests and can stand for a service that lacks the
// operation or answers it differently: batches, bounded concurrency, ids left out read singly (their 404 is the read's),
// the fallback to single reads (remembered for the client's life), refused batches, failures, progress and abort.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient, type Client, type ClientOptions, type ReadOutcome } from '@calckit/client';
import { calculationPath, calculationsByIdsPath } from '@calckit/protocol';
import { failure, type Harness, startHarness } from './harness.js';

/** 300 calculations, ids 10 000–10 299. */
const IDS = Array.from({ length: 300 }, (_, i) => 10_000 + i);
function fixtures(): string {
  const calculations = IDS.map((id, i) => ({ id, name: `Calc ${i}`, owner: 1, expression: `SUM(\`x\`) + ${i}`, locked: i % 3 === 0, datasetId: 'd', variable: i === 7 }));
  const file = join(mkdtempSync(join(tmpdir(), 'calckit-read-many-')), 'fixtures.json');
  writeFileSync(file, JSON.stringify({ datasets: [{ id: 'd', name: 'D' }], calculations }));
  return file;
}

const BULK = calculationsByIdsPath();
type BulkRule = (ids: string[], upstream: () => Promise<{ status: number; body: string }>) => Promise<{ status: number; body: string } | undefined>;

/** A proxy in front of the emulator: counts requests (and the most in flight), and may answer the batch read itself. */
class Proxy {
  server!: Server;
  url = '';
  requests: string[] = [];
  inFlight = 0;
  maxInFlight = 0;
  /** Undefined: pass through; otherwise what to answer for the batch read (undefined from it: pass through). */
  bulk: BulkRule | undefined;
  constructor(private readonly target: string) {}

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  reset(): void {
    this.requests = [];
    this.maxInFlight = 0;
    this.bulk = undefined;
  }
  count(kind: 'bulk' | 'single'): number {
    return this.requests.filter((r) => (kind === 'bulk' ? r === `POST ${BULK}` : r.startsWith('GET /api/query/v1/functions/template/'))).length;
  }
  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    this.requests.push(`${req.method} ${req.url}`);
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    const upstream = () => this.forward(req, body);
    try {
      const answer = req.url === BULK && this.bulk ? ((await this.bulk((JSON.parse(body.toString()) as { ids: string[] }).ids, upstream)) ?? (await upstream())) : await upstream();
      await new Promise((resolve) => setTimeout(resolve, 2)); // keep requests overlapping long enough to count them
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.body);
    } finally {
      this.inFlight -= 1;
    }
  }
  private forward(req: IncomingMessage, body: Buffer): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const up = request(`${this.target}${req.url}`, { method: req.method, headers: req.headers }, (r) => {
        const parts: Buffer[] = [];
        r.on('data', (c: Buffer) => parts.push(c));
        r.on('end', () => resolve({ status: r.statusCode ?? 0, body: Buffer.concat(parts).toString() }));
      });
      up.on('error', reject);
      up.end(body);
    });
  }
}

let h: Harness;
let proxy: Proxy;
const client = (overrides: Partial<ClientOptions> = {}): Client =>
  createClient({ baseUrl: proxy.url, developerToken: h.developerToken, retries: 0, timeoutMs: 10_000, ...overrides } as ClientOptions);
beforeAll(async () => {
  h = await startHarness({ fixtures: fixtures() });
  proxy = new Proxy(h.url);
  await proxy.start();
});
afterAll(async () => {
  await new Promise<void>((resolve) => proxy.server.close(() => resolve()));
  await h.close();
});
beforeEach(async () => {
  proxy.reset();
  await h.clearFaults();
});


const json = (status: number, body: unknown) => ({ status, body: JSON.stringify(body) });

describe('readCalculationsByIds (one call)', () => {
  it('answers the Calculations found, each as the single read answers it; unknown ids are left out', async () => {
    const c = client();
    const calcs = await c.readCalculationsByIds([10_005, 99_999, 10_001]);
    expect(calcs.map((x) => x.id)).toEqual([10_005, 10_001]);
    expect(calcs[0]).toEqual(await c.readCalculation(10_005));
    expect(proxy.count('bulk')).toBe(1);
  });

  it('sends the ids as strings of digits, as community tools do', async () => {
    let sent: unknown;
    proxy.bulk = async (ids) => {
      sent = ids;
      return undefined;
    };
    await client().readCalculationsByIds([10_002, 10_003]);
    expect(sent).toEqual(['10002', '10003']);
  });

  it('refuses, without a call, no ids, more than 1000 and ids that are not positive integers', async () => {
    const c = client();
    for (const ids of [[], Array.from({ length: 1001 }, (_, i) => i + 1), [1, 0], [1.5], [-3]]) {
      expect((await failure(c.readCalculationsByIds(ids))).kind).toBe('config');
    }
    expect(proxy.requests).toEqual([]);
  });

  it('an answer that is not an array of Calculations is a response error naming the field', async () => {
    proxy.bulk = async (ids) => json(200, ids.map((id) => ({ id: Number(id), name: 'summary only' })));
    const error = await failure(client().readCalculationsByIds([10_001]));
    expect(error).toMatchObject({ kind: 'response', operation: 'readCalculationsByIds' });
    expect(error.fieldErrors.map((f) => f.field)).toContain('0.expression');
  });

  it('is retried like a read (503), and a service without it is a 404 ServiceError', async () => {
    await h.inject({ operation: 'readCalculationsByIds', status: 503, count: 2 });
    expect((await client({ retries: 2 }).readCalculationsByIds([10_001])).map((x) => x.id)).toEqual([10_001]);
    await h.inject({ operation: 'readCalculationsByIds', status: 404, count: 1 });
    expect(await failure(client().readCalculationsByIds([10_001]))).toMatchObject({ kind: 'http', status: 404 });
  });
});

describe('readCalculations over the batch read', () => {
  it('reads 300 calculations in batches of 100 (three requests, no single read), in the order asked', async () => {
    const c = client();
    expect(c.batchReadSupport).toBe('untried');
    const ids = [...IDS].reverse();
    let done = 0;
    const calcs = await c.readCalculations(ids, { onProgress: (n, total) => (done = total === 300 ? n : -1) });
    expect(calcs.map((x) => x.id)).toEqual(ids);
    expect(done).toBe(300);
    expect(proxy.count('bulk')).toBe(3);
    expect(proxy.count('single')).toBe(0);
    expect(c.batchReadSupport).toBe('available');
  });

  it('keeps at most `concurrency` requests in flight, and reads each distinct id once', async () => {
    const calcs = await client().readCalculations([...IDS, ...IDS.slice(0, 50)], { batchSize: 10, concurrency: 3 });
    expect(calcs.length).toBe(350);
    expect(proxy.count('bulk')).toBe(30);
    expect(proxy.maxInFlight).toBeLessThanOrEqual(3);
    expect(proxy.maxInFlight).toBeGreaterThan(1);
  });

  it('reads the ids a batch leaves out on their own: an unknown id fails with the single read\'s 404', async () => {
    const c = client();
    const settled = await c.readCalculationsSettled([10_000, 99_999_999, 10_001], { concurrency: 2 });
    expect(settled.map((o) => [o.id, o.ok])).toEqual([[10_000, true], [99_999_999, false], [10_001, true]]);
    const missing = settled[1] as Extract<ReadOutcome, { ok: false }>;
    expect(missing.error).toMatchObject({ operation: 'readCalculation', status: 404, path: calculationPath(99_999_999) });
    expect(proxy.requests).toEqual([`POST ${BULK}`, `GET ${calculationPath(99_999_999)}`]);
    const thrown = await failure(c.readCalculations([10_000, 99_999_999]));
    expect(thrown).toMatchObject({ operation: 'readCalculation', status: 404 });
  });

  it('batch size 1 reads every calculation on its own', async () => {
    await client().readCalculations(IDS.slice(0, 5), { batchSize: 1 });
    expect(proxy.count('bulk')).toBe(0);
    expect(proxy.count('single')).toBe(5);
  });

  it('refuses a bad concurrency or batch size', async () => {
    expect((await failure(client().readCalculations(IDS, { concurrency: 0 }))).kind).toBe('config');
    expect((await failure(client().readCalculations(IDS, { batchSize: 1001 }))).kind).toBe('config');
  });
});

describe('a service without the batch read, or answering it otherwise: single reads', () => {
  for (const status of [404, 405, 501]) {
    it(`HTTP ${status}: every id is read on its own, and the batch read is not tried again by this client`, async () => {
      proxy.bulk = async () => json(status, { status, message: 'no such operation' });
      const c = client();
      const calcs = await c.readCalculations(IDS.slice(0, 250), { concurrency: 4 });
      expect(calcs.map((x) => x.id)).toEqual(IDS.slice(0, 250));
      expect(c.batchReadSupport).toBe('unavailable');
      expect(proxy.count('bulk')).toBeLessThanOrEqual(3); // those started before the first answer came
      expect(proxy.count('single')).toBe(250);
      proxy.requests = [];
      await c.readCalculations(IDS.slice(0, 20));
      expect(proxy.count('bulk')).toBe(0);
      expect(proxy.count('single')).toBe(20);
      // Another client tries again.
      proxy.bulk = undefined;
      await client().readCalculations(IDS.slice(0, 20));
      expect(proxy.count('bulk')).toBe(1);
    });
  }

  it('the emulator\'s fault injection stands for it too (a 404 with its own code)', async () => {
    await h.inject({ operation: 'readCalculationsByIds', status: 404, count: 5 });
    const c = client();
    expect((await c.readCalculations(IDS.slice(0, 200), { concurrency: 1 })).length).toBe(200);
    expect(c.batchReadSupport).toBe('unavailable');
    expect(proxy.count('bulk')).toBe(1);
  });

  const odd: Array<[string, BulkRule]> = [
    ['an object around the array', async (_ids, up) => json(200, { results: JSON.parse((await up()).body) })],
    ['summaries without formulas', async (ids) => json(200, ids.map((id) => ({ id: Number(id), name: 'x' })))],
    ['a Calculation without its checkSum', async (_ids, up) => json(200, (JSON.parse((await up()).body) as object[]).map(({ checkSum: _, ...rest }: any) => rest))], // eslint-disable-line @typescript-eslint/no-explicit-any
    ['a calculation not asked for', async (_ids, up) => json(200, (JSON.parse((await up()).body) as Array<{ id: number }>).map((c, i) => (i === 0 ? { ...c, id: 10_299 } : c)))],
    ['a calculation twice', async (_ids, up) => {
      const list = JSON.parse((await up()).body) as unknown[];
      return json(200, [...list, list[0]]);
    }],
    ['not JSON', async () => ({ status: 200, body: '<html>login</html>' })],
  ];
  for (const [what, rule] of odd) {
    it(`an answer with ${what}: single reads from then on`, async () => {
      proxy.bulk = rule;
      const c = client();
      const calcs = await c.readCalculations(IDS.slice(0, 10), { concurrency: 1 });
      expect(calcs.map((x) => x.id)).toEqual(IDS.slice(0, 10));
      expect(calcs.every((x) => x.checkSum.length === 40)).toBe(true);
      expect(c.batchReadSupport).toBe('unavailable');
      expect(proxy.count('bulk')).toBe(1);
      expect(proxy.count('single')).toBe(10);
    });
  }

  it('a refused batch (400, 403) is read on its own; the next batch is tried again', async () => {
    let n = 0;
    proxy.bulk = async () => (++n === 1 ? json(403, { status: 403, message: 'not allowed' }) : n === 2 ? json(400, { status: 400, message: 'bad' }) : undefined);
    const c = client();
    const calcs = await c.readCalculations(IDS.slice(0, 30), { batchSize: 10, concurrency: 1 });
    expect(calcs.length).toBe(30);
    expect(proxy.count('bulk')).toBe(3);
    expect(proxy.count('single')).toBe(20);
    expect(c.batchReadSupport).toBe('available');
  });

  it('logs the fallback once', async () => {
    proxy.bulk = async () => json(404, { status: 404, message: 'no' });
    const lines: string[] = [];
    await client({ logger: { info: (m) => lines.push(m) } }).readCalculations(IDS.slice(0, 250), { concurrency: 3 });
    expect(lines.filter((l) => l.includes('one at a time'))).toHaveLength(1);
  });
});

describe('failures of the batch read', () => {
  it('401: each id of the batch fails with it (no single reads)', async () => {
    const c = client({ developerToken: 'not-the-token' });
    const settled = await c.readCalculationsSettled(IDS.slice(0, 5));
    expect(settled.every((o) => !o.ok && o.error.status === 401 && o.error.operation === 'readCalculationsByIds')).toBe(true);
    expect(proxy.count('single')).toBe(0);
  });

  it('503 after the retries: each id of the batch fails; the first failure stops readCalculations', async () => {
    await h.inject({ operation: 'readCalculationsByIds', status: 503, count: 1 });
    const settled = await client().readCalculationsSettled(IDS.slice(0, 20), { batchSize: 10, concurrency: 1 });
    expect(settled.map((o) => o.ok)).toEqual([...Array(10).fill(false), ...Array(10).fill(true)]);
    await h.inject({ operation: 'readCalculationsByIds', status: 503, count: 1 });
    proxy.requests = [];
    const error = await failure(client().readCalculations(IDS.slice(0, 20), { batchSize: 10, concurrency: 1 }));
    expect(error).toMatchObject({ status: 503, operation: 'readCalculationsByIds' });
    expect(proxy.count('bulk')).toBe(1);
  });
});

describe('outcomes as they come, and abort', () => {
  it('hands each outcome on once, and waits for the handler before the slot takes more work', async () => {
    const seen: number[] = [];
    let running = 0;
    let maxRunning = 0;
    await client().readCalculationsSettled([...IDS.slice(0, 100), 99_999_999], {
      batchSize: 10,
      concurrency: 2,
      onOutcome: async (o) => {
        running += 1;
        maxRunning = Math.max(maxRunning, running);
        seen.push(o.id);
        await new Promise((resolve) => setTimeout(resolve, 1));
        running -= 1;
      },
    });
    expect(seen.sort()).toEqual([...IDS.slice(0, 100), 99_999_999].sort());
    expect(maxRunning).toBeLessThanOrEqual(2);
  });

  it('once aborted, no new request starts: the settled answer has the ids read, readCalculations throws', async () => {
    const controller = new AbortController();
    const settled = await client().readCalculationsSettled(IDS, {
      batchSize: 10,
      concurrency: 2,
      onOutcome: (o) => {
        if (o.id === IDS[0]) controller.abort();
      },
      signal: controller.signal,
    });
    expect(settled.length).toBeGreaterThanOrEqual(10);
    expect(settled.length).toBeLessThanOrEqual(20);
    expect(proxy.count('bulk')).toBeLessThanOrEqual(2);
    const again = new AbortController();
    again.abort();
    await expect(client().readCalculations(IDS, { signal: again.signal })).rejects.toThrow(/abort/i);
  });
});
