// What changed between two column schemas of one dataset, column by column. Columns are matched by their id, which
// the service keeps when a column is renamed: same id and another name is a rename, a column whose id is gone was
// removed, a new id was added; a type change is reported on its own (with a rename too, when both happened).
// Pure: used by `calckit schema diff` (the local file against the service's) and by the impact of a schema change.
import type { DatasetColumn } from './schema.js';

export type ColumnChange =
  | { readonly kind: 'added'; readonly after: DatasetColumn }
  | { readonly kind: 'removed'; readonly before: DatasetColumn }
  | { readonly kind: 'renamed'; readonly before: DatasetColumn; readonly after: DatasetColumn }
  | { readonly kind: 'type-changed'; readonly before: DatasetColumn; readonly after: DatasetColumn };

export type ColumnChangeKind = ColumnChange['kind'];

/** Columns in the order a person reads them: by `order`, then by their place in the file. */
function byOrder(columns: readonly DatasetColumn[]): DatasetColumn[] {
  return columns
    .map((column, index) => ({ column, index }))
    .sort((a, b) => a.column.order - b.column.order || a.index - b.index)
    .map((entry) => entry.column);
}

/**
 * The changes that turn `before` into `after`: removed, renamed and type-changed columns in `before`'s column order,
 * then added ones in `after`'s. Equal schemas give []. Visibility and order alone are not changes a formula sees.
 * Ids are expected unique in each schema (schema files are validated so); should one repeat, its first column counts.
 */
export function diffSchemas(before: readonly DatasetColumn[], after: readonly DatasetColumn[]): ColumnChange[] {
  const afterById = new Map<string, DatasetColumn>();
  for (const column of byOrder(after)) if (!afterById.has(column.id)) afterById.set(column.id, column);
  const beforeIds = new Set<string>();
  const changes: ColumnChange[] = [];
  for (const old of byOrder(before)) {
    if (beforeIds.has(old.id)) continue;
    beforeIds.add(old.id);
    const now = afterById.get(old.id);
    if (now === undefined) {
      changes.push({ kind: 'removed', before: old });
      continue;
    }
    if (now.name !== old.name) changes.push({ kind: 'renamed', before: old, after: now });
    if (now.type !== old.type) changes.push({ kind: 'type-changed', before: old, after: now });
  }
  for (const now of afterById.values()) if (!beforeIds.has(now.id)) changes.push({ kind: 'added', after: now });
  return changes;
}

/** A removed column and an added one that may be the same column renamed under a new id. Never a rename: a hint. */
export interface LikelyRename {
  readonly before: DatasetColumn;
  readonly after: DatasetColumn;
}

/**
 * When ids changed too (a service that gives no ids, whose ids are the names), a rename shows as one column removed
 * and one added. Only the plainest case is offered as a likely rename: exactly one removed and exactly one added
 * column in the whole diff, of the same type, at the same position (index by order in their schemas).
 */
export function likelyRename(before: readonly DatasetColumn[], after: readonly DatasetColumn[], changes: readonly ColumnChange[]): LikelyRename | undefined {
  const removed = changes.filter((c) => c.kind === 'removed');
  const added = changes.filter((c) => c.kind === 'added');
  if (removed.length !== 1 || added.length !== 1) return undefined;
  const old = (removed[0] as Extract<ColumnChange, { kind: 'removed' }>).before;
  const now = (added[0] as Extract<ColumnChange, { kind: 'added' }>).after;
  if (old.type !== now.type) return undefined;
  if (byOrder(before).indexOf(old) !== byOrder(after).indexOf(now)) return undefined;
  return { before: old, after: now };
}
