// Unit tests of the search request body, paging (short page, repeated page, a service ignoring limit) and the
// bounded-concurrency reads, over fake pages and reads.
import { describe, expect, it } from 'vitest';
import type { Calculation, CalculationSummary } from '@calckit/protocol';
import { ServiceError } from './errors.js';
import { readMany, type ReadManyDeps } from './read-many.js';
import { pageThrough, searchRequestBody, type CalculationSearchPage } from './search.js';

const summaries = (from: number, count: number): CalculationSummary[] =>
  Array.from({ length: count }, (_, i) => ({ id: from + i, name: `c${from + i}` }));

/** A service holding `total` calculations that honours (or not) offset and limit. */
function fakeService(total: number, behaviour: { ignoreOffset?: boolean; ignoreLimit?: boolean } = {}) {
  const calls: Array<{ limit: number; offset: number }> = [];
  const all = summaries(1, total);
  const fetchPage = async (page: { limit: number; offset: number }): Promise<CalculationSearchPage> => {
    calls.push(page);
    const offset = behaviour.ignoreOffset ? 0 : page.offset;
    const results = behaviour.ignoreLimit ? all.slice(offset) : all.slice(offset, offset + page.limit);
    return { results, offset: page.offset, limit: page.limit, totalHits: total, hasMore: undefined };
  };
  return { calls, fetchPage };
}

async function collect(pages: AsyncIterable<CalculationSearchPage>): Promise<number[]> {
  const ids: number[] = [];
  for await (const p of pages) ids.push(...p.results.map((r) => r.id));
  return ids;
}

describe('searchRequestBody', () => {
  it('builds the body community tools send', () => {
    expect(searchRequestBody({ datasetIds: ['ds'], variables: 'exclude' }, { limit: 100, offset: 200 })).toEqual({
      name: '',
      filters: [{ field: 'dataset', idList: ['ds'] }, { field: 'notvariable' }],
      sort: { field: 'name', ascending: true },
      limit: 100,
      offset: 200,
    });
    expect(searchRequestBody({ name: 'x', ownerIds: [7], variables: 'only', ascending: false }).filters).toEqual([
      { field: 'owner', idList: [7] },
      { field: 'variable' },
    ]);
    expect(searchRequestBody({})).toMatchObject({ limit: 500, offset: 0, filters: [] });
  });
  it('refuses an empty id list and bad paging before sending', () => {
    for (const bad of [() => searchRequestBody({ datasetIds: [] }), () => searchRequestBody({}, { limit: 0 }), () => searchRequestBody({}, { offset: -1 })]) {
      expect(bad).toThrow(ServiceError);
      try {
        bad();
      } catch (error) {
        expect((error as ServiceError).kind).toBe('config');
      }
    }
  });
});

