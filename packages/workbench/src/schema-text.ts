// The schema box's text → the columns sent to the server's `schema` setting, or what is wrong with it. The server
// checks the columns fully (the schema file format); this only finds what the box can say at once.
// The vocabulary module alone (@calckit/formula/vocabulary, no parser): the page's main script stays small; the server in the worker has the rest.
import type { DatasetColumn } from '@calckit/formula';
import { COLUMN_TYPES } from '@calckit/formula/vocabulary';

export type SchemaReading = { readonly columns: readonly DatasetColumn[] | undefined } | { readonly error: string };

export function readSchemaText(text: string): SchemaReading {
  if (text.trim() === '') return { columns: undefined };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { error: `The schema is not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (!Array.isArray(value)) return { error: 'The schema must be a JSON array of columns: [{ "name": "Sales", "type": "DECIMAL" }, …]' };
  for (const [i, column] of value.entries()) {
    const c = column as { name?: unknown; type?: unknown } | null;
    if (!c || typeof c !== 'object' || typeof c.name !== 'string' || c.name === '') return { error: `Column ${i + 1} needs a "name" (text)` };
    if (typeof c.type !== 'string' || !(COLUMN_TYPES as readonly string[]).includes(c.type)) {
      return { error: `Column ${i + 1} (${c.name}) needs a "type": one of ${COLUMN_TYPES.join(', ')}` };
    }
  }
  return { columns: value as DatasetColumn[] };
}
