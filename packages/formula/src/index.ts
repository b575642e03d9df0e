// Public API of @calckit/formula (temporary surface while the language core is being written).
export * from './syntax/index.js';
export * from './catalogue/index.js';
import { sha1 } from '@noble/hashes/legacy.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export type ColumnType = 'STRING' | 'LONG' | 'DECIMAL' | 'DOUBLE' | 'DATE' | 'DATETIME';
export interface DatasetColumn {
  readonly name: string;
  readonly id?: string;
  readonly type: ColumnType;
  readonly visible?: boolean;
  readonly order?: number;
}
export interface AnalyzeOptions {
  /** The service's name: prefixes operator names (`SVC_OP_ADD`) and nested calculations (`SVC_BEAST_MODE`). Default `SVC`. */
  readonly serviceName?: string;
  /** The dataset's columns; when given, unknown columns are problems and column types feed `dataType`. */
  readonly schema?: readonly DatasetColumn[];
}
export interface FormulaProblem {
  readonly code: string;
  readonly message: string;
  readonly start: number;
  readonly end: number;
  readonly line: number;
  readonly column: number;
}
export interface ColumnPosition {
  readonly columnName: string;
  readonly columnPosition: number;
}
export interface CalculationAnalysis {
  readonly checkSum: string;
  readonly columnPositions: ColumnPosition[];
  readonly functions: string[];
  readonly aggregated: boolean;
  readonly analytic: boolean;
  readonly nonAggregatedColumns: string[];
  readonly dataType: string;
  readonly cacheWindow: string;
  readonly functionTemplateDependencies: number[];
  readonly status: 'VALID' | 'INVALID';
  readonly problems: FormulaProblem[];
}

export function analyzeCalculation(expression: string, options: AnalyzeOptions = {}): CalculationAnalysis {
  void options;
  return {
    checkSum: bytesToHex(sha1(utf8ToBytes(expression))),
    columnPositions: [],
    functions: [],
    aggregated: false,
    analytic: false,
    nonAggregatedColumns: [],
    dataType: 'STRING',
    cacheWindow: 'non_dynamic',
    functionTemplateDependencies: [],
    status: 'VALID',
    problems: [],
  };
}
