// The client's search of calculations (community-documented operation) and its many-reads helper, against the
// running emulator over loopback: paging over more than a page, filters, refusals, auth, retries, repeated pages.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type Client } from '@calckit/client';
import { failure, type Harness, startHarness } from './harness.js';

const NAMES = ['Margin / unit', '../escape', 'Écart', 'ecart', 'Dup', 'Dup', 'CON', 'a..b', '   spaced   '];
/** 1,200 calculations: 1,000 on `big` (every 10th a variable, odd names among them), 200 on `small`. */
function fixtures(): string {
  const calculations = Array.from({ length: 1200 }, (_, i) => {
    const id = 10_000 + i;
    const dataset = i < 1000 ? 'big' : 'small';
    const name = i < NAMES.length ? NAMES[i]! : `Calc ${String(i).padStart(4, '0')}`;
    return { id, name, owner: i % 2 === 0 ? 1 : 2, expression: `${i} + 1`, locked: false, datasetId: dataset, variable: i < 1000 && i % 10 === 9 };
  });
  const dir = mkdtempSync(join(tmpdir(), 'calckit-search-'));
  const file = join(dir, 'fixtures.json');
  writeFileSync(file, JSON.stringify({ datasets: [{ id: 'big', name: 'Big' }, { id: 'small', name: 'Small' }], calculations }));
  return file;
}

let h: Harness;
let client: Client;
beforeAll(async () => {
  h = await startHarness({ fixtures: fixtures() });
  client = h.client();
});
afterAll(async () => {
  await h.close();
});


describe('searchCalculations (one page)', () => {
  it('answers a page with totals and no formulas', async () => {
    const page = await client.searchCalculations({ datasetIds: ['small'] }, { limit: 50, offset: 0 });
    expect(page.results.length).toBe(50);
    expect(page).toMatchObject({ offset: 0, limit: 50, totalHits: 200, hasMore: true });
    expect(page.results[0]).not.toHaveProperty('expression');
    expect(page.results[0]!.links).toEqual([{ resource: { type: 'DATA_SOURCE', id: 'small' }, visible: true, active: true, valid: 'VALID' }]);
  });

  it('filters: dataset, owner, variables, name', async () => {
    const formulas = await client.searchCalculations({ datasetIds: ['big'], variables: 'exclude' }, { limit: 5000 });
    expect(formulas.results.length).toBe(900);
    expect(formulas.results.every((r) => r.variable === false)).toBe(true);
    expect((await client.searchCalculations({ datasetIds: ['big'], variables: 'only' }, { limit: 5000 })).results.length).toBe(100);
    expect((await client.searchCalculations({ datasetIds: ['small'], ownerIds: [2] }, { limit: 5000 })).totalHits).toBe(100);
    expect((await client.searchCalculations({ name: 'dup' })).results.map((r) => r.name)).toEqual(['Dup', 'Dup']);
    expect((await client.searchCalculations({ name: '/' })).results.map((r) => r.name)).toEqual(['../escape', 'Margin / unit']);
  });

  it('a refused request is a 400 ServiceError naming the fields', async () => {
    const error = await failure(client.searchCalculations({}, { limit: 6000 }));
    expect(error).toMatchObject({ kind: 'http', status: 400, operation: 'searchCalculations' });
    expect(error.fieldErrors.map((f) => f.field)).toEqual(['limit']);
    const unknownDataset = await failure(client.searchCalculations({ datasetIds: ['bad/id'] }));
    expect(unknownDataset.fieldErrors.map((f) => f.field)).toEqual(['filters.0.idList.0']);
    expect((await failure(client.searchCalculations({ datasetIds: [] }))).kind).toBe('config');
  });

  it('401 without the right token (and the token is not in the error); no token at all is a config error', async () => {
    const error = await failure(h.client({ developerToken: 'wrong-token-for-search' }).searchCalculations({}));
    expect(error.status).toBe(401);
    expect(JSON.stringify(error.toJSON()) + error.message).not.toContain('wrong-token-for-search');
    expect((await failure(createClient({ baseUrl: h.url }).searchCalculations({}))).kind).toBe('config');
  });

  it('is retried like a read (503 without Retry-After included)', async () => {
    await h.inject({ operation: 'searchCalculations', status: 503, count: 2 });
    const page = await h.client({ retries: 2 }).searchCalculations({ datasetIds: ['small'] }, { limit: 10 });
    expect(page.results.length).toBe(10);
  });
});

describe('searchAllCalculations and searchCalculationPages (every page)', () => {
  it('pages through more than a page: every calculation once, in the service order', async () => {
    const one = await client.searchCalculations({ datasetIds: ['big'], variables: 'exclude' }, { limit: 5000 });
    const progress: Array<[number, number | undefined]> = [];
    const all = await client.searchAllCalculations({ datasetIds: ['big'], variables: 'exclude' }, { pageSize: 64, onPage: (n, t) => progress.push([n, t]) });
    expect(all.map((r) => r.id)).toEqual(one.results.map((r) => r.id));
    expect(new Set(all.map((r) => r.id)).size).toBe(900);
    expect(progress.length).toBe(Math.ceil(900 / 64));
    expect(progress.at(-1)).toEqual([900, 900]);
  });

  it('the default page size (500) over 1,200 calculations', async () => {
    let pages = 0;
    const ids: number[] = [];
    for await (const page of client.searchCalculationPages({})) {
      pages += 1;
      ids.push(...page.results.map((r) => r.id));
    }
    expect(pages).toBe(3);
    expect(new Set(ids).size).toBe(1200);
  });

  it('a page size that divides the total exactly: every result (the emulator\'s hasMore: false ends it)', async () => {
    const all = await client.searchAllCalculations({ datasetIds: ['small'] }, { pageSize: 100 });
    expect(all.length).toBe(200);
  });
});

describe('readCalculations', () => {
  it('reads many calculations, 8 at a time by default, in the order asked', async () => {
    const listed = await client.searchAllCalculations({ datasetIds: ['small'] }, { pageSize: 200 });
    const ids = listed.map((r) => r.id).reverse();
    let done = 0;
    const calcs = await client.readCalculations(ids, { onProgress: (n) => (done = n) });
    expect(calcs.map((c) => c.id)).toEqual(ids);
    expect(done).toBe(200);
    expect(calcs.every((c) => typeof c.expression === 'string' && c.checkSum.length === 40)).toBe(true);
  });

  it('fails with the first failure; the settled form reports each id', async () => {
    const error = await failure(client.readCalculations([10_000, 99_999_999, 10_001], { concurrency: 2 }));
    expect(error.status).toBe(404);
    const settled = await client.readCalculationsSettled([10_000, 99_999_999, 10_001], { concurrency: 2 });
    expect(settled.map((o) => [o.id, o.ok])).toEqual([[10_000, true], [99_999_999, false], [10_001, true]]);
  });
});

describe('a service that ignores offset (a stand-in server)', () => {
  let server: Server;
  let url: string;
  let calls = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      calls += 1;
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ results: Array.from({ length: 10 }, (_, i) => ({ id: i + 1, name: `n${i}` })), totalHits: 100 }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('stops with REPEATED_PAGE after the second page instead of looping', async () => {
    const c = createClient({ baseUrl: url, developerToken: 'some-dev-token', retries: 0 });
    const error = await failure(c.searchAllCalculations({}, { pageSize: 10 }));
    expect(error.code).toBe('REPEATED_PAGE');
    expect(calls).toBe(2);
  });
});
