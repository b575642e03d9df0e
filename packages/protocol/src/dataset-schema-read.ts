// Read of a dataset's column schema: `GET /api/query/v1/datasources/{datasetId}/schema/indexed?includeHidden=true`
// (developer token).
//
// COMMUNITY-DOCUMENTED, NOT VERIFIED against the real service: the seed only sets a schema (4.4); no official page
// seen documents this read. What is taken from open-source tools and skill files that call the real service (see
// /work/shared/facts.md, "The API beyond the seed"):
//   - the path, the method `GET`, the developer token header, and the query `includeHidden=true|false`;
//     `includeHidden=false` leaves the hidden columns (`visible: false`) out;
//   - the answer `{ "name": "schema", "tables": [ { "columns": [ { name, id, type, visible, order }, … ] } ],
//     "dataSourceId": "…" }`. One example shows `order: 0` for every column and `id` equal to `name`.
// Our choices (so that a real answer that differs in the details still parses): only `tables[].columns[].name` and
// `type` are required; `id`, `visible`, `order`, `name` (of the answer) and `dataSourceId` may be missing; extra
// fields anywhere are allowed (and dropped). A column's `type` stays the service's string: whether calckit knows it
// is the caller's question. `normaliseSchemaColumns` fills the missing fields (id = name, visible = true, order =
// index), so a read answer and a set request share one column shape (`DatasetSchemaColumn`).
import { z } from 'zod';
import type { DatasetSchemaColumn } from './dataset.js';

/** One column as the read answers it: name and type; id, visible and order when the service gives them. */
export const ReadSchemaColumnSchema = z.object({
  name: z.string(),
  id: z.string().optional(),
  type: z.string(),
  visible: z.boolean().optional(),
  order: z.number().int().optional(),
});
export type ReadSchemaColumn = z.infer<typeof ReadSchemaColumnSchema>;

/** Answer of the read: the columns of the dataset's table(s) (one table in every example seen). */
export const ReadDatasetSchemaResponseSchema = z.object({
  name: z.string().optional(),
  tables: z.array(z.object({ columns: z.array(ReadSchemaColumnSchema) })),
  dataSourceId: z.string().optional(),
});
export type ReadDatasetSchemaResponse = z.infer<typeof ReadDatasetSchemaResponseSchema>;

/**
 * The answer's columns, every table's in order, in the set request's shape: `id` defaults to the name, `visible` to
 * true and `order` to the column's index in the answer.
 */
export function normaliseSchemaColumns(answer: ReadDatasetSchemaResponse): DatasetSchemaColumn[] {
  return answer.tables
    .flatMap((table) => table.columns)
    .map((c, index) => ({ name: c.name, id: c.id ?? c.name, type: c.type, visible: c.visible ?? true, order: c.order ?? index }));
}
