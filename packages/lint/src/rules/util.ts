// Small AST helpers shared by rules: parentheses, literals, comparisons, constant-ness.
import { pushChildren, type CallExpression, type Expression, type Node } from '@calckit/formula';

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

/** Nodes looked at before a question about constancy is answered bottom-up and remembered instead. */
const SMALL_TREE = 64;

/** Constancy of a subtree of at most `budget` nodes (to the first varying one), or undefined past the budget. */
function constantWithin(e: Node, budget: number): boolean | undefined {
  const stack: Node[] = [e];
  for (let seen = 0; stack.length > 0; seen++) {
    if (seen >= budget) return undefined;
    const n = stack.pop()!;
    if (VARYING.has(n.kind)) return false;
    pushChildren(n, stack);
  }
  return true;
}

/** Nodes whose value depends on the row or the clock (or on what the parser could not read). */
const VARYING: ReadonlySet<string> = new Set(['Column', 'DoubleQuoted', 'Call', 'NestedCalculation', 'Error']);
/** Constancy of every node asked about and of its descendants: trees are immutable, so an answer holds for good. */
const constancy = new WeakMap<Node, boolean>();

/**
 * True when the expression depends on no row and no clock: only literals and operators. Computed bottom-up without
 * recursion and remembered per node, so that asking about every operand of a 100,000-term chain costs one pass over
 * the chain, not one per operand.
 */
export function isConstant(e: Node): boolean {
  const known = constancy.get(e);
  if (known !== undefined) return known;
  // A small subtree (the usual condition) is answered by looking, without remembering anything.
  const small = constantWithin(e, SMALL_TREE);
  if (small !== undefined) return small;
  const stack: Node[] = [e];
  const expanded: boolean[] = [false];
  const children: Node[] = [];
  while (stack.length > 0) {
    const n = stack[stack.length - 1]!;
    if (constancy.has(n)) {
      stack.pop();
      expanded.pop();
      continue;
    }
    if (VARYING.has(n.kind)) {
      constancy.set(n, false);
      stack.pop();
      expanded.pop();
      continue;
    }
    children.length = 0;
    pushChildren(n, children);
    if (!expanded[expanded.length - 1]) {
      // First visit: the children not known yet are computed first.
      expanded[expanded.length - 1] = true;
      for (const c of children) {
        if (!constancy.has(c)) {
          stack.push(c);
          expanded.push(false);
        }
      }
      continue;
    }
    constancy.set(n, children.every((c) => constancy.get(c) === true));
    stack.pop();
    expanded.pop();
  }
  return constancy.get(e)!;
}

/** Argument positions of the calls asked about that have many arguments. */
const argumentIndexes = new WeakMap<CallExpression, Map<Node, number>>();

/** The index of `node` among a call's arguments (-1 when it is not one): constant time also for a call with
 * 100,000 arguments, where `args.indexOf` for each would be quadratic. */
export function argumentIndex(call: CallExpression, node: Node): number {
  if (call.args.length <= 16) return call.args.indexOf(node as Expression);
  let index = argumentIndexes.get(call);
  if (!index) {
    index = new Map(call.args.map((a, i) => [a, i]));
    argumentIndexes.set(call, index);
  }
  return index.get(node) ?? -1;
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
