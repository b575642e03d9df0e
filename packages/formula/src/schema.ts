// Dataset column schemas as the service describes them (the seed's 2.3): the input that makes types and column checks exact.

import type { ColumnType } from './vocabulary.js';

export { COLUMN_TYPES, type ColumnType } from './vocabulary.js';

export interface DatasetColumn {
  readonly name: string;
  readonly id?: string;
  readonly type: ColumnType;
  readonly visible?: boolean;
  readonly order?: number;
}
