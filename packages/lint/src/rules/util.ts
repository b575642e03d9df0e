// Small AST helpers shared by rules: parentheses, literals, comparisons, constant-ness.
import { walk, type Expression, type Node } from '@calckit/formula';

export { unparen, isComparisonOperator } from '../semantics/types.js';

/** True when the expression (parentheses aside) is a NULL literal. */
export function isNullLiteral(e: Expression): boolean {
  let x = e;
  while (x.kind === 'Paren') x = x.expression;
  return x.kind === 'Null';
}

/** The numeric value of a number literal, with an optional unary sign, or undefined. */
export function numberValue(e: Expression): number | undefined {
  let x = e;
  while (x.kind === 'Paren') x = x.expression;
  if (x.kind === 'Number') return x.value;
  if (x.kind === 'Unary' && (x.operator === '-' || x.operator === '+')) {
    const v = numberValue(x.operand);
    return v === undefined ? undefined : x.operator === '-' ? -v : v;
  }
  return undefined;
}

/** True when the expression depends on no row and no clock: only literals and operators. */
export function isConstant(e: Node): boolean {
  let constant = true;
  walk(e, {
    enter(n) {
      if (n.kind === 'Column' || n.kind === 'DoubleQuoted' || n.kind === 'Call' || n.kind === 'NestedCalculation' || n.kind === 'Error') {
        constant = false;
        return false;
      }
      return undefined;
    },
  });
  return constant;
}

/** The source text of a node. */
export function textOf(text: string, n: Node): string {
  return text.slice(n.range.start.offset, n.range.end.offset);
}

/** Quotes a value as a single-quoted string literal. */
export function singleQuoted(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** Quotes a name as a backtick column reference. */
export function backticked(name: string): string {
  return `\`${name.replace(/`/g, '``')}\``;
}
