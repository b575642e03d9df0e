// Generic traversal of the AST: children in source order, depth-first walks with parents, node lookup by offset.
import type { Expression, Node } from './ast.js';

/** The direct children of a node, in source order. */
export function childrenOf(node: Node): Node[] {
  switch (node.kind) {
    case 'Formula':
      return node.expression ? [node.expression] : [];
    case 'Unary':
      return [node.operand];
    case 'Binary':
      return [node.left, node.right];
    case 'Paren':
      return [node.expression];
    case 'Case': {
      const out: Node[] = [];
      if (node.operand) out.push(node.operand);
      out.push(...node.whens);
      if (node.elseResult) out.push(node.elseResult);
      return out;
    }
    case 'When':
      return [node.condition, node.result];
    case 'Call': {
      const out: Node[] = [...node.args];
      if (node.over) out.push(node.over);
      if (node.fixed) out.push(node.fixed);
      return out;
    }
    case 'Window':
      return [...node.partitionBy, ...node.orderBy];
    case 'OrderItem':
      return [node.expression];
    case 'Fixed':
      return [...node.columns, ...node.filterColumns];
    case 'Interval':
      return [node.value];
    case 'In':
      return [node.expression, ...node.list];
    case 'Like':
      return [node.expression, node.pattern];
    case 'Between':
      return [node.expression, node.low, node.high];
    case 'IsNull':
      return [node.expression];
    default:
      return [];
  }
}

export interface WalkVisitor {
  /** Called before the children; return `false` to skip them. */
  enter?(node: Node, parent: Node | undefined): boolean | void;
  leave?(node: Node, parent: Node | undefined): void;
}

/** Depth-first walk in source order. Iterative, so a deeply nested formula cannot overflow the stack. */
export function walk(root: Node, visitor: WalkVisitor): void {
  const stack: Array<{ node: Node; parent: Node | undefined; exiting: boolean }> = [{ node: root, parent: undefined, exiting: false }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if (frame.exiting) {
      visitor.leave?.(frame.node, frame.parent);
      continue;
    }
    const descend = visitor.enter?.(frame.node, frame.parent) !== false;
    stack.push({ node: frame.node, parent: frame.parent, exiting: true });
    if (!descend) continue;
    const children = childrenOf(frame.node);
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i]!, parent: frame.node, exiting: false });
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
