// analyzeCalculation: what the service stores for a calculation, computed from the formula text alone.
// Each field's rule says whether it is verified (checked against real responses), documented, or our choice.
import { checkSumOf } from './checksum.js';
import { parseFormula, type ParseResult } from '../syntax/parse.js';
import { arity, findSplitFunctionNames, functionAvailability, lookupFunction } from '../catalogue/index.js';
import { CACHE_WINDOWS, CACHE_WINDOW_ORDER } from '../language.js';
import { javaHashSetOrder } from './java-hash-set.js';
import { buildSemanticModel, type AnalyzeOptions, type SemanticModel } from './semantic-model.js';

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
  /** `INVALID` when the service would refuse the formula in strict mode (see `problems`). */
  readonly status: 'VALID' | 'INVALID';
  /** Syntax errors and what the service rejects: unknown or unsupported functions, wrong argument counts, unknown
   * columns (with a schema). The linter reports these and more. */
  readonly problems: FormulaProblem[];
}

const OPERATOR_NAMES: Readonly<Record<string, string>> = { '+': 'ADD', '-': 'SUBTRACT', '*': 'MULTIPLY', '/': 'DIVIDE' };

/** Distinct values in order of first appearance: a look-up in the list while it is short (most formulas), a set
 * beyond (a formula with 100,000 columns would otherwise be quadratic). */
function distinct<T>(): { readonly values: T[]; add(value: T): void } {
  const values: T[] = [];
  let seen: Set<T> | undefined;
  return {
    values,
    add(value: T) {
      if (seen ? seen.has(value) : values.includes(value)) return;
      values.push(value);
      if (seen) seen.add(value);
      else if (values.length > 16) seen = new Set(values);
    },
  };
}

/** checkSum — verified: lower-case hex SHA-1 of the expression's UTF-8 bytes, exactly as stored (checksum.ts). */
export { checkSumOf };

/**
 * functions — verified: distinct names, upper-cased, plus `<SERVICE>_OP_ADD|SUBTRACT|MULTIPLY|DIVIDE` for binary
 * `+ - * /`, in a Java HashSet's iteration order with names inserted in order of first appearance. CASE, AND,
 * comparisons, CURRENT_DATE() and unary minus are absent (verified). Other niladic constants (NOW, CURDATE, …) are left
 * out like CURRENT_DATE: our choice. Nested calculations are dependencies, not functions (documented).
 */
function functionNames(model: SemanticModel): string[] {
  const found: Array<{ offset: number; name: string }> = [];
  for (const node of model.arithmetic) found.push({ offset: node.operatorRange.start.offset, name: `${model.serviceName}_OP_${OPERATOR_NAMES[node.operator]!}` });
  for (const node of model.calls) {
    if (lookupFunction(node.upperName)?.kind !== 'constant') found.push({ offset: node.nameRange.start.offset, name: node.upperName });
  }
  for (const node of model.nested) {
    if (node.service !== model.serviceName) found.push({ offset: node.nameRange.start.offset, name: `${node.service}_BEAST_MODE` });
  }
  found.sort((a, b) => a.offset - b.offset);
  return javaHashSetOrder(found.map((f) => f.name));
}

/** columnPositions — verified: one entry per backtick reference in order, name with its backticks, offset of the
 * opening backtick in UTF-16 code units. Every reference is listed (one real response listed fewer: uncertain). */
function columnPositions(model: SemanticModel): ColumnPosition[] {
  const out: ColumnPosition[] = [];
  for (const { node } of model.columns) if (node.quote === 'backtick') out.push({ columnName: node.raw, columnPosition: node.range.start.offset });
  return out;
}

/** nonAggregatedColumns — documented field, rule uncertain; our choice: in an aggregated formula, the names of the
 * columns referenced outside the arguments of any aggregate (window PARTITION/ORDER columns included, FIXED clause
 * columns excluded: they set the level of detail, not the grouping), distinct, in order of appearance. */
