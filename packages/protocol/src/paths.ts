// Paths of the service's operations (seed section 4), built from ids; values are percent-encoded.
// Paths are relative to the base URL (`https://{instance}.<service-domain>`), starting with `/`.

const enc = encodeURIComponent;

/** Path of one calculation: update (POST), lock/unlock (PUT) and read (GET). */
export function calculationPath(calculationId: number): string {
  return `/api/query/v1/functions/template/${enc(String(calculationId))}`;
}

/** Path of one code function of one package version: run (POST). */
export function functionPath(packageId: string, version: string, functionName: string): string {
  return `/api/codeengine/v2/packages/${enc(packageId)}/versions/${enc(version)}/functions/${enc(functionName)}`;
}

/** Path of a dataset's schema: set (POST). */
export function datasetSchemaPath(datasetId: string): string {
  return `/api/data/v2/datasources/${enc(datasetId)}/schemas`;
}

/** Path of the report schedule collection: create (POST). */
export function reportSchedulesPath(): string {
  return '/api/content/v1/reportschedules';
}

/** Path of the search of calculations (POST); community-documented, see search.ts. */
export function calculationSearchPath(): string {
  return '/api/query/v1/functions/search';
}

/** Path of the read of several calculations at once (POST); community-documented, see calculations-by-ids.ts. */
export function calculationsByIdsPath(): string {
  return '/api/query/v1/functions/list/id';
}

/**
 * Path of the read of a dataset's columns (GET; add the query `includeHidden=true|false`); community-documented, see
 * dataset-schema-read.ts.
 */
export function datasetSchemaReadPath(datasetId: string): string {
  return `/api/query/v1/datasources/${enc(datasetId)}/schema/indexed`;
}

/** Route templates (for routers and documentation); `{name}` marks a path parameter. */
export const ROUTE_TEMPLATES = {
  calculation: '/api/query/v1/functions/template/{calculationId}',
  function: '/api/codeengine/v2/packages/{packageId}/versions/{version}/functions/{functionName}',
  datasetSchema: '/api/data/v2/datasources/{datasetId}/schemas',
  reportSchedules: '/api/content/v1/reportschedules',
  /** Community-documented (see search.ts): the search of calculations. */
  calculationSearch: '/api/query/v1/functions/search',
  /** Community-documented (see calculations-by-ids.ts): the read of several calculations. */
  calculationsByIds: '/api/query/v1/functions/list/id',
  /** Community-documented (see dataset-schema-read.ts): the read of a dataset's columns. */
  datasetSchemaRead: '/api/query/v1/datasources/{datasetId}/schema/indexed',
} as const;
