// The typed client: one function per operation of the service (seed section 4) plus the read of a calculation.
import {
  CalculationSchema,
  FunctionExecutionSchema,
  LockedCalculationSchema,
  MAX_CALCULATIONS_BY_IDS,
  ReadCalculationsByIdsResponseSchema,
  ReadDatasetSchemaResponseSchema,
  ReportScheduleResponseSchema,
  SearchCalculationsResponseSchema,
  calculationPath,
  calculationSearchPath,
  calculationsByIdsPath,
  datasetSchemaPath,
  datasetSchemaReadPath,
  functionPath,
  normaliseSchemaColumns,
  reportSchedulesPath,
  type Calculation,
  type CalculationSummary,
  type DatasetSchemaColumn,
  type FunctionExecution,
  type LockedCalculation,
  type ReportScheduleRequest,
  type ReportScheduleResponse,
} from '@calckit/protocol';
import { CLIENT_ERROR_CODES, ServiceError } from './errors.js';
import { resolveOptions, type ClientOptions, type ResolvedOptions } from './options.js';
import { readMany, type BatchReadSupport, type ReadManyDeps, type ReadManyOptions, type ReadOutcome } from './read-many.js';
import {
  pageThrough,
  searchRequestBody,
  type CalculationSearchPage,
  type CalculationSearchQuery,
  type SearchAllOptions,
  type SearchPageRequest,
} from './search.js';
import { call, type RetryDecision } from './transport.js';

export interface UpdateFormulaOptions {
  /** `strict=true` asks the service to refuse a formula with errors instead of storing it as INVALID. Default false. */
  readonly strict?: boolean;
  /**
   * The checkSum the calculation had when the caller last read it, before this update. It makes a retry safe: before
   * any retry the client re-reads the calculation; it stops with success if the formula is already stored, and
   * retries only if the checkSum is still this one. Without it an update is never sent twice: the client cannot
   * tell a change made meanwhile by someone else from none.
   */
  readonly previousCheckSum?: string;
}

export interface RunFunctionOptions {
  readonly inputVariables?: Readonly<Record<string, unknown>>;
  readonly getLogs?: boolean;
}

export interface Client {
  readonly baseUrl: string;
  readonly serviceName: string;
  /** GET of the calculation path: the stored Calculation. */
  readCalculation(id: number): Promise<Calculation>;
  /** 4.1 — replaces the formula; the answer is the Calculation as stored. */
  updateFormula(id: number, expression: string, options?: UpdateFormulaOptions): Promise<Calculation>;
  /** 4.2 — sets the lock flag; the answer omits nonAggregatedColumns and functionTemplateDependencies. */
  setLocked(id: number, locked: boolean): Promise<LockedCalculation>;
  lock(id: number): Promise<LockedCalculation>;
  unlock(id: number): Promise<LockedCalculation>;
  /** 4.3 — runs a code function of a package version. */
  runFunction(packageId: string, version: string, functionName: string, options?: RunFunctionOptions): Promise<FunctionExecution>;
  /** 4.4 — replaces a dataset's columns (session token). The service's answer body is not documented and is ignored. */
  setDatasetSchema(datasetId: string, columns: readonly DatasetSchemaColumn[]): Promise<void>;
  /**
   * A dataset's columns, hidden ones included (community-documented operation, unverified against the real service:
   * `GET …/datasources/{datasetId}/schema/indexed?includeHidden=true`, developer token). Normalised: `id` defaults to
   * the name, `visible` to true, `order` to the column's index; `type` is the service's string as given. An unknown
   * dataset is a ServiceError with status 404. Retried like a read.
   */
  readDatasetSchema(datasetId: string): Promise<DatasetSchemaColumn[]>;
  /** 4.5 — creates a report schedule. */
  createReportSchedule(request: ReportScheduleRequest): Promise<ReportScheduleResponse>;
  /**
   * One page of the search of calculations (community-documented operation, unverified against the real service):
   * ids, names, links, `variable`, but no formulas. Retried like a read.
   */
  searchCalculations(query: CalculationSearchQuery, page?: SearchPageRequest): Promise<CalculationSearchPage>;
  /** Every page of a search, in order (see `pageThrough`: stops on a short page, refuses a repeated page). */
  searchCalculationPages(query: CalculationSearchQuery, options?: SearchAllOptions): AsyncGenerator<CalculationSearchPage, void, undefined>;
  /** Every result of a search, all pages read. */
  searchAllCalculations(query: CalculationSearchQuery, options?: SearchAllOptions): Promise<CalculationSummary[]>;
  /**
   * One call of the read of several calculations (community-documented operation, unverified against the real
   * service): `POST …/functions/list/id` with `{"ids":[…]}`, 1 to 1000 ids. The answer is the Calculations the
   * service gave, each validated, in its order; ids it left out (unknown ones, in the emulator) are not in it.
   * A service without the operation answers 404 (a ServiceError). Retried like a read. `readCalculations` uses it.
   */
  readCalculationsByIds(ids: readonly number[]): Promise<Calculation[]>;
  /**
   * Reads many calculations: in batches of `batchSize` (100) ids through `readCalculationsByIds`, at most
   * `concurrency` (8) requests at once, and one at a time with `readCalculation` for ids a batch's answer leaves out,
   * or for all of them on a service without the batch read (see `batchReadSupport`). The answer is in the order of
   * `ids`. The first failure stops new reads and is thrown once the reads in flight end.
   */
  readCalculations(ids: readonly number[], options?: ReadManyOptions): Promise<Calculation[]>;
  /**
   * As `readCalculations`, but every id is tried and each id's outcome returned (for "N of M failed" reports), also
   * handed to `onOutcome` as soon as it is known. Ids not read because `signal` aborted have no outcome.
   */
  readCalculationsSettled(ids: readonly number[], options?: ReadManyOptions): Promise<ReadOutcome[]>;
  /**
   * Whether `readCalculations` uses the batch read: `untried`, `available`, or `unavailable` (the service answered
   * 404, 405 or 501 to it, or answered something else than Calculations asked for: every calculation is then read on
   * its own, for the rest of this client's life).
   */
  readonly batchReadSupport: BatchReadSupport;
}

