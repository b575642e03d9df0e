// calckit/calculation → what the service will store for the open document: formula's calculation analysis of the
// expression the service stores (the file text without a BOM and trailing whitespace), under the document's settings
// (service name, schema). The workbench page shows it as you type; any client may ask.
import { analyzeCalculation, DEFAULT_SERVICE_NAME, expressionFromFileText, type CalculationAnalysis, type ColumnPosition } from '@calckit/formula';
import { modelOf } from '@calckit/ide';
import { RequestType, type Range } from 'vscode-languageserver';
import { onDocument, type Feature } from '../context.js';
import { expressionRange } from '../convert.js';

export const CALCULATION_METHOD = 'calckit/calculation';

export interface CalculationParams {
  readonly textDocument: { readonly uri: string };
}

/** A reason the service would refuse the formula, placed in the document. */
export interface CalculationProblem {
  readonly code: string;
  readonly message: string;
  readonly range: Range;
}

/** The calculation fields as the service stores them, with the problems placed in the document's coordinates. */
export interface CalculationResult {
  /** The document's version this answers for. */
  readonly version: number;
  /** The service's name the operator and nested-calculation names were made with. */
  readonly serviceName: string;
  /** The dataset columns the analysis knew (0: none, so column names were not checked). */
  readonly schemaColumns: number;
  readonly status: CalculationAnalysis['status'];
  readonly problems: readonly CalculationProblem[];
  readonly functions: readonly string[];
  readonly columnPositions: readonly ColumnPosition[];
  readonly checkSum: string;
  readonly dataType: string;
  readonly aggregated: boolean;
  readonly analytic: boolean;
  readonly nonAggregatedColumns: readonly string[];
  readonly cacheWindow: string;
  readonly functionTemplateDependencies: readonly number[];
}

export const calculation: Feature = {
  // A custom request: nothing to declare in the capabilities.
  capabilities: () => ({}),
  register(ctx) {
    ctx.connection.onRequest(
      new RequestType<CalculationParams, CalculationResult | null, void>(CALCULATION_METHOD),
      onDocument<CalculationParams, CalculationResult | null>(ctx, CALCULATION_METHOD, null, ({ text, doc }, settings) => {
        const whole = text.getText();
        const expression = expressionFromFileText(whole);
        // Most documents are their expression already: their kept analysis (hover's, inlay hints') is reused.
        const analysis = expression === whole ? modelOf(doc, settings).calculation : analyzeCalculation(expression, settings);
        return {
          version: text.version,
          serviceName: settings.serviceName || DEFAULT_SERVICE_NAME,
          schemaColumns: settings.schema?.length ?? 0,
          status: analysis.status,
          problems: analysis.problems.map((p) => ({ code: p.code, message: p.message, range: expressionRange(text, p.start, p.end) })),
          functions: analysis.functions,
          columnPositions: analysis.columnPositions,
          checkSum: analysis.checkSum,
          dataType: analysis.dataType,
          aggregated: analysis.aggregated,
          analytic: analysis.analytic,
          nonAggregatedColumns: analysis.nonAggregatedColumns,
          cacheWindow: analysis.cacheWindow,
          functionTemplateDependencies: analysis.functionTemplateDependencies,
        };
      }),
    );
  },
};
