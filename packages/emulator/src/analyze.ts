// Computes what the service stores for a formula (via @calckit/formula) and applies the nesting rule.
// Nested calculations (`SVC_BEAST_MODE(<id>)`) may be one level deep only; deeper nesting is ILLEGAL_DEPTH.
import { analyzeCalculation, type ColumnType, type DatasetColumn, type FormulaProblem } from '@calckit/formula';
import type { DatasetSchemaColumn } from '@calckit/protocol';
import type { StoredAnalysis } from './model.js';

/** Problem codes that make the dataset link ILLEGAL_REFERENCE (other problems leave the link VALID). */
const REFERENCE_PROBLEMS: ReadonlySet<string> = new Set(['unknown-column', 'unknown-calculation']);

export interface FormulaVerdict {
  readonly analysis: StoredAnalysis;
  /** Problems from the analyzer plus unknown nested calculations; any problem makes the status INVALID. */
  readonly problems: readonly FormulaProblem[];
  /** Set when the nesting rule is broken: the formula is refused whatever `strict` says. */
  readonly illegalDepth?: string;
}

/** What the verdict needs to know about other calculations. */
export interface NestingLookup {
  /** The nested calculations of calculation `id`, or undefined when it does not exist. */
  dependenciesOf(id: number): readonly number[] | undefined;
  /** The calculations that nest calculation `id`. */
  dependentsOf(id: number): readonly number[];
}

export function toAnalyzerSchema(columns: readonly DatasetSchemaColumn[]): DatasetColumn[] {
  return columns.map((c) => ({ name: c.name, id: c.id, type: c.type as ColumnType, visible: c.visible, order: c.order }));
}

/** What the analyzer says of a formula against a dataset's columns: the costly part of a verdict, and pure. */
export type FormulaAnalysis = ReturnType<typeof analyzeCalculation>;

export function analyzeFormula(expression: string, serviceName: string, schema: readonly DatasetSchemaColumn[] | undefined): FormulaAnalysis {
  return analyzeCalculation(expression, {
    serviceName,
    ...(schema && schema.length > 0 ? { schema: toAnalyzerSchema(schema) } : {}),
  });
}

/**
 * The verdict on a formula: the analysis (`analyzed` when the caller made it already, with the same schema) plus
 * the nesting rule, which reads other calculations through `nesting`.
 */
export function judgeFormula(
  calculationId: number,
  expression: string,
  options: { serviceName: string; schema?: readonly DatasetSchemaColumn[]; nesting: NestingLookup; analyzed?: FormulaAnalysis },
): FormulaVerdict {
  const analyzed = options.analyzed ?? analyzeFormula(expression, options.serviceName, options.schema);
  // checkSum is a getter on the analysis' prototype, which a spread does not copy: read it by name.
  const { problems: analyzerProblems, ...analysis } = Object.assign({ checkSum: analyzed.checkSum }, analyzed);
  const problems: FormulaProblem[] = [...analyzerProblems];
  let illegalDepth: string | undefined;
  const nested = analysis.functionTemplateDependencies;
  for (const target of nested) {
    if (target === calculationId) {
      illegalDepth ??= `calculation ${calculationId} cannot nest itself`;
      continue;
    }
    const deeper = options.nesting.dependenciesOf(target);
    if (deeper === undefined) {
      problems.push(unknownNested(expression, options.serviceName, target));
    } else if (deeper.length > 0) {
      illegalDepth ??= `nested calculation ${target} itself nests calculation ${deeper[0]}: nesting is one level deep only`;
    }
  }
  if (illegalDepth === undefined && nested.length > 0) {
    const dependents = options.nesting.dependentsOf(calculationId).filter((d) => d !== calculationId);
    if (dependents.length > 0) {
      illegalDepth = `calculation ${calculationId} is nested in calculation ${dependents[0]}, so it may not nest others: nesting is one level deep only`;
    }
  }
  const status = problems.length > 0 || illegalDepth !== undefined ? 'INVALID' : analysis.status;
  const linkValid = problems.some((p) => REFERENCE_PROBLEMS.has(p.code)) ? 'ILLEGAL_REFERENCE' : 'VALID';
  return { analysis: { ...analysis, status, linkValid }, problems, ...(illegalDepth !== undefined ? { illegalDepth } : {}) };
}

/** A problem pointing at the first `SVC_BEAST_MODE(<id>)` reference to an unknown calculation. */
function unknownNested(expression: string, serviceName: string, target: number): FormulaProblem {
  const pattern = new RegExp(`${serviceName}_BEAST_MODE\\s*\\(\\s*${target}\\s*\\)`, 'i');
  const match = pattern.exec(expression);
  const start = match?.index ?? 0;
  const end = match ? start + match[0].length : expression.length;
  const before = expression.slice(0, start).split('\n');
  return {
    code: 'unknown-calculation',
    message: `nested calculation ${target} does not exist`,
    start,
    end,
    line: before.length,
    column: (before[before.length - 1]?.length ?? 0) + 1,
  };
}