function nonAggregatedColumns(model: SemanticModel, aggregated: boolean): string[] {
  if (!aggregated) return [];
  const names = distinct<string>();
  for (const use of model.columns) if (!use.aggregated && !use.inFixed && use.node.quote !== 'double') names.add(use.node.name);
  return names.values;
}

/** dataType — the inferred result type (rules in types/). Verified: a ratio of sums is DECIMAL; `col * -1` with a
 * column of unknown type is DOUBLE. Our choices: a condition is LONG (MySQL's booleans are integers); a result of
 * unknown type follows the use of the column (numeric → DOUBLE, date → DATETIME), else STRING. */
function dataTypeOf(model: SemanticModel): string {
  const root = model.parse.formula.expression;
  if (!root) return 'STRING';
  const t = model.typeOf(root);
  if (t === 'BOOLEAN') return 'LONG';
  if (t === 'UNKNOWN' || t === 'NULL' || t === 'INTERVAL' || t === 'SKETCH') {
    const category = model.categoryOf(root);
    return category === 'numeric' ? 'DOUBLE' : category === 'time' ? 'DATETIME' : 'STRING';
  }
  return t;
}

/** cacheWindow — verified `day` for the current date; documented `non_dynamic` when nothing time-dependent is used;
 * the current time's window is our choice (language.ts). The shortest window used wins. */
function cacheWindowOf(model: SemanticModel): string {
  let best = CACHE_WINDOW_ORDER.length - 1;
  for (const call of model.calls) {
    const w = CACHE_WINDOWS[call.upperName];
    if (w !== undefined) best = Math.min(best, CACHE_WINDOW_ORDER.indexOf(w));
  }
  return CACHE_WINDOW_ORDER[best]!;
}

/** functionTemplateDependencies — documented: ids of the calculations nested with `<SERVICE>_BEAST_MODE(id)`; our
 * choice of element shape: the numeric ids, distinct, in order of appearance. */
function dependencies(model: SemanticModel): number[] {
  const ids = distinct<number>();
  for (const node of model.nested) if (node.service === model.serviceName) ids.add(node.id);
  return ids.values;
}

/** What the service refuses: syntax errors (documented: "Invalid Query"), the functions it does not accept (one policy
 * with the linter: `functionAvailability`; unknown and unsupported functions), wrong argument counts, unknown columns
 * with a schema (documented: case-sensitive). */
function problemsOf(model: SemanticModel): FormulaProblem[] {
  const problems: FormulaProblem[] = [];
  const push = (code: string, message: string, range: { start: { offset: number; line: number; column: number }; end: { offset: number } }) =>
    problems.push({ code, message, start: range.start.offset, end: range.end.offset, line: range.start.line, column: range.start.column });
  for (const e of model.parse.errors) push(e.code, e.message, e.range);
  // A name split by a hyphen or a space is reported as such; the call the parser saw in it (`DATE(` of `STR_TO-DATE(`)
  // is not the function meant, so its name and arguments are not judged.
  const splits = findSplitFunctionNames(model.parse.text, model.parse.tokens);
  const splitCalls = new Set(splits.map((s) => s.callStart));
  for (const s of splits) {
    const message = s.kind === 'distinct' ? `${s.written} looks like ${s.name}(DISTINCT …): DISTINCT goes inside the parentheses` : `${s.written} looks like the function ${s.name} with ${s.how}`;
    push('split-function-name', message, model.parse.lines.rangeOf(s.start, s.end));
  }
  for (const node of model.calls) {
    if (splitCalls.has(node.nameRange.start.offset)) continue;
    const { entry, accepted } = functionAvailability(node.upperName);
    if (!entry) push('unknown-function', `Unknown function ${node.name}`, node.nameRange);
    else if (!accepted) push('unsupported-function', `${entry.name} is not supported in formulas`, node.nameRange);
    else if (!node.recovered && node.parens) {
      const { min, max } = arity(entry);
      const n = node.star ? 1 : node.args.length;
      if (n < min || n > max) {
        const expected = min === max ? `${min}` : max === Infinity ? `at least ${min}` : `${min} to ${max}`;
        push('wrong-argument-count', `${entry.name} takes ${expected} argument${expected === '1' ? '' : 's'}, not ${n}`, node.range);
      }
    }
  }
  for (const node of model.nested) {
    if (node.service !== model.serviceName) {
      push('unknown-function', `Unknown function ${node.service}_BEAST_MODE: nested calculations are written ${model.serviceName}_BEAST_MODE(id)`, node.nameRange);
    }
  }
  if (model.schema) {
    const known = new Set(model.schema.map((c) => c.name));
    for (const { node } of model.columns) if (node.quote !== 'double' && !known.has(node.name)) push('unknown-column', `Unknown column ${node.raw}`, node.range);
  }
  return problems.sort((a, b) => a.start - b.start);
}