export function createClient(options: ClientOptions): Client {
  const resolved: ResolvedOptions = resolveOptions(options);
  const calcId = (operation: 'readCalculation' | 'readCalculationsByIds' | 'updateFormula' | 'lockCalculation', id: number): number => {
    if (!Number.isSafeInteger(id) || id <= 0) {
      throw new ServiceError({ operation, kind: 'config', serviceMessage: `calculation id ${String(id)} is not a positive integer`, hint: 'give the numeric id from the service' });
    }
    return id;
  };
  // Every method is async so that even a bad argument is a rejected promise, never a synchronous throw.
  const setLocked = async (id: number, locked: boolean): Promise<LockedCalculation> =>
    call(resolved, {
      operation: 'lockCalculation',
      path: calculationPath(calcId('lockCalculation', id)),
      body: { locked },
      response: LockedCalculationSchema,
    });
  const readCalculation = async (id: number): Promise<Calculation> =>
    call(resolved, { operation: 'readCalculation', path: calculationPath(calcId('readCalculation', id)), response: CalculationSchema });
  const searchCalculations = async (query: CalculationSearchQuery, page: SearchPageRequest = {}): Promise<CalculationSearchPage> => {
    const body = searchRequestBody(query, page);
    const answer = await call(resolved, { operation: 'searchCalculations', path: calculationSearchPath(), body, response: SearchCalculationsResponseSchema });
    return { results: answer.results, offset: body.offset, limit: body.limit, totalHits: answer.totalHits, hasMore: answer.hasMore };
  };
  const searchCalculationPages = (query: CalculationSearchQuery, options: SearchAllOptions = {}) =>
    pageThrough((page) => searchCalculations(query, page), options);
  const readCalculationsByIds = async (ids: readonly number[]): Promise<Calculation[]> => {
    if (ids.length === 0 || ids.length > MAX_CALCULATIONS_BY_IDS) {
      throw new ServiceError({ operation: 'readCalculationsByIds', kind: 'config', serviceMessage: `give 1 to ${MAX_CALCULATIONS_BY_IDS} ids (got ${ids.length})`, hint: 'split the ids into batches' });
    }
    for (const id of ids) calcId('readCalculationsByIds', id);
    // Ids as strings of digits, as community tools send them.
    return call(resolved, { operation: 'readCalculationsByIds', path: calculationsByIdsPath(), body: { ids: ids.map(String) }, response: ReadCalculationsByIdsResponseSchema });
  };
  const support = { value: 'untried' as BatchReadSupport };
  const many: ReadManyDeps = { readOne: readCalculation, readBatch: readCalculationsByIds, support, logger: resolved.logger };
  return {
    baseUrl: `${resolved.baseUrl.origin}${resolved.basePath}`,
    serviceName: resolved.serviceName,
    readCalculation,
    updateFormula: async (id, expression, opts = {}) =>
      call(resolved, {
        operation: 'updateFormula',
        path: calculationPath(calcId('updateFormula', id)),
        query: { strict: String(opts.strict ?? false) },
        body: { expression },
        response: CalculationSchema,
        beforeRetry: (failure) => judgeUpdateRetry(resolved, readCalculation, id, expression, opts.previousCheckSum, failure),
      }),
    setLocked,
    lock: (id) => setLocked(id, true),
    unlock: (id) => setLocked(id, false),
    runFunction: async (packageId, version, functionName, opts = {}) =>
      call(resolved, {
        operation: 'runFunction',
        path: functionPath(packageId, version, functionName),
        body: {
          ...(opts.inputVariables !== undefined ? { inputVariables: opts.inputVariables } : {}),
          settings: { getLogs: opts.getLogs ?? false },
        },
        response: FunctionExecutionSchema,
      }),
    setDatasetSchema: async (datasetId, columns) => {
      await call(resolved, { operation: 'setDatasetSchema', path: datasetSchemaPath(datasetId), body: { columns }, response: undefined });
    },
    readDatasetSchema: async (datasetId) => {
      if (typeof datasetId !== 'string' || datasetId.trim() === '') {
        throw new ServiceError({ operation: 'readDatasetSchema', kind: 'config', serviceMessage: `dataset id ${JSON.stringify(datasetId)} is empty`, hint: 'give the dataset id from the service' });
      }
      const answer = await call(resolved, {
        operation: 'readDatasetSchema',
        path: datasetSchemaReadPath(datasetId),
        query: { includeHidden: 'true' },
        response: ReadDatasetSchemaResponseSchema,
      });
      return normaliseSchemaColumns(answer);
    },
    createReportSchedule: async (request) =>
      call(resolved, { operation: 'createReportSchedule', path: reportSchedulesPath(), body: request, response: ReportScheduleResponseSchema }),
    searchCalculations,
    searchCalculationPages,
    searchAllCalculations: async (query, options = {}) => {
      const all: CalculationSummary[] = [];
      for await (const page of searchCalculationPages(query, options)) all.push(...page.results);
      return all;
    },
    readCalculationsByIds,
    readCalculations: async (ids, options = {}) => {
      const outcomes = await readMany(many, ids, options, true);
      if (outcomes.length < ids.length) options.signal?.throwIfAborted(); // stopped before every id was read
      return outcomes.map((o) => (o as Extract<ReadOutcome, { ok: true }>).calculation);
    },
    readCalculationsSettled: async (ids, options = {}) => readMany(many, ids, options, false),
    get batchReadSupport() {
      return support.value;
    },
  };
}

