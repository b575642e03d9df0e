// A dataset's columns as the service holds them, checked into the project's column schema shape (DatasetColumn), and
// that shape as file text. The read (`client.readDatasetSchema`) is COMMUNITY-DOCUMENTED, not in the seed: see
// @calckit/protocol's operations table. The service's column types are its own strings; a type the toolkit does not
// know cannot be written to a schema file (formulas could not be checked against it), so it is an error naming the
// dataset, the column and the type, for that dataset alone.
import { COLUMN_TYPES, datasetSchemaFileSchema, type ColumnType, type DatasetColumn } from '@calckit/project';
import type { DatasetSchemaColumn } from '@calckit/protocol';

/** What reading a schema needs of the client (the Client has it; tests may pass less). */
export interface DatasetSchemaReader {
  readDatasetSchema(datasetId: string): Promise<readonly DatasetSchemaColumn[]>;
}

/** The service's schema of one dataset cannot be taken as a column schema; nothing of that dataset was written. */
export class ServiceSchemaError extends Error {
  override readonly name = 'ServiceSchemaError';
  constructor(
    readonly datasetId: string,
    readonly problems: readonly string[],
  ) {
    super(`the service's schema of dataset ${datasetId} cannot be used: ${problems.join('; ')}`);
  }
}

export interface ReadServiceSchemaOptions {
  /** The dataset's key in calckit.json, named in errors beside its id. */
  readonly datasetKey?: string;
}

const KNOWN_TYPES: ReadonlySet<string> = new Set(COLUMN_TYPES);

/**
 * Reads a dataset's columns from the service and checks them: every type one calckit knows (COLUMN_TYPES), names and
 * ids non-empty and unique, orders whole numbers from 0. The columns come back sorted by `order` (then as the
 * service listed them), so a schema file written from them does not change when the service lists them otherwise.
 * Service failures are the client's ServiceErrors, thrown as they are; a schema that fails the checks is a
 * ServiceSchemaError listing every problem.
 */
export async function readServiceSchema(client: DatasetSchemaReader, datasetId: string, options: ReadServiceSchemaOptions = {}): Promise<DatasetColumn[]> {
  const columns = await client.readDatasetSchema(datasetId);
  return checkServiceColumns(columns, options.datasetKey !== undefined && options.datasetKey !== datasetId ? `${options.datasetKey} (${datasetId})` : datasetId);
}

/** The checks of readServiceSchema over columns already read; `dataset` names the dataset in errors. */
export function checkServiceColumns(columns: readonly DatasetSchemaColumn[], dataset: string): DatasetColumn[] {
  const problems: string[] = [];
  columns.forEach((column, index) => {
    if (!KNOWN_TYPES.has(column.type)) {
      problems.push(`column ${JSON.stringify(column.name || `#${index + 1}`)} has type ${JSON.stringify(column.type)}, which calckit does not know (it knows ${COLUMN_TYPES.join(', ')})`);
    }
  });
  const sorted = columns
    .map((column, index) => ({ column, index }))
    .sort((a, b) => a.column.order - b.column.order || a.index - b.index)
    .map(({ column }): DatasetColumn => ({ name: column.name, id: column.id, type: column.type as ColumnType, visible: column.visible, order: column.order }));
  // The file format's own checks (names, ids, orders, duplicates), with the unknown types said above set aside:
  // zod runs a schema's cross-column checks only when every column passes.
  const parsed = datasetSchemaFileSchema.safeParse(sorted.map((c) => (KNOWN_TYPES.has(c.type) ? c : { ...c, type: COLUMN_TYPES[0] })));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const at = typeof issue.path[0] === 'number' ? sorted[issue.path[0]] : undefined;
      const where = at !== undefined ? `column ${JSON.stringify(at.name || `#${(issue.path[0] as number) + 1}`)}${issue.path[1] !== undefined ? ` (${String(issue.path[1])})` : ''}` : 'the column list';
      problems.push(`${where}: ${issue.message}`);
    }
  }
  if (problems.length > 0) throw new ServiceSchemaError(dataset, problems);
  return sorted;
}

/** A schema file's text: the columns as an array of { name, id, type, visible, order }, 2-space JSON, final newline. */
export function schemaFileText(columns: readonly DatasetColumn[]): string {
  const stable = columns.map((c) => ({ name: c.name, id: c.id, type: c.type, visible: c.visible, order: c.order }));
  return `${JSON.stringify(stable, null, 2)}\n`;
}

/** Schemas read at once by `readServiceSchemas`: reads are idempotent and retried on 429, as import's are. */
export const SCHEMA_READ_CONCURRENCY = 4;

/** One dataset's read: its columns, or what failed (a ServiceError or a ServiceSchemaError; anything else is thrown). */
export type ServiceSchemaRead = { readonly ok: true; readonly columns: DatasetColumn[] } | { readonly ok: false; readonly error: unknown };

/**
 * Reads the schemas of many datasets, a few at once (a project of 50 datasets does not wait for 50 round trips in a
 * row); the answers come in the order of `targets`. Failures are answers, so one dataset's does not stop the others.
 */
export async function readServiceSchemas(
  client: DatasetSchemaReader,
  targets: ReadonlyArray<{ readonly key: string; readonly id: string }>,
  concurrency = SCHEMA_READ_CONCURRENCY,
): Promise<ServiceSchemaRead[]> {
  const reads: ServiceSchemaRead[] = new Array(targets.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < targets.length) {
      const index = next++;
      const target = targets[index] as { key: string; id: string };
      try {
        reads[index] = { ok: true, columns: await readServiceSchema(client, target.id, { datasetKey: target.key }) };
      } catch (error) {
        reads[index] = { ok: false, error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, targets.length) }, worker));
  return reads;
}
