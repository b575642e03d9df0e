// Records the emulator keeps (what storage returns and accepts); wire shapes live in @calckit/protocol.
import type { CalculationAnalysis } from '@calckit/formula';
import type { DatasetSchemaColumn, ReportScheduleRequest, ReportScheduleResponse } from '@calckit/protocol';
import type { CodeFunctionDefinition } from './fixtures-format.js';

/**
 * The derived fields of a calculation, as computed by the analyzer when the formula was stored, plus the validity
 * of its dataset link (`links[].valid`): ILLEGAL_REFERENCE when it names an unknown column or calculation.
 */
export type StoredAnalysis = Omit<CalculationAnalysis, 'problems'> & { readonly linkValid: string };

export interface CalculationRecord {
  readonly id: number;
  readonly name: string;
  readonly owner: number;
  readonly locked: boolean;
  readonly global: boolean;
  readonly expression: string;
  readonly datasetId: string | null;
  readonly legacyId: string;
  readonly created: number;
  readonly lastModified: number;
  readonly archived: boolean;
  readonly hidden: boolean;
  readonly variable: boolean;
  readonly analysis: StoredAnalysis;
}

/** A calculation without its analysis: what checks before a write need, read without parsing the analysis. */
export type CalculationHead = Omit<CalculationRecord, 'analysis'>;

export interface DatasetRecord {
  readonly id: string;
  readonly name: string;
  readonly columns: readonly DatasetSchemaColumn[];
  readonly updated: number;
}

export interface PageRecord {
  readonly id: number;
  readonly title: string;
  readonly cardCount: number;
}

export interface ViewRecord {
  readonly id: number;
  readonly pageId: number;
  readonly name: string;
  readonly type: string;
  readonly embedViewId: number;
  readonly cardId: number;
}

export interface CodeFunctionRecord {
  readonly packageId: string;
  readonly version: string;
  readonly definition: CodeFunctionDefinition;
}

export interface ReportScheduleRecord {
  readonly id: number;
  readonly request: ReportScheduleRequest;
  readonly response: ReportScheduleResponse;
}

export interface ExecutionRecord {
  readonly executionId: string;
  readonly packageId: string;
  readonly version: string;
  readonly functionName: string;
  readonly status: string;
  readonly startedOn: number;
  /** The whole FunctionExecution response, as JSON. */
  readonly record: unknown;
}

/** Everything a fixtures file puts into an empty database, already validated and analysed. */
export interface FixtureData {
  readonly calculations: readonly CalculationRecord[];
  readonly datasets: readonly DatasetRecord[];
  readonly pages: readonly PageRecord[];
  readonly views: readonly ViewRecord[];
  readonly codeFunctions: readonly CodeFunctionRecord[];
}
