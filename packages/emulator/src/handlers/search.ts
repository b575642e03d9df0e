// Search of calculations (POST /api/query/v1/functions/search). COMMUNITY-DOCUMENTED, unverified against the real
// service (see @calckit/protocol's search.ts for what comes from community tools). The request checks, the limit cap,
// the name matching and the sort order below are the emulator's choices, documented in the package README.
import {
  SEARCH_FILTER_FIELDS,
  SearchCalculationsRequestSchema,
  checkWire,
  type CalculationSummary,
  type FieldError,
  type SearchCalculationsResponse,
  type SearchFilter,
} from '@calckit/protocol';
import { validationError } from '../api-error.js';
import type { OperationHandler } from '../context.js';
import { calculationLinks } from '../calculation-view.js';
import type { CalculationRecord } from '../model.js';
import type { CalculationQuery } from '../storage.js';

/** Largest page the emulator answers (community tools ask for up to 5000). */
export const MAX_SEARCH_LIMIT = 5000;
const MAX_OFFSET = 1_000_000_000;
const MAX_NAME_LENGTH = 1000;
const MAX_FILTERS = 50;
const MAX_IDS = 1000;
const DATASET_ID = /^[A-Za-z0-9._-]{1,128}$/;

function summary(c: CalculationRecord): CalculationSummary {
  return {
    id: c.id,
    name: c.name,
    owner: c.owner,
    locked: c.locked,
    global: c.global,
    archived: c.archived,
    hidden: c.hidden,
    variable: c.variable,
    legacyId: c.legacyId,
    created: c.created,
    lastModified: c.lastModified,
    status: c.analysis.status,
    dataType: c.analysis.dataType,
    links: calculationLinks(c),
  };
}

/** Checks one filter and adds it to the query; returns its problems. */
function addFilter(filter: SearchFilter, at: string, query: { datasetIdLists: string[][]; ownerIdLists: number[][]; variableIs: boolean[] }): FieldError[] {
  const errors: FieldError[] = [];
  const ids = filter.idList ?? [];
  switch (filter.field) {
    case 'dataset':
    case 'owner': {
      if (ids.length === 0) return [{ field: `${at}.idList`, message: `the ${filter.field} filter needs a non-empty idList` }];
      if (ids.length > MAX_IDS) return [{ field: `${at}.idList`, message: `at most ${MAX_IDS} ids` }];
      if (filter.field === 'dataset') {
        ids.forEach((id, i) => {
          if (typeof id !== 'string' || !DATASET_ID.test(id)) errors.push({ field: `${at}.idList.${i}`, message: 'a dataset id (letters, digits, . _ -; 1-128)' });
        });
        if (errors.length === 0) query.datasetIdLists.push(ids as string[]);
      } else {
        const owners: number[] = [];
        ids.forEach((id, i) => {
          const n = typeof id === 'number' ? id : /^\d{1,15}$/.test(id) ? Number(id) : NaN;
          if (!Number.isSafeInteger(n) || n < 0) errors.push({ field: `${at}.idList.${i}`, message: 'a user id (an integer, or a string of digits)' });
          else owners.push(n);
        });
        if (errors.length === 0) query.ownerIdLists.push(owners);
      }
      return errors;
    }
    case 'notvariable':
    case 'variable':
      if (ids.length > 0) return [{ field: `${at}.idList`, message: `the ${filter.field} filter takes no ids` }];
      query.variableIs.push(filter.field === 'variable');
      return [];
    default:
      return [{ field: `${at}.field`, message: `unknown filter field ${JSON.stringify(filter.field.slice(0, 40))}; the emulator knows ${SEARCH_FILTER_FIELDS.join(', ')}` }];
  }
}

export const searchCalculations: OperationHandler = (ctx, req) => {
  const checked = checkWire(SearchCalculationsRequestSchema, req.body);
  if (!checked.ok) throw validationError('request body must be { name?, filters?, sort?, limit, offset }', checked.errors);
  const body = checked.value;
  const errors: FieldError[] = [];
  if (body.limit < 1 || body.limit > MAX_SEARCH_LIMIT) errors.push({ field: 'limit', message: `an integer 1-${MAX_SEARCH_LIMIT}; got ${body.limit}` });
  if (body.offset < 0 || body.offset > MAX_OFFSET) errors.push({ field: 'offset', message: `an integer 0-${MAX_OFFSET}; got ${body.offset}` });
  const name = body.name ?? '';
  if (name.length > MAX_NAME_LENGTH) errors.push({ field: 'name', message: `at most ${MAX_NAME_LENGTH} characters` });
  const filters = body.filters ?? [];
  const parts = { datasetIdLists: [] as string[][], ownerIdLists: [] as number[][], variableIs: [] as boolean[] };
  if (filters.length > MAX_FILTERS) errors.push({ field: 'filters', message: `at most ${MAX_FILTERS} filters` });
  else filters.forEach((filter, i) => errors.push(...addFilter(filter, `filters.${i}`, parts)));
  if (body.sort !== undefined && body.sort.field !== 'name') {
    errors.push({ field: 'sort.field', message: `the emulator sorts by "name" only; got ${JSON.stringify(body.sort.field.slice(0, 40))}` });
  }
  if (errors.length > 0) throw validationError(`the search has ${errors.length} problem${errors.length === 1 ? '' : 's'}`, errors);

  const query: CalculationQuery = {
    nameContains: name,
    ...parts,
    ascending: body.sort?.ascending ?? true,
    limit: body.limit,
    offset: body.offset,
  };
  const { total, calculations } = ctx.storage.searchCalculations(query);
  const response: SearchCalculationsResponse = {
    results: calculations.map(summary),
    totalHits: total,
    hasMore: body.offset + calculations.length < total,
  };
  return response;
};
