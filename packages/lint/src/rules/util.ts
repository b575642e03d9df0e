// Small AST helpers shared by rules: parentheses, literals, comparisons, quoting. (Constancy and argument positions,
// remembered per lint pass, are the semantics' `isConstant` and `argumentIndex`.)
import { singleQuotedLiteral, type Expression, type Node } from '@calckit/formula';

export { unparen, isComparisonOperator } from '../semantics/types.js';

/** True when the expression (parentheses aside) is a NULL literal. */
export function isNullLiteral(e: Expression): boolean {
  let x = e;
  while (x.kind === 'Paren') x = x.expression;
  return x.kind === 'Null';
}

/** The numeric value of a number literal, with optional unary signs (`- -1`), or undefined. */
export function numberValue(e: Expression): number | undefined {
  let x = e;
  let sign = 1;
  for (;;) {
    while (x.kind === 'Paren') x = x.expression;
    if (x.kind === 'Number') return sign * x.value;
    if (x.kind !== 'Unary' || (x.operator !== '-' && x.operator !== '+')) return undefined;
    if (x.operator === '-') sign = -sign;
    x = x.operand;
  }
}

/** The source text of a node. */
export function textOf(text: string, n: Node): string {
  return text.slice(n.range.start.offset, n.range.end.offset);
}

/** Quotes a value as a single-quoted string literal that reads back as that value (backslashes escaped). */
export const singleQuoted: (value: string) => string = singleQuotedLiteral;

/** Quotes a name as a backtick column reference. */
export function backticked(name: string): string {
  return `\`${name.replace(/`/g, '``')}\``;
}
