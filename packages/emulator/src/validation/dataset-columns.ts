// Rules for a dataset's column list (4.4): unique names and ids, known types, unique non-negative orders.
import { KNOWN_COLUMN_TYPES, type FieldError } from '@calckit/protocol';

const MAX_COLUMNS = 5000;
const MAX_NAME_LENGTH = 1024;

interface ColumnLike {
  readonly name: string;
  readonly id: string;
  readonly type: string;
  readonly order: number;
}

/** Returns one field error per broken rule (fields are `columns.<index>.<field>`); empty when the list is valid. */
export function checkDatasetColumns(columns: readonly ColumnLike[]): FieldError[] {
  const errors: FieldError[] = [];
  if (columns.length === 0) errors.push({ field: 'columns', message: 'columns must list at least one column' });
  if (columns.length > MAX_COLUMNS) errors.push({ field: 'columns', message: `at most ${MAX_COLUMNS} columns` });
  const firstByName = new Map<string, number>();
  const firstById = new Map<string, number>();
  const firstByOrder = new Map<number, number>();
  columns.forEach((c, i) => {
    const at = (f: string): string => `columns.${i}.${f}`;
    if (c.name.trim() === '') errors.push({ field: at('name'), message: 'column name must not be empty' });
    else if (c.name.length > MAX_NAME_LENGTH) errors.push({ field: at('name'), message: `column name longer than ${MAX_NAME_LENGTH}` });
    else if (c.name.includes('`')) errors.push({ field: at('name'), message: 'column name must not contain a backtick' });
    if (c.id.trim() === '') errors.push({ field: at('id'), message: 'column id must not be empty' });
    if (!(KNOWN_COLUMN_TYPES as readonly string[]).includes(c.type)) {
      errors.push({ field: at('type'), message: `unknown column type ${JSON.stringify(c.type)} (known: ${KNOWN_COLUMN_TYPES.join(', ')})` });
    }
    if (c.order < 0) errors.push({ field: at('order'), message: 'order must be 0 or more' });
    const seen = (map: Map<string | number, number>, key: string | number, field: string, what: string): void => {
      const first = map.get(key);
      if (first === undefined) map.set(key, i);
      else errors.push({ field: at(field), message: `duplicate column ${what} ${JSON.stringify(key)} (first at columns.${first})` });
    };
    seen(firstByName as Map<string | number, number>, c.name, 'name', 'name');
    seen(firstById as Map<string | number, number>, c.id, 'id', 'id');
    seen(firstByOrder as Map<string | number, number>, c.order, 'order', 'order');
  });
  return errors;
}
