// Type inference over the AST: a side table from expression to type, plus, for columns no schema describes, the kind
// of value their use implies (compared with a number, passed to DATEDIFF, matched with LIKE, …).
import type { BinaryExpression, Expression, Formula, Node } from '../syntax/ast.js';
import { walk } from '../syntax/walk.js';
import type { DatasetColumn } from '../schema.js';
import { paramAt, lookupFunction } from '../catalogue/index.js';
import { arithmeticResultType, negationType, type ArithmeticOperator } from './arithmetic-types.js';
import { callType, intervalArithmeticType } from './call-types.js';
import { categoryOf, unify, type TypeCategory, type ValueType } from './value-type.js';

export interface TypeTable {
  /** The type of an expression; UNKNOWN where no schema says (a column, an unknown function). */
  typeOf(expression: Expression): ValueType;
  /** The same type, read without keeping the types of the parts: for one question about a whole formula. */
  typeOnce(expression: Expression): ValueType;
  /** The category of an expression, using for unknown columns the kind their use implies. */
  categoryOf(expression: Expression): TypeCategory;
  /** The type of a column: from the schema (case-sensitive name), else undefined. */
  columnType(name: string): ValueType | undefined;
  /** What the uses of a column without a schema type imply it holds. */
  usageOf(name: string): TypeCategory | undefined;
}

const ARITHMETIC = new Set(['+', '-', '*', '/']);
/** Levels of operands read by plain recursion before switching to an explicit stack. */
const RECURSION_LIMIT = 200;
const LOGICAL = new Set(['AND', 'OR']);

/** `+ - * /` by MySQL's table (arithmetic-types.ts); `date ± INTERVAL n UNIT` as DATE_ADD and DATE_SUB. */
function arithmeticType(node: BinaryExpression, left: ValueType, right: ValueType): ValueType {
  if (node.right.kind === 'Interval') return intervalArithmeticType(left, node.right.unit);
  if (node.left.kind === 'Interval') return intervalArithmeticType(right, node.left.unit);
  return arithmeticResultType(node.operator as ArithmeticOperator, left, right);
}

function literalNumberType(raw: string, integer: boolean): ValueType {
  if (integer) return 'LONG';
  return raw.includes('e') || raw.includes('E') ? 'DOUBLE' : 'DECIMAL';
}

const PARAM_CATEGORY: Readonly<Record<string, TypeCategory>> = {
  NUMERIC: 'numeric',
  LONG: 'numeric',
  DOUBLE: 'numeric',
  DECIMAL: 'numeric',
  STRING: 'string',
  TIME: 'time',
  DATE: 'time',
  DATETIME: 'time',
};

export function inferTypes(formula: Formula, schema?: readonly DatasetColumn[]): TypeTable {
  return new TypeInference(formula, schema);
}

/**
 * Memoised and on demand: the result type of a formula needs only the subtrees that feed its value. Operands are read
 * through `read`: recursively while the tree is shallow (the common case, and the fastest), and past RECURSION_LIMIT
 * levels without recursion: `probe` answers from the table or notes the operand as missing; the missing ones are
 * computed first (an explicit stack), then the node again. A left-deep chain of 100,000 additions costs at most two
 * `compute` calls per node and no call stack. A class, so that one formula's table costs one closure (the reader
 * handed to `compute`), not a dozen.
 */
class TypeInference implements TypeTable {
  readonly #formula: Formula;
  readonly #schema: readonly DatasetColumn[] | undefined;
  /** The schema's column types by name, made on first use. */
  #columns: Map<string, ValueType> | undefined;
  /** Made on first use: typeOnce alone (a formula's result type) never needs it. */
  #table: Map<Expression, ValueType> | undefined;
  #usage: Map<string, TypeCategory> | undefined;
  #depth = 0;

  constructor(formula: Formula, schema: readonly DatasetColumn[] | undefined) {
    this.#formula = formula;
    this.#schema = schema;
  }