describe('pageThrough', () => {
  it('reads every page and stops after a short one', async () => {
    const s = fakeService(23);
    expect(await collect(pageThrough(s.fetchPage, { pageSize: 5 }))).toEqual(summaries(1, 23).map((r) => r.id));
    expect(s.calls.map((c) => c.offset)).toEqual([0, 5, 10, 15, 20]);
  });
  it('a total that is a multiple of the page size ends with an empty page', async () => {
    const s = fakeService(10);
    expect((await collect(pageThrough(s.fetchPage, { pageSize: 5 }))).length).toBe(10);
    expect(s.calls.length).toBe(3);
  });
  it('stops after a full page the service says is the last (hasMore: false), without asking for an empty one', async () => {
    const s = fakeService(10);
    const withHasMore = async (p: { limit: number; offset: number }) => {
      const page = await s.fetchPage(p);
      return { ...page, hasMore: p.offset + page.results.length < 10 };
    };
    expect((await collect(pageThrough(withHasMore, { pageSize: 5 }))).length).toBe(10);
    expect(s.calls.length).toBe(2);
  });
  it('a service that ignores offset is an error, not an endless loop', async () => {
    const s = fakeService(50, { ignoreOffset: true });
    const error = await collect(pageThrough(s.fetchPage, { pageSize: 10 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).code).toBe('REPEATED_PAGE');
    expect(s.calls.length).toBe(2);
  });
  it('a service that ignores limit: continues after what it received', async () => {
    const s = fakeService(12, { ignoreLimit: true });
    expect(await collect(pageThrough(s.fetchPage, { pageSize: 5 }))).toEqual(summaries(1, 12).map((r) => r.id));
    expect(s.calls.map((c) => c.offset)).toEqual([0, 12]);
  });
  it('drops results already received (a list that shifted while paging)', async () => {
    let call = 0;
    const pages = [summaries(1, 3), [...summaries(3, 1), ...summaries(4, 2)], summaries(6, 1)];
    const ids = await collect(
      pageThrough(async (p) => ({ results: pages[call++]!, offset: p.offset, limit: p.limit, totalHits: undefined, hasMore: undefined }), { pageSize: 3 }),
    );
    expect(ids).toEqual([1, 2, 3, 4, 5, 6]);
  });
  it('stops with an error past maxPages, and reports progress', async () => {
    const progress: number[] = [];
    const s = fakeService(100);
    const error = await collect(pageThrough(s.fetchPage, { pageSize: 10, maxPages: 3, onPage: (n) => progress.push(n) })).catch((e: unknown) => e);
    expect((error as ServiceError).serviceMessage).toMatch(/did not end after 3 pages/);
    expect(progress).toEqual([10, 20, 30]);
  });
});

describe('readMany', () => {
  const calc = (id: number) => ({ id }) as unknown as Calculation;
  /** Single reads only (a service without the batch read). */
  const single = (readOne: (id: number) => Promise<Calculation>): ReadManyDeps => ({
    readOne,
    readBatch: async () => {
      throw new ServiceError({ operation: 'readCalculationsByIds', kind: 'http', status: 404, serviceMessage: 'no such path', hint: '' });
    },
    support: { value: 'unavailable' },
    logger: {},
  });
  it('keeps at most `concurrency` reads in flight, answers in the order asked, reads each id once', async () => {
    let inFlight = 0;
    let peak = 0;
    const reads: number[] = [];
    const read = async (id: number) => {
      reads.push(id);
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, 5 + (id % 3)));
      inFlight -= 1;
      return calc(id);
    };
    const ids = [...Array.from({ length: 40 }, (_, i) => 40 - i), 7];
    const outcomes = await readMany(single(read), ids, { concurrency: 6 }, true);
    expect(peak).toBe(6);
    expect(outcomes.map((o) => o.id)).toEqual(ids);
    expect(reads.length).toBe(40);
  });
  it('fail-fast: stops starting reads after a failure and throws it; settled: every outcome', async () => {
    const failing = async (id: number) => {
      await new Promise((r) => setTimeout(r, 2));
      if (id === 3) throw new ServiceError({ operation: 'readCalculation', kind: 'http', status: 404, serviceMessage: 'nope', hint: '' });
      return calc(id);
    };
    const started: number[] = [];
    const tracked = async (id: number) => {
      started.push(id);
      return failing(id);
    };
    const ids = Array.from({ length: 20 }, (_, i) => i + 1);
    await expect(readMany(single(tracked), ids, { concurrency: 2 }, true)).rejects.toMatchObject({ status: 404 });
    expect(started.length).toBeLessThan(6);
    const settled = await readMany(single(failing), ids, { concurrency: 4 }, false);
    expect(settled.filter((o) => !o.ok).map((o) => o.id)).toEqual([3]);
    expect(settled.length).toBe(20);
  });
  it('batches: ids in batches of batchSize, the ids an answer leaves out read on their own, the answer in the order asked', async () => {
    const batches: number[][] = [];
    const singles: number[] = [];
    const deps: ReadManyDeps = {
      readOne: async (id) => {
        singles.push(id);
        return calc(id);
      },
      readBatch: async (ids) => {
        batches.push([...ids]);
        return ids.filter((id) => id % 10 !== 0).reverse().map(calc);
      },
      support: { value: 'untried' },
      logger: {},
    };
    const ids = Array.from({ length: 25 }, (_, i) => 25 - i);
    const outcomes = await readMany(deps, [...ids, 0, -1], { batchSize: 10, concurrency: 2 }, false);
    expect(batches).toEqual([ids.slice(0, 10), ids.slice(10, 20), ids.slice(20)]);
    expect(singles.sort((a, b) => a - b)).toEqual([-1, 0, 10, 20]);
    expect(outcomes.map((o) => o.id)).toEqual([...ids, 0, -1]);
    expect(deps.support.value).toBe('available');
  });
  it('refuses a bad concurrency', async () => {
    await expect(readMany(single(async (id) => calc(id)), [1], { concurrency: 0 }, true)).rejects.toMatchObject({ kind: 'config' });
  });
});