/**
 * Before an update is retried (the policy allows it only when the service said it did not process the call: 429 or
 * 503 with Retry-After, or a refused connection), the calculation is read again, because a service can answer 503
 * after all and have stored the formula, and someone else may have written it since:
 * - the remote holds our expression: the update is done; its Calculation is the answer (nothing is sent again);
 * - the remote changed since before the update (its checkSum is not `previousCheckSum`): stop, `REMOTE_CHANGED`;
 * - no `previousCheckSum`, or the re-read failed: stop, `RETRY_UNSAFE` (we cannot tell whether it changed);
 * - otherwise (unchanged): retry.
 */
async function judgeUpdateRetry(
  options: ResolvedOptions,
  read: (id: number) => Promise<Calculation>,
  id: number,
  expression: string,
  previousCheckSum: string | undefined,
  failure: ServiceError,
): Promise<RetryDecision<Calculation>> {
  // Whether the failed attempt reached the service (it may then have stored the formula).
  const reached = failure.kind === 'http' || failure.kind === 'timeout';
  const stop = (code: string, why: string, hint: string, outcomeUnknown: boolean): RetryDecision<Calculation> => ({
    action: 'throw',
    error: new ServiceError({
      operation: 'updateFormula',
      kind: failure.kind,
      status: failure.status,
      code,
      serviceMessage: `${failure.serviceMessage}; not retried: ${why}`,
      hint,
      fieldErrors: failure.fieldErrors,
      ...(failure.method !== undefined ? { method: failure.method } : {}),
      ...(failure.path !== undefined ? { path: failure.path } : {}),
      attempts: failure.attempts,
      outcomeUnknown,
    }),
  });
  let remote: Calculation;
  try {
    remote = await read(id);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return stop(
      CLIENT_ERROR_CODES.RETRY_UNSAFE,
      `re-reading calculation ${id} before retrying failed (${error.status !== undefined ? `HTTP ${error.status}` : error.kind}: ${error.serviceMessage})`,
      reached ? `the formula may or may not have been stored: run \`calckit status\` before pushing again` : failure.hint,
      reached,
    );
  }
  if (remote.expression === expression) {
    options.logger.info?.(`updateFormula: calculation ${id} already holds the formula (the service stored it before answering ${failure.status ?? failure.kind}); not sent again`);
    return { action: 'return', value: remote };
  }
  if (previousCheckSum === undefined) {
    return stop(
      CLIENT_ERROR_CODES.RETRY_UNSAFE,
      `calculation ${id} does not hold the formula, and without the checkSum it had before the update calckit cannot tell whether someone changed it meanwhile`,
      'the formula was not stored; try again (calckit push reads the calculation first and passes its checkSum)',
      false,
    );
  }
  if (remote.checkSum !== previousCheckSum) {
    return stop(
      CLIENT_ERROR_CODES.REMOTE_CHANGED,
      `calculation ${id} changed since before the update (checkSum ${remote.checkSum.slice(0, 12)}, was ${previousCheckSum.slice(0, 12)}): retrying would overwrite that change`,
      'someone changed it in the service meanwhile: run `calckit status` or `calckit diff`, then pull or push --force',
      false,
    );
  }
  return { action: 'retry' };
}
