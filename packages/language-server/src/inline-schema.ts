// The `schema` client setting: a dataset's columns given inline (the workbench page, a client without a project on
// disk), in the shape a hand-written schema file allows and validated by the same zod schema (@calckit/project/schema).
// An invalid value is logged once and ignored: the documents are then served as without a schema.
import { datasetSchemaFileSchema, issuesOf, ProjectError, type ColumnType, type DatasetColumn } from '@calckit/project/schema';
import type { Log } from './log.js';

/** One column as the setting gives it: `name` and `type` at least; `id` (default: the name), `visible` (default true)
 * and `order` (default: its place) as in a schema file. */
export interface InlineColumn {
  readonly name: string;
  readonly type: ColumnType;
  readonly id?: string;
  readonly visible?: boolean;
  readonly order?: number;
}

/** How the setting is named in messages. */
const SETTING = 'the calckit.schema setting';
/** Distinct values kept (a client sends one, or one per workspace folder). */
const MAX_KEPT = 32;

/** The setting's columns, validated once per distinct value (by its JSON text). */
export class InlineSchemas {
  private readonly parsed = new Map<string, readonly DatasetColumn[] | undefined>();

  constructor(private readonly log: Log) {}

  /** The columns of a `schema` setting's value, or undefined when it is absent or invalid (logged once). */
  columns(value: unknown): readonly DatasetColumn[] | undefined {
    if (value === undefined || value === null) return undefined;
    // Values come from JSON-RPC: JSON text always exists for them.
    const key = JSON.stringify(value);
    if (this.parsed.has(key)) return this.parsed.get(key);
    const result = datasetSchemaFileSchema.safeParse(value);
    if (!result.success) this.log.warn(`${new ProjectError(SETTING, issuesOf(result.error)).message}; it is ignored`);
    if (this.parsed.size >= MAX_KEPT) this.parsed.clear();
    const columns = result.success ? result.data : undefined;
    this.parsed.set(key, columns);
    return columns;
  }
}