/**
 * The calculation, `checkSum` a getter computed on first read: hashing costs more than lexing a formula, and the
 * linter and the editor never read it. A class, so that the getter lives once on the prototype: an object literal
 * with a getter is built by V8's slow path, and cost more than all the rest of the analysis. A getter on the prototype
 * is not an own property: `toJSON` puts it first (where the literal had it), and whoever copies the fields with a
 * spread reads `checkSum` itself (the emulator does).
 */
class Calculation implements CalculationAnalysis {
  readonly #text: string;
  #checkSum: string | undefined;
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

  constructor(text: string, fields: Omit<CalculationAnalysis, 'checkSum'>) {
    this.#text = text;
    this.columnPositions = fields.columnPositions;
    this.functions = fields.functions;
    this.aggregated = fields.aggregated;
    this.analytic = fields.analytic;
    this.nonAggregatedColumns = fields.nonAggregatedColumns;
    this.dataType = fields.dataType;
    this.cacheWindow = fields.cacheWindow;
    this.functionTemplateDependencies = fields.functionTemplateDependencies;
    this.status = fields.status;
    this.problems = fields.problems;
  }

  get checkSum(): string {
    return (this.#checkSum ??= checkSumOf(this.#text));
  }

  toJSON(): CalculationAnalysis {
    return Object.assign({ checkSum: this.checkSum }, this);
  }
}

/** The calculation fields of an already analysed formula. */
export function calculationOf(model: SemanticModel): CalculationAnalysis {
  // aggregated — documented: an aggregate function is present. analytic — documented: a window (OVER) is present.
  let aggregated = false;
  let analytic = false;
  for (const c of model.calls) {
    if (!aggregated && model.isAggregate(c)) aggregated = true;
    if (c.over !== undefined) analytic = true;
  }
  const problems = problemsOf(model);
  return new Calculation(model.parse.text, {
    columnPositions: columnPositions(model),
    functions: functionNames(model),
    aggregated,
    analytic,
    nonAggregatedColumns: nonAggregatedColumns(model, aggregated),
    dataType: dataTypeOf(model),
    cacheWindow: cacheWindowOf(model),
    functionTemplateDependencies: dependencies(model),
    status: problems.length > 0 ? 'INVALID' : 'VALID',
    problems,
  });
}

/** Parses and analyses a formula; never throws. */
export function analyzeCalculation(expression: string, options: AnalyzeOptions = {}): CalculationAnalysis {
  return calculationOf(buildSemanticModel(parseFormula(expression), options));
}

export interface FormulaAnalysis extends SemanticModel {
  /** The calculation fields, computed on first access. */
  readonly calculation: CalculationAnalysis;
}

/** The semantic model of a parsed formula, with its calculation fields computed on demand. */
export function analyzeFormula(parse: ParseResult, options: AnalyzeOptions = {}): FormulaAnalysis {
  const model = buildSemanticModel(parse, options);
  let calculation: CalculationAnalysis | undefined;
  return Object.defineProperty(model, 'calculation', {
    get: () => (calculation ??= calculationOf(model)),
    enumerable: true,
  }) as FormulaAnalysis;
}
