// Cycles of a directed graph: the nesting graph's (calculations that nest each other) and the architecture test's
// (files that import each other). Strongly connected groups by Tarjan's algorithm with an explicit stack (a chain of
// 10,000 nestings or imports needs no deep recursion), in linear time; the shortest cycle through a node, breadth first.

/** Every node's strongly connected group, each listed once, in the order Tarjan's algorithm closes them. Nodes `next`
 * does not know (undefined) are leaves. A group of one is a cycle only when its node is its own successor. */
export function stronglyConnectedGroups<T>(nodes: readonly T[], next: (node: T) => readonly T[] | undefined): T[][] {
  const index = new Map<T, number>();
  const low = new Map<T, number>();
  const onStack = new Set<T>();
  const stack: T[] = [];
  const groups: T[][] = [];
  let counter = 0;
  for (const root of nodes) {
    if (index.has(root)) continue;
    const work: Array<{ node: T; edges: readonly T[]; at: number }> = [];
    const open = (node: T) => {
      index.set(node, counter);
      low.set(node, counter++);
      stack.push(node);
      onStack.add(node);
      work.push({ node, edges: next(node) ?? [], at: 0 });
    };
    open(root);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      if (frame.at < frame.edges.length) {
        const to = frame.edges[frame.at++]!;
        if (!index.has(to)) open(to);
        else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const group: T[] = [];
        let member: T;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.node);
        groups.push(group);
      }
    }
  }
  return groups;
}

/**
 * The shortest cycle from `start` back to it, following `next` (breadth first, each node visited once): the path
 * `[start, …]` whose last node leads back to `start`, or undefined. `next` answers undefined for an unknown node.
 */
export function shortestCycle<T>(start: T, next: (node: T) => readonly T[] | undefined): T[] | undefined {
  const cameFrom = new Map<T, T>();
  let frontier = [start];
  while (frontier.length > 0) {
    const following: T[] = [];
    for (const id of frontier) {
      for (const n of next(id) ?? []) {
        if (n === start) {
          const path = [id];
          for (let at = id; at !== start; ) path.push((at = cameFrom.get(at)!));
          return path.reverse();
        }
        if (cameFrom.has(n)) continue;
        cameFrom.set(n, id);
        following.push(n);
      }
    }
    frontier = following;
  }
  return undefined;
}
