// analyzeCalculation: what the service stores for a calculation, computed from the formula text alone.
// Each field's rule says whether it is verified (checked against real responses), documented, or our choice.
import { checkSumOf } from './checksum.js';
import type { Range } from '../syntax/ast.js';
import { MAX_FORMULA_LENGTH, parseFormula, type ParseResult } from '../syntax/parse.js';
import { arity, availabilityOf, engineFormOf, findSplitFunctionNames, type FunctionEntry } from '../catalogue/index.js';
import { CACHE_WINDOWS, CACHE_WINDOW_ORDER } from '../language.js';
import { javaHashSetOrderOfDistinct } from './java-hash-set.js';
import { buildSemanticModel, Model, type AnalyzeOptions, type SemanticModel } from './semantic-model.js';

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

/** `<SERVICE>_OP_ADD` … by operator, for the service name last asked for: a process analyses for one service, and
 * the names are then made once, not once per operator of every formula. */
let operatorNamesOf: { readonly service: string; readonly names: Readonly<Record<string, string>> } | undefined;

function operatorFunctionNames(service: string): Readonly<Record<string, string>> {
  if (operatorNamesOf?.service !== service) {
    const names: Record<string, string> = {};
    for (const [operator, name] of Object.entries(OPERATOR_NAMES)) names[operator] = `${service}_OP_${name}`;
    operatorNamesOf = { service, names };
  }
  return operatorNamesOf.names;
}

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

/** The catalogue entry of each of `model.calls` (undefined: not a catalogue function), looked up once for all the
 * fields that need it. */
type CallEntries = readonly (FunctionEntry | undefined)[];

/** Distinct names, each with where it first appears in the text. They are found in tree order, which is not text
 * order (an operator stands after its left operand), so each name keeps its earliest appearance. */
class FirstAppearances {
  readonly names: string[] = [];
  /** Each name's earliest appearance: its offset, then (for equal offsets) the order found, as a stable sort of every
   * appearance would put them; one number, exact: both are below MAX_FORMULA_LENGTH, each appearance having a token. */
  readonly firstSeen: number[] = [];
  #found = 0;
  /** Name → index in `names`, once the list is too long to search (a formula calling 100,000 unknown functions). */
  #index: Map<string, number> | undefined;

  add(name: string, offset: number): void {
    const seen = offset * MAX_FORMULA_LENGTH + this.#found++;
    const i = this.#index ? (this.#index.get(name) ?? -1) : this.names.indexOf(name);
    if (i < 0) {
      this.names.push(name);
      this.firstSeen.push(seen);
      if (this.#index) this.#index.set(name, this.names.length - 1);
      else if (this.names.length > 16) this.#index = new Map(this.names.map((n, j) => [n, j]));
    } else if (seen < this.firstSeen[i]!) this.firstSeen[i] = seen;
  }
}

/** checkSum — verified: lower-case hex SHA-1 of the expression's UTF-8 bytes, exactly as stored (checksum.ts). */
export { checkSumOf };

/**
 * functions — verified: distinct names, upper-cased, plus `<SERVICE>_OP_ADD|SUBTRACT|MULTIPLY|DIVIDE` for binary
 * `+ - * /`, in a Java HashSet's iteration order with names inserted in order of first appearance. CASE, AND,
 * comparisons, CURRENT_DATE() and unary minus are absent (verified). Other niladic constants (NOW, CURDATE, …) are left
 * out like CURRENT_DATE: our choice. Nested calculations are dependencies, not functions (documented).
 */
function functionNames(model: SemanticModel, entries: CallEntries): string[] {
  const found = new FirstAppearances();
  if (model.arithmetic.length > 0) {
    const names = operatorFunctionNames(model.serviceName);
    for (const node of model.arithmetic) found.add(names[node.operator]!, node.operatorRange.start.offset);
  }
  for (let i = 0; i < model.calls.length; i++) {
    const node = model.calls[i]!;
    if (entries[i]?.kind !== 'constant') found.add(node.upperName, node.nameRange.start.offset);
  }
  for (const node of model.nested) {
    if (node.service !== model.serviceName) found.add(`${node.service}_BEAST_MODE`, node.nameRange.start.offset);
  }
  return javaHashSetOrderOfDistinct(found.names, found.firstSeen);
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
  const t = model.typeOnce(root);
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
    const rank = CACHE_WINDOW_RANKS.get(call.upperName);
    if (rank !== undefined && rank < best) best = rank;
  }
  return CACHE_WINDOW_ORDER[best]!;
}

/** The window of each time-dependent constant, as its index in CACHE_WINDOW_ORDER (lower: shorter). */
const CACHE_WINDOW_RANKS: ReadonlyMap<string, number> = new Map(Object.entries(CACHE_WINDOWS).map(([name, w]) => [name, CACHE_WINDOW_ORDER.indexOf(w)]));

/** functionTemplateDependencies — documented: ids of the calculations nested with `<SERVICE>_BEAST_MODE(id)`; our
 * choice of element shape: the numeric ids, distinct, in order of appearance. */
