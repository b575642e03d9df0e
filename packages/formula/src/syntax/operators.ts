// The operators' precedence (MySQL's, as the service applies it) and the classes rules ask about, defined once: the AST
// builder applies the precedence, the printer and the formatter add parentheses and chain operands by it, and the
// linter asks whether an operator compares. Also the one rule about what text may not be put side by side.
import type { BinaryOperator, Expression } from './ast.js';

/** Binding strength, loosest first. A bigger number binds tighter. */
export const PRECEDENCE = {
  OR: 1,
  AND: 2,
  /** Prefix NOT: looser than comparisons (`NOT a = b` is `NOT (a = b)`). */
  NOT: 3,
  /** `=`, `<>`, … and the predicate suffixes IN, LIKE, BETWEEN, IS [NOT] NULL|TRUE|FALSE. */
  COMPARISON: 4,
  ADDITIVE: 5,
  MULTIPLICATIVE: 6,
  /** Prefix `-` and `+`. */
  SIGN: 7,
  /** Literals, columns, calls, parentheses, CASE: never need parentheses. */
  PRIMARY: 8,
} as const;

export const COMPARISON_OPERATORS: ReadonlySet<BinaryOperator> = new Set<BinaryOperator>(['=', '!=', '<>', '<', '>', '<=', '>=']);

/** The precedence of each binary operator. */
export const BINARY_PRECEDENCE: Readonly<Record<BinaryOperator, number>> = {
  OR: PRECEDENCE.OR,
  AND: PRECEDENCE.AND,
  '=': PRECEDENCE.COMPARISON,
  '!=': PRECEDENCE.COMPARISON,
  '<>': PRECEDENCE.COMPARISON,
  '<': PRECEDENCE.COMPARISON,
  '>': PRECEDENCE.COMPARISON,
  '<=': PRECEDENCE.COMPARISON,
  '>=': PRECEDENCE.COMPARISON,
  '+': PRECEDENCE.ADDITIVE,
  '-': PRECEDENCE.ADDITIVE,
  '*': PRECEDENCE.MULTIPLICATIVE,
  '/': PRECEDENCE.MULTIPLICATIVE,
};

export const isComparisonOperator = (op: string): boolean => COMPARISON_OPERATORS.has(op as BinaryOperator);

/** How tightly an expression binds: the printer wraps an operand in parentheses when it binds looser than needed. */
export function precedenceOf(e: Expression): number {
  switch (e.kind) {
    case 'Binary':
      return BINARY_PRECEDENCE[e.operator];
    case 'Unary':
      return e.operator === 'NOT' ? PRECEDENCE.NOT : PRECEDENCE.SIGN;
    case 'In':
    case 'Like':
    case 'Between':
    case 'IsNull':
    case 'IsTruth':
      return PRECEDENCE.COMPARISON;
    default:
      return PRECEDENCE.PRIMARY;
  }
}

/** Whether writing `before` and `after` with nothing between them would start a comment (`-` `-` → `--`, `/` `*` →
 * `/*`), so a printer must put a space there. */
export function wouldStartComment(before: string, after: string): boolean {
  const last = before[before.length - 1];
  const first = after[0];
  return (last === '-' && first === '-') || (last === '/' && first === '*');
}
