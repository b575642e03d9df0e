// Dataset schema column (seed 2.3) and the set-schema request and response (4.4).
import { z } from 'zod';

/** Column types the emulator accepts (STRING and LONG are seen in the seed; the rest are the service's data types). */
export { COLUMN_TYPES as KNOWN_COLUMN_TYPES, type ColumnType as KnownColumnType } from '@calckit/formula/vocabulary';

export const DatasetSchemaColumnSchema = z.object({
  name: z.string(),
  id: z.string(),
  type: z.string(),
  visible: z.boolean(),
  order: z.number().int(),
});
export type DatasetSchemaColumn = z.infer<typeof DatasetSchemaColumnSchema>;

export const SetSchemaRequestSchema = z.object({
  columns: z.array(DatasetSchemaColumnSchema),
});
export type SetSchemaRequest = z.infer<typeof SetSchemaRequestSchema>;

/**
 * The service's response body is not documented (HTTP 200 means updated): clients must not rely on it.
 * The emulator answers with the stored schema in this shape.
 */
export const SetSchemaResponseSchema = z.object({
  datasetId: z.string(),
  columns: z.array(DatasetSchemaColumnSchema),
});
export type SetSchemaResponse = z.infer<typeof SetSchemaResponseSchema>;