  /**
   * The type of `e` read straight through, without filling the table: in a tree each node's type feeds its parent once,
   * so one question about a whole formula (its result type) costs the same without the table, and the table is then
   * never made. Past RECURSION_LIMIT levels the table's reading takes over.
   */
  readonly typeOnce = (e: Expression): ValueType => {
    if (this.#depth >= RECURSION_LIMIT) return this.typeOf(e);
    this.#depth++;
    const t = this.#compute(e, this.typeOnce);
    this.#depth--;
    return t;
  };

  /** The type of `e`, computed (with what it depends on) on first ask. */
  readonly typeOf = (e: Expression): ValueType => {
    const types = (this.#table ??= new Map());
    let t = types.get(e);
    if (t !== undefined) return t;
    if (this.#depth >= RECURSION_LIMIT) return this.#iterative(e);
    this.#depth++;
    t = this.#compute(e, this.typeOf);
    this.#depth--;
    types.set(e, t);
    return t;
  };

  categoryOf(e: Expression): TypeCategory {
    let target = e;
    while (target.kind === 'Paren') target = target.expression;
    const category = categoryOf(this.typeOf(target));
    if (category === 'unknown' && target.kind === 'Column') return this.#usageHints().get(target.name) ?? 'unknown';
    return category;
  }

  columnType(name: string): ValueType | undefined {
    if (!this.#schema) return undefined;
    if (!this.#columns) {
      this.#columns = new Map();
      for (const c of this.#schema) this.#columns.set(c.name, c.type);
    }
    return this.#columns.get(name);
  }

  usageOf(name: string): TypeCategory | undefined {
    return this.#usageHints().get(name);
  }

  #usageHints(): Map<string, TypeCategory> {
    return (this.#usage ??= collectUsage(this.#formula, this.typeOf));
  }

  #iterative(e: Expression): ValueType {
    const types = (this.#table ??= new Map());
    const missing: Expression[] = [];
    // The reader of the explicit stack: the known type, or UNKNOWN with the operand noted as missing.
    const probe = (operand: Expression): ValueType => {
      const t = types.get(operand);
      if (t !== undefined) return t;
      missing.push(operand);
      return 'UNKNOWN';
    };
    const stack: Expression[] = [e];
    while (stack.length > 0) {
      const node = stack[stack.length - 1]!;
      if (types.has(node)) {
        stack.pop();
        continue;
      }
      missing.length = 0;
      const t = this.#compute(node, probe);
      if (missing.length === 0) {
        types.set(node, t);
        stack.pop();
      } else for (const m of missing) stack.push(m);
    }
    return types.get(e)!;
  }

  #compute(node: Expression, read: (e: Expression) => ValueType): ValueType {
    switch (node.kind) {
      case 'Column':
        return node.quote === 'double' ? 'STRING' : (this.columnType(node.name) ?? 'UNKNOWN');
      case 'String':
      case 'DoubleQuoted':
        return 'STRING';
      case 'Number':
        return literalNumberType(node.raw, node.integer);
      case 'Boolean':
        return 'BOOLEAN';
      case 'Null':
        return 'NULL';
      case 'Unary': {
        if (node.operator === 'NOT') return 'BOOLEAN';
        const t = read(node.operand);
        // Unary plus is no operation in MySQL: the operand as it is.
        return node.operator === '+' ? t : negationType(t);
      }
      case 'Binary':
        return ARITHMETIC.has(node.operator) ? arithmeticType(node, read(node.left), read(node.right)) : 'BOOLEAN';
      case 'Paren':
        return read(node.expression);
      case 'Case': {
        const results = node.whens.map((w) => read(w.result));
        if (node.elseResult) results.push(read(node.elseResult));
        return unify(results);
      }
      case 'Call':
        return callType(node, read);
      case 'Interval':
        return 'INTERVAL';
      case 'In':
      case 'Like':
      case 'Between':
      case 'IsNull':
      case 'IsTruth':
        return 'BOOLEAN';
      default:
        return 'UNKNOWN';
    }
  }
}

/** What the uses of each column of unknown type imply it holds: the first use that says wins. */
function collectUsage(formula: Formula, get: (e: Expression) => ValueType): Map<string, TypeCategory> {
  const usage = new Map<string, TypeCategory>();
  const hint = (e: Expression | undefined, category: TypeCategory) => {
    let target = e;
    while (target?.kind === 'Paren') target = target.expression;
    if (target?.kind !== 'Column' || get(target) !== 'UNKNOWN') return;
    if (category === 'unknown' || category === 'null' || category === 'other') return;
    if (!usage.has(target.name)) usage.set(target.name, category === 'boolean' ? 'numeric' : category);
  };
  const known = (e: Expression): TypeCategory => categoryOf(get(e));
  walk(formula, {
    enter(node: Node) {
      switch (node.kind) {
        case 'Binary':
          if (ARITHMETIC.has(node.operator)) {
            hint(node.left, 'numeric');
            hint(node.right, 'numeric');
          } else if (!LOGICAL.has(node.operator)) {
            hint(node.left, known(node.right));
            hint(node.right, known(node.left));
          }
          break;
        case 'Like':
          hint(node.expression, 'string');
          break;
        case 'In':
          for (const item of node.list) hint(node.expression, known(item));
          break;
        case 'Between':
          hint(node.expression, known(node.low));
          hint(node.expression, known(node.high));
          break;
        case 'Case':
          if (node.operand) for (const w of node.whens) {
            hint(node.operand, known(w.condition));
            hint(w.condition, known(node.operand));
          }
          break;
        case 'Call': {
          const entry = lookupFunction(node.upperName);
          if (!entry) break;
          node.args.forEach((arg, i) => {
            const param = paramAt(entry, i);
            const category = param && param.types.length === 1 ? PARAM_CATEGORY[param.types[0]!] : undefined;
            if (category) hint(arg, category);
          });
          break;
        }
        default:
          break;
      }
    },
  });

  return usage;
}
