// walkWithAncestors: the same nodes in the same order as walk, each with its chain of ancestors.
import { describe, expect, it } from 'vitest';
import type { Node } from './ast.js';
import { parseFormula } from './parse.js';
import { walk, walkWithAncestors } from './walk.js';

describe('walkWithAncestors', () => {
  it.each([
    "CASE WHEN `a` IN (1, 2) THEN SUM(`b` * -1) OVER (PARTITION BY `c`) ELSE 'x' END",
    'SUM(SUM(`s`) FIXED (BY `r` FILTER ALLOW `c`)) / NULLIF(COUNT(DISTINCT `d`), 0)',
    `${'('.repeat(300)}1${')'.repeat(300)}`,
    'SUM(`a`',
  ])('visits what walk visits, each node on top of its ancestors: %s', (text) => {
    const formula = parseFormula(text).formula;
    const expected: Array<[Node, Node | undefined]> = [];
    walk(formula, { enter: (node, parent) => void expected.push([node, parent]) });
    const seen: Array<[Node, Node | undefined]> = [];
    const path: Node[] = [];
    const parents = new Map<Node, Node | undefined>(expected);
    walkWithAncestors(formula, path, (node, ancestors) => {
      expect(ancestors).toBe(path);
      expect(ancestors[ancestors.length - 1]).toBe(node);
      // Every entry's predecessor is its parent, up to the root.
      for (let i = ancestors.length - 1; i > 0; i--) expect(parents.get(ancestors[i]!)).toBe(ancestors[i - 1]);
      expect(ancestors[0]).toBe(formula);
      seen.push([node, ancestors.length > 1 ? ancestors[ancestors.length - 2] : undefined]);
    });
    expect(seen).toEqual(expected);
  });
});
