// The shape of the project file `calckit.json` and of dataset schema files, as zod schemas.
// `lint` and `format` are kept loose on purpose: their owners (packages/lint, packages/format) validate their contents.
import { COLUMN_TYPES, DEFAULT_SERVICE_NAME, SERVICE_NAME_PATTERN, type ColumnType } from '@calckit/formula/vocabulary';
import { z } from 'zod';
import { shortText } from './errors.js';

/** The service's name: it prefixes header names (`X-SVC-Developer-Token`) and operator names (`SVC_OP_ADD`). */
const serviceName = z
  .string()
  .regex(SERVICE_NAME_PATTERN, `must be letters and digits, starting with a letter (e.g. "${DEFAULT_SERVICE_NAME}")`)
  .describe("The service's name: sets header names (X-<name>-Developer-Token) and operator names (<name>_OP_ADD).");

const timeoutMs = z.number().int().positive().describe('Time-out of one HTTP call, in milliseconds.');
const retries = z.number().int().min(0).max(10).describe('How many times a retryable call is retried.');

const serviceByUrl = z.strictObject({
  name: serviceName.optional(),
  baseUrl: z.url({ message: 'must be an absolute URL such as "https://acme.example.com"' }).describe('Base URL of the service.'),
  timeoutMs: timeoutMs.optional(),
  retries: retries.optional(),
});

const serviceByInstance = z.strictObject({
  name: serviceName.optional(),
  instance: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, 'must be the tenant part of the host name (letters, digits, "-")')
    .describe('Tenant-specific part of the host: https://<instance>.<domain>.'),
  domain: z
    .string()
    .regex(/^[A-Za-z0-9.-]+(:\d+)?$/, 'must be a host name such as "example.com"')
    .describe("The service's domain."),
  timeoutMs: timeoutMs.optional(),
  retries: retries.optional(),
});

const serviceSchema = z.union([serviceByUrl, serviceByInstance], {
  error: () => 'must be { "name", "baseUrl" } or { "name", "instance", "domain" }',
});

const datasetEntrySchema = z.strictObject({
  id: z.string().min(1, 'must be the dataset id (a non-empty string)').describe("The dataset's id in the service."),
  schema: z
    .string()
    .min(1)
    .optional()
    .describe("Path of the dataset's column schema file, relative to the project file."),
});

const calculationEntrySchema = z.strictObject({
  id: z.number().int().positive().describe("The calculation's id in the service."),
  dataset: z.string().min(1).optional().describe('Key of the dataset (under "datasets") the formula is written against.'),
  name: z.string().min(1).optional().describe("The calculation's display name."),
});

/** Loose settings owned by another package: any object. */
const looseSection = z.record(z.string(), z.unknown());

export const projectFileSchema = z
  .strictObject({
    $schema: z.string().optional(),
    service: serviceSchema.optional(),
    datasets: z.record(z.string().min(1), datasetEntrySchema).optional(),
    calculations: z
      .record(z.string().min(1), calculationEntrySchema)
      .optional()
      .describe('Formula files (paths relative to the project file) and the calculation each one is.'),
    lint: looseSection.optional().describe('Lint settings: { "rules": { "<rule-id>": "off"|"warn"|"error"|[level, options] }, "overrides": [...] }.'),
    format: looseSection.optional().describe('Formatter settings, e.g. { "lineWidth": 100 }.'),
    state: z
      .string()
      .min(1)
      .optional()
      .describe('Path of the push state file (last pushed checkSum per calculation). Default ".calckit/state.json".'),
  })
  .superRefine((file, ctx) => {
    // Cross references: a calculation's dataset must be declared; two files may not claim one id.
    const seen = new Map<number, string>();
    for (const [path, calc] of Object.entries(file.calculations ?? {})) {
      if (calc.dataset !== undefined && !(file.datasets && calc.dataset in file.datasets)) {
        ctx.addIssue({
          code: 'custom',
          path: ['calculations', path, 'dataset'],
          message: `names dataset "${shortText(calc.dataset)}", which is not declared under "datasets"`,
        });
      }
      const other = seen.get(calc.id);
      if (other !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['calculations', path, 'id'],
          message: `id ${calc.id} is already used by "${shortText(other)}"`,
        });
      }
      seen.set(calc.id, path);
    }
  });

export type ProjectFile = z.infer<typeof projectFileSchema>;
export type ServiceSection = z.infer<typeof serviceSchema>;
export type DatasetEntry = z.infer<typeof datasetEntrySchema>;
export type CalculationEntry = z.infer<typeof calculationEntrySchema>;

/** Column types the toolkit knows (the language's vocabulary). */
export { COLUMN_TYPES, type ColumnType };

/** One column of a dataset schema file: the seed's 2.3. */
export const datasetColumnSchema = z.strictObject({
  name: z.string().min(1),
  id: z.string().min(1),
  type: z.enum(COLUMN_TYPES),
  visible: z.boolean(),
  order: z.number().int().min(0),
});

/**
 * A column written by hand may give only `name` and `type`: `id` is then the name, `visible` true and `order` its place
 * in the file, as the service's schema read fills them when it leaves them out. Files calckit writes hold all five.
 */
const withDefaults = (columns: unknown): unknown =>
  Array.isArray(columns)
    ? columns.map((column: unknown, index) =>
        column !== null && typeof column === 'object' && !Array.isArray(column)
          ? { id: (column as { name?: unknown }).name, visible: true, order: index, ...column }
          : column,
      )
    : columns;

export const datasetSchemaFileSchema = z.preprocess(withDefaults, z.array(datasetColumnSchema)).superRefine((columns, ctx) => {
  const names = new Set<string>();
  const ids = new Set<string>();
  columns.forEach((column, index) => {
    if (names.has(column.name)) ctx.addIssue({ code: 'custom', path: [index, 'name'], message: `duplicate column name "${shortText(column.name)}"` });
    if (ids.has(column.id)) ctx.addIssue({ code: 'custom', path: [index, 'id'], message: `duplicate column id "${shortText(column.id)}"` });
    names.add(column.name);
    ids.add(column.id);
  });
});

export interface DatasetColumn {
  readonly name: string;
  readonly id: string;
  readonly type: ColumnType;
  readonly visible: boolean;
  readonly order: number;
}
