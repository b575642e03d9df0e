// Dataset column schemas as the service describes them (the seed's 2.3): the input that makes types and column checks exact.

export type ColumnType = 'STRING' | 'LONG' | 'DECIMAL' | 'DOUBLE' | 'DATE' | 'DATETIME';
export const COLUMN_TYPES: readonly ColumnType[] = ['STRING', 'LONG', 'DECIMAL', 'DOUBLE', 'DATE', 'DATETIME'];

export interface DatasetColumn {
  readonly name: string;
  readonly id?: string;
  readonly type: ColumnType;
  readonly visible?: boolean;
  readonly order?: number;
}
