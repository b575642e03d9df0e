// Calculation (seed 2.1): the response of update, lock and read. Extra fields are accepted (and dropped); missing ones are errors.
import { z } from 'zod';

/** Values seen for enumerated fields; the full sets are not documented, so the schemas accept any string. */
export const KNOWN_CALCULATION_STATUSES = ['VALID', 'INVALID'] as const;
export const KNOWN_LINK_VALIDITIES = ['VALID', 'ILLEGAL_REFERENCE', 'INCOMPATIBLE_LINK'] as const;
/** A calculation's `dataType` is one of the column types. */
export { COLUMN_TYPES as KNOWN_DATA_TYPES } from '@calckit/formula/vocabulary';
export const KNOWN_CACHE_WINDOWS = ['day', 'non_dynamic'] as const;

export const CalculationLinkSchema = z.object({
  resource: z.object({ type: z.string(), id: z.string() }),
  visible: z.boolean(),
  active: z.boolean(),
  valid: z.string(),
});
export type CalculationLink = z.infer<typeof CalculationLinkSchema>;

export const ColumnPositionSchema = z.object({
  columnName: z.string(),
  columnPosition: z.number().int(),
});
export type ColumnPositionWire = z.infer<typeof ColumnPositionSchema>;

const epochMillis = z.number().int();

/** The fields common to every Calculation response (the lock response has only these). */
export const LockedCalculationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  owner: z.number().int(),
  locked: z.boolean(),
  global: z.boolean(),
  expression: z.string(),
  checkSum: z.string(),
  links: z.array(CalculationLinkSchema),
  legacyId: z.string(),
  lastModified: epochMillis,
  created: epochMillis,
  aggregated: z.boolean(),
  analytic: z.boolean(),
  dataType: z.string(),
  status: z.string(),
  cacheWindow: z.string(),
  columnPositions: z.array(ColumnPositionSchema),
  functions: z.array(z.string()),
  archived: z.boolean(),
  hidden: z.boolean(),
  variable: z.boolean(),
});
/** Response of lock/unlock (4.2): the Calculation without `nonAggregatedColumns` and `functionTemplateDependencies`. */
export type LockedCalculation = z.infer<typeof LockedCalculationSchema>;

/**
 * Response of update (4.1) and read: the full Calculation. The element shapes of the two arrays are not documented;
 * the emulator sends column names (strings) and calculation ids (integers), the schema accepts any element.
 */
export const CalculationSchema = LockedCalculationSchema.extend({
  nonAggregatedColumns: z.array(z.unknown()),
  functionTemplateDependencies: z.array(z.unknown()),
});
export type Calculation = z.infer<typeof CalculationSchema>;