function dependencies(model: SemanticModel): number[] {
  if (model.nested.length === 0) return [];
  const ids = distinct<number>();
  for (const node of model.nested) if (node.service === model.serviceName) ids.add(node.id);
  return ids.values;
}

/** What the service refuses: syntax errors (documented: "Invalid Query"), the functions it does not accept (one policy
 * with the linter: `functionAvailability`; unknown and unsupported functions), wrong argument counts, unknown columns
 * with a schema (documented: case-sensitive). */
function problemsOf(model: SemanticModel, entries: CallEntries): FormulaProblem[] {
  const problems: FormulaProblem[] = [];
  for (const e of model.parse.errors) addProblem(problems, e.code, e.message, e.range);
  // A name split by a hyphen or a space is reported as such; the call the parser saw in it (`DATE(` of `STR_TO-DATE(`)
  // is not the function meant, so its name and arguments are not judged.
  const splits = findSplitFunctionNames(model.parse.text, model.parse.tokens);
  const splitCalls = splits.length > 0 ? new Set(splits.map((s) => s.callStart)) : undefined;
  for (const s of splits) {
    const message = s.kind === 'distinct' ? `${s.written} looks like ${s.name}(DISTINCT …): DISTINCT goes inside the parentheses` : `${s.written} looks like the function ${s.name} with ${s.how}`;
    addProblem(problems, 'split-function-name', message, model.parse.lines.rangeOf(s.start, s.end));
  }
  for (let i = 0; i < model.calls.length; i++) {
    const node = model.calls[i]!;
    if (splitCalls?.has(node.nameRange.start.offset)) continue;
    const { entry, accepted } = availabilityOf(entries[i]);
    if (!entry) addProblem(problems, 'unknown-function', `Unknown function ${node.name}`, node.nameRange);
    else if (!accepted) addProblem(problems, 'unsupported-function', `${entry.name} is not supported in formulas`, node.nameRange);
    else if (!node.recovered && node.parens) {
      const { min, max } = arity(entry);
      const n = node.star ? 1 : node.args.length;
      // MySQL's forms beyond the documented signature (LOG(b, x), …) are accepted, as lint's undocumented-function warns.
      if ((n < min || n > max) && !engineFormOf(entry.name, n, { min, max })) {
        const expected = min === max ? `${min}` : max === Infinity ? `at least ${min}` : `${min} to ${max}`;
        addProblem(problems, 'wrong-argument-count', `${entry.name} takes ${expected} argument${expected === '1' ? '' : 's'}, not ${n}`, node.range);
      }
    }
  }
  for (const node of model.nested) {
    if (node.service !== model.serviceName) {
      addProblem(problems, 'unknown-function', `Unknown function ${node.service}_BEAST_MODE: nested calculations are written ${model.serviceName}_BEAST_MODE(id)`, node.nameRange);
    }
  }
  if (model.schema) {
    const known = new Set(model.schema.map((c) => c.name));
    for (const { node } of model.columns) if (node.quote !== 'double' && !known.has(node.name)) addProblem(problems, 'unknown-column', `Unknown column ${node.raw}`, node.range);
  }
  // Usually in order already (none, or one kind); the sort is stable, so skipping it changes nothing.
  return isSortedByStart(problems) ? problems : problems.sort((a, b) => a.start - b.start);
}

function addProblem(problems: FormulaProblem[], code: string, message: string, range: Range): void {
  problems.push({ code, message, start: range.start.offset, end: range.end.offset, line: range.start.line, column: range.start.column });
}

function isSortedByStart(problems: readonly FormulaProblem[]): boolean {
  for (let i = 1; i < problems.length; i++) if (problems[i - 1]!.start > problems[i]!.start) return false;
  return true;
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
  const entries = model.callEntries;
  // aggregated — documented: an aggregate function is present. analytic — documented: a window (OVER) is present.
  let aggregated = false;
  let analytic = false;
  for (let i = 0; i < entries.length; i++) {
    if (entries[i]?.kind === 'aggregate') aggregated = true;
    if (model.calls[i]!.over !== undefined) analytic = true;
  }
  const problems = problemsOf(model, entries);
  return new Calculation(model.parse.text, {
    columnPositions: columnPositions(model),
    functions: functionNames(model, entries),
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

/**
 * The model with its calculation fields, computed on first access. A subclass, not a getter defined on each model:
 * a property defined per object with its own closure gives every model a hidden class of its own, allocated old and
 * pointing at the young model, and every minor GC then keeps recent models and their trees alive (ARCHITECTURE.md,
 * "Memory").
 */
class AnalysedModel extends Model implements FormulaAnalysis {
  #calculation: CalculationAnalysis | undefined;

  get calculation(): CalculationAnalysis {
    return (this.#calculation ??= calculationOf(this));
  }
}

/** The semantic model of a parsed formula, with its calculation fields computed on demand. */
export function analyzeFormula(parse: ParseResult, options: AnalyzeOptions = {}): FormulaAnalysis {
  return new AnalysedModel(parse, options);
}
