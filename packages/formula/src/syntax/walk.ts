// Generic traversal of the AST: children in source order, depth-first walks with parents, node lookup by offset.
// Nothing here recurses: a flat chain of 100,000 operators is a left-deep tree 100,000 levels deep, and every walk
// over it keeps its own stack.
import type { Expression, Node } from './ast.js';

/** The direct children of a node, in source order. */
export function childrenOf(node: Node): Node[] {
  const out: Node[] = [];
  pushChildren(node, out);
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
    case 'IsTruth':
      fn(node.expression);
      return;
    default:
      return;
  }
}

/** Appends the direct children of a node to `out`, in source order (no closure, no allocation of its own). */
export function pushChildren(node: Node, out: Node[]): void {
  switch (node.kind) {
    case 'Formula':
      if (node.expression) out.push(node.expression);
      return;
    case 'Unary':
      out.push(node.operand);
      return;
    case 'Binary':
      out.push(node.left, node.right);
      return;
    case 'Paren':
      out.push(node.expression);
      return;
    case 'Case':
      if (node.operand) out.push(node.operand);
      for (const w of node.whens) out.push(w);
      if (node.elseResult) out.push(node.elseResult);
      return;
    case 'When':
      out.push(node.condition, node.result);
      return;
    case 'Call':
      for (const a of node.args) out.push(a);
      if (node.over) out.push(node.over);
      if (node.fixed) out.push(node.fixed);
      return;
    case 'Window':
      for (const p of node.partitionBy) out.push(p);
      for (const o of node.orderBy) out.push(o);
      return;
    case 'OrderItem':
      out.push(node.expression);
      return;
    case 'Fixed':
      for (const c of node.columns) out.push(c);
      for (const c of node.filterColumns) out.push(c);
      return;
    case 'Interval':
      out.push(node.value);
      return;
    case 'In':
      out.push(node.expression);
      for (const i of node.list) out.push(i);
      return;
    case 'Like':
      out.push(node.expression, node.pattern);
      return;
    case 'Between':
      out.push(node.expression, node.low, node.high);
      return;
    case 'IsNull':
    case 'IsTruth':
      out.push(node.expression);
      return;
    default:
      return;
  }
}

/** Appends the direct children of a node to `out` in reverse source order: on a stack, they pop in source order. */
export function pushChildrenReversed(node: Node, out: Node[]): void {
  switch (node.kind) {
    case 'Formula':
      if (node.expression) out.push(node.expression);
      return;
    case 'Unary':
      out.push(node.operand);
      return;
    case 'Binary':
      out.push(node.right, node.left);
      return;
    case 'Paren':
      out.push(node.expression);
      return;
    case 'Case':
      if (node.elseResult) out.push(node.elseResult);
      for (let i = node.whens.length - 1; i >= 0; i--) out.push(node.whens[i]!);
      if (node.operand) out.push(node.operand);
      return;
    case 'When':
      out.push(node.result, node.condition);
      return;
    case 'Call':
      if (node.fixed) out.push(node.fixed);
      if (node.over) out.push(node.over);
      for (let i = node.args.length - 1; i >= 0; i--) out.push(node.args[i]!);
      return;
    case 'Window':
      for (let i = node.orderBy.length - 1; i >= 0; i--) out.push(node.orderBy[i]!);
      for (let i = node.partitionBy.length - 1; i >= 0; i--) out.push(node.partitionBy[i]!);
      return;
    case 'OrderItem':
      out.push(node.expression);
      return;
    case 'Fixed':
      for (let i = node.filterColumns.length - 1; i >= 0; i--) out.push(node.filterColumns[i]!);
      for (let i = node.columns.length - 1; i >= 0; i--) out.push(node.columns[i]!);
      return;
    case 'Interval':
      out.push(node.value);
      return;
    case 'In':
      for (let i = node.list.length - 1; i >= 0; i--) out.push(node.list[i]!);
      out.push(node.expression);
      return;
    case 'Like':
      out.push(node.pattern, node.expression);
      return;
    case 'Between':
      out.push(node.high, node.low, node.expression);
      return;
    case 'IsNull':
    case 'IsTruth':
      out.push(node.expression);
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

/** Depth-first walk in source order, iterative (an explicit stack): a left-deep chain of 100,000 operators, or any
 * depth the parser accepts, walks without growing the call stack. `enter` and `leave` see the same order and
 * parents as a recursive walk would. */
export function walk(root: Node, visitor: WalkVisitor): void {
  const enter = visitor.enter;
  const leave = visitor.leave;
  // Parallel stacks: the node, its parent, and whether this entry is the node's exit (for `leave`).
  const nodes: Node[] = [root];
  const parents: Array<Node | undefined> = [undefined];
  const exits: boolean[] = [false];
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const parent = parents.pop();
    if (exits.pop()) {
      leave!(node, parent);
      continue;
    }
    if (enter?.(node, parent) === false) {
      leave?.(node, parent);
      continue;
    }
    if (leave) {
      nodes.push(node);
      parents.push(parent);
      exits.push(true);
    }
    // The children go on the stack reversed, so that they pop in source order.
    const base = nodes.length;
    pushChildrenReversed(node, nodes);
    for (let i = base; i < nodes.length; i++) {
      parents.push(node);
      exits.push(false);
    }
  }
}

/**
 * Visits every node in source (pre-)order with its ancestors: while `enter` runs for a node, `path` holds the root, …,
 * the node's parent, the node. The array is the caller's (so that others can read it during the walk) and changes as
 * the walk goes: read it, do not keep it. Between calls it always holds one node's chain of ancestors.
 */
export function walkWithAncestors(root: Node, path: Node[], enter: (node: Node, path: readonly Node[]) => void): void {
  const nodes: Node[] = [root];
  const depths: number[] = [0];
  path.length = 0;
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const depth = depths.pop()!;
    // Back up to the node's parent (pops: setting the length is a slow built-in call).
    while (path.length > depth) path.pop();
    path.push(node);
    enter(node, path);
    // The children go on the stack reversed, so that they pop in source order.
    const base = nodes.length;
    pushChildrenReversed(node, nodes);
    for (let i = base; i < nodes.length; i++) depths.push(depth + 1);
  }
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
  const children: Node[] = [];
  let current: Node | undefined = root;
  while (current) {
    path.push(current);
    let next: Node | undefined;
    children.length = 0;
    pushChildren(current, children);
    for (const child of children) {
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
