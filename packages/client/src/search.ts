// The search of calculations (COMMUNITY-DOCUMENTED, unverified against the real service: see @calckit/protocol's
// search.ts) and paging over it: every page in turn, until a short page or `hasMore: false`, never looping on a
// service that ignores `offset`.
import type { CalculationSummary, SearchCalculationsRequest, SearchFilter } from '@calckit/protocol';
import { CLIENT_ERROR_CODES, ServiceError } from './errors.js';

/** What to search for. Every given criterion must hold (AND); the ids of one list are alternatives (OR). */
export interface CalculationSearchQuery {
  /** A part of the name ('' or absent: every name). The emulator matches it case-insensitively. */
  readonly name?: string;
  /** Only calculations linked to one of these datasets (filter `dataset`). */
  readonly datasetIds?: readonly string[];
  /** Only calculations owned by one of these users (filter `owner`). */
  readonly ownerIds?: readonly (number | string)[];
  /** `exclude` (filter `notvariable`: formulas only), `only` (filter `variable`), or `include` (the default). */
  readonly variables?: 'include' | 'exclude' | 'only';
  /** Sort by name, ascending (the default) or descending. */
  readonly ascending?: boolean;
}

export interface SearchPageRequest {
  /** Results per page; default 500. */
  readonly limit?: number;
  /** How many results to skip; default 0. */
  readonly offset?: number;
}

export interface CalculationSearchPage {
  /** The calculations of this page, without their formulas. */
  readonly results: readonly CalculationSummary[];
  readonly offset: number;
  readonly limit: number;
  /** How many calculations match in all, when the service says. */
  readonly totalHits: number | undefined;
  /** Whether more pages follow, when the service says. */
  readonly hasMore: boolean | undefined;
}

export interface SearchAllOptions {
  /** Results per page; default 500. */
  readonly pageSize?: number;
  /** Called after each page with the number of results received so far and the total when known (progress). */
  readonly onPage?: (received: number, totalHits: number | undefined) => void;
  /** Stop with an error past this many pages (a service that never ends its list). Default 10 000. */
  readonly maxPages?: number;
}

export const DEFAULT_SEARCH_PAGE_SIZE = 500;

function configError(message: string): ServiceError {
  return new ServiceError({ operation: 'searchCalculations', kind: 'config', serviceMessage: message, hint: 'fix the search query' });
}

/** The wire body of one page (the shape community tools send). */
export function searchRequestBody(query: CalculationSearchQuery, page: SearchPageRequest = {}): SearchCalculationsRequest {
  const limit = page.limit ?? DEFAULT_SEARCH_PAGE_SIZE;
  const offset = page.offset ?? 0;
  if (!Number.isSafeInteger(limit) || limit < 1) throw configError(`limit must be a whole number ≥ 1 (got ${limit})`);
  if (!Number.isSafeInteger(offset) || offset < 0) throw configError(`offset must be a whole number ≥ 0 (got ${offset})`);
  const filters: SearchFilter[] = [];
  if (query.datasetIds !== undefined) {
    if (query.datasetIds.length === 0) throw configError('datasetIds is empty: give at least one dataset id, or leave it out');
    filters.push({ field: 'dataset', idList: [...query.datasetIds] });
  }
  if (query.ownerIds !== undefined) {
    if (query.ownerIds.length === 0) throw configError('ownerIds is empty: give at least one user id, or leave it out');
    filters.push({ field: 'owner', idList: [...query.ownerIds] });
  }
  const variables = query.variables ?? 'include';
  if (variables === 'exclude') filters.push({ field: 'notvariable' });
  else if (variables === 'only') filters.push({ field: 'variable' });
  else if (variables !== 'include') throw configError(`variables must be include, exclude or only (got ${String(variables)})`);
  return { name: query.name ?? '', filters, sort: { field: 'name', ascending: query.ascending ?? true }, limit, offset };
}

/**
 * Every page of a search, in order. Stops after a short page (fewer results than asked, or none), or after a page for
 * which the service says `hasMore: false` (a full last page then needs no empty page after it). Results already
 * received on an earlier page (a calculation renamed or added while paging shifts the others) are left out; a page
 * made only of such results means the service ignores `offset`: that is an error (`REPEATED_PAGE`), not an endless
 * loop. A calculation removed while paging can shift another one past us: compare with `totalHits` if it matters.
 */
export async function* pageThrough(
  fetchPage: (page: Required<SearchPageRequest>) => Promise<CalculationSearchPage>,
  options: SearchAllOptions = {},
): AsyncGenerator<CalculationSearchPage, void, undefined> {
  const pageSize = options.pageSize ?? DEFAULT_SEARCH_PAGE_SIZE;
  const maxPages = options.maxPages ?? 10_000;
  if (!Number.isSafeInteger(pageSize) || pageSize < 1) throw configError(`pageSize must be a whole number ≥ 1 (got ${pageSize})`);
  const seen = new Set<number>();
  let offset = 0;
  for (let pages = 1; ; pages++) {
    const page = await fetchPage({ limit: pageSize, offset });
    const fresh = page.results.filter((r) => !seen.has(r.id));
    if (page.results.length > 0 && fresh.length === 0) {
      throw new ServiceError({
        operation: 'searchCalculations',
        kind: 'response',
        code: CLIENT_ERROR_CODES.REPEATED_PAGE,
        serviceMessage: `the page at offset ${offset} holds only results already received: the service seems to ignore offset`,
        hint: 'paging stopped so as not to loop forever; try a larger page size, or report it with the service version',
      });
    }
    for (const r of fresh) seen.add(r.id);
    yield { ...page, results: fresh };
    options.onPage?.(seen.size, page.totalHits);
    if (page.results.length < pageSize || page.hasMore === false) return;
    if (pages >= maxPages) {
      throw new ServiceError({
        operation: 'searchCalculations',
        kind: 'response',
        serviceMessage: `the search did not end after ${maxPages} pages of ${pageSize}`,
        hint: 'narrow the search (a dataset filter), or raise maxPages',
      });
    }
    // A service that sends more than asked ignores limit: continue after what was received.
    offset += page.results.length;
  }
}
