// Generic traversal of the AST: children in source order, depth-first walks with parents, node lookup by offset.
import type { Expression, Node } from './ast.js';

/** The direct children of a node, in source order. */
export function childrenOf(node: Node): Node[] {
  const out: Node[] = [];
  forEachChild(node, (child) => void out.push(child));
  return out;
}

/** Calls `fn` for each direct child of a node, in source order, without allocating. */
export function forEachChild(node: Node, fn: (child: Node) => void): void {
  switch (node.kind) {
    case 'Formula':
      if (node.expression) fn(node.expression);
      return;
    case 'Unary':
      fn(node.operand);
      return;
    case 'Binary':
      fn(node.left);
      fn(node.right);
      return;
    case 'Paren':
      fn(node.expression);
      return;
    case 'Case':
      if (node.operand) fn(node.operand);
      for (const w of node.whens) fn(w);
      if (node.elseResult) fn(node.elseResult);
      return;
    case 'When':
      fn(node.condition);
      fn(node.result);
      return;
    case 'Call':
      for (const a of node.args) fn(a);
      if (node.over) fn(node.over);
      if (node.fixed) fn(node.fixed);
      return;
    case 'Window':
      for (const p of node.partitionBy) fn(p);
      for (const o of node.orderBy) fn(o);
      return;
    case 'OrderItem':
      fn(node.expression);
      return;
    case 'Fixed':
      for (const c of node.columns) fn(c);
      for (const c of node.filterColumns) fn(c);
      return;
    case 'Interval':
      fn(node.value);
      return;
    case 'In':
      fn(node.expression);
      for (const i of node.list) fn(i);
      return;
    case 'Like':
      fn(node.expression);
      fn(node.pattern);
      return;
    case 'Between':
      fn(node.expression);
      fn(node.low);
      fn(node.high);
      return;
    case 'IsNull':
      fn(node.expression);
      return;
    default:
      return;
  }
}

export interface WalkVisitor {
  /** Called before the children; return `false` to skip them. */
  enter?(node: Node, parent: Node | undefined): boolean | void;
  leave?(node: Node, parent: Node | undefined): void;
}

/** Depth-first walk in source order. (Recursion depth is bounded by the parser's, which is recursive too.) */
export function walk(root: Node, visitor: WalkVisitor): void {
  const visit = (node: Node, parent: Node | undefined): void => {
    if (visitor.enter?.(node, parent) === false) {
      visitor.leave?.(node, parent);
      return;
    }
    forEachChild(node, (child) => visit(child, node));
    visitor.leave?.(node, parent);
  };
  visit(root, undefined);
}

/** Every node in source (pre-)order. */
export function allNodes(root: Node): Node[] {
  const out: Node[] = [];
  walk(root, { enter: (n) => void out.push(n) });
  return out;
}

/** The chain of nodes containing `offset`, outermost first (an offset at a node's end counts as inside it). */
export function nodePathAt(root: Node, offset: number): Node[] {
  const path: Node[] = [];
  let current: Node | undefined = root;
  while (current) {
    path.push(current);
    let next: Node | undefined;
    for (const child of childrenOf(current)) {
      if (child.range.start.offset <= offset && offset <= child.range.end.offset) {
        next = child;
        // Prefer a child that strictly contains the offset over one that merely ends at it.
        if (offset < child.range.end.offset) break;
      }
    }
    current = next;
  }
  return path;
}

export function isExpression(node: Node): node is Expression {
  return node.kind !== 'Formula' && node.kind !== 'When' && node.kind !== 'Window' && node.kind !== 'Fixed' && node.kind !== 'OrderItem';
}
