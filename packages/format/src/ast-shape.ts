// The shape of an AST with everything a formatter may change stripped: source ranges and the written case of
// keywords, operators and function names. Two formulas with equal shapes mean the same thing.
import type { Node } from '@calckit/formula';

/** Keys that hold positions or spellings the formatter is allowed to change. */
const LAYOUT_KEYS: ReadonlySet<string> = new Set([
  'range',
  'nameRange',
  'operatorRange',
  'argsRange',
  'caseKeyword',
  'elseKeyword',
  'endKeyword',
  'unitRange',
  'operatorRaw',
]);

/** Keys that hold a spelling only for some node kinds (a Column's `name` is case-sensitive, a Call's is not). */
const CASE_ONLY_KEYS: Readonly<Record<string, ReadonlySet<string>>> = {
  Call: new Set(['name']),
  Boolean: new Set(['raw']),
  Null: new Set(['raw']),
};

/** A plain copy of the tree without layout: comparable with `toEqual` (or `JSON.stringify`, for trees not too deep
 * for it). Built iteratively: a chain of 100,000 additions is a tree 100,000 levels deep. */
export function astShape(node: Node | undefined): unknown {
  let result: unknown;
  const stack: Array<[unknown, (copy: unknown) => void]> = [[node, (copy) => (result = copy)]];
  while (stack.length > 0) {
    const [value, set] = stack.pop()!;
    if (Array.isArray(value)) {
      const out: unknown[] = new Array<unknown>(value.length);
      set(out);
      value.forEach((v: unknown, i) => stack.push([v, (copy) => (out[i] = copy)]));
      continue;
    }
    if (value === null || typeof value !== 'object') {
      set(value);
      continue;
    }
    const kind = (value as { kind?: string }).kind;
    const caseOnly = kind ? CASE_ONLY_KEYS[kind] : undefined;
    const out: Record<string, unknown> = {};
    set(out);
    for (const [key, v] of Object.entries(value)) {
      if (LAYOUT_KEYS.has(key) || caseOnly?.has(key)) continue;
      // The key now, its value when its turn comes: keys keep the node's order.
      out[key] = undefined;
      stack.push([v, (copy) => (out[key] = copy)]);
    }
  }
  return result;
}

/**
 * Whether two trees have the same shape, compared in place (no copies: this runs on every formatted formula) and
 * iteratively (a chain of 5,000 additions is a tree 5,000 levels deep).
 */
export function sameShape(left: unknown, right: unknown): boolean {
  const stack: Array<[unknown, unknown]> = [[left, right]];
  while (stack.length > 0) {
    const [a, b] = stack.pop()!;
    if (a === b) continue;
    if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    if (Array.isArray(a)) {
      const bs = b as unknown[];
      if (a.length !== bs.length) return false;
      for (let i = 0; i < a.length; i++) stack.push([a[i], bs[i]]);
      continue;
    }
    const kind = (a as { kind?: string }).kind;
    if (kind !== (b as { kind?: string }).kind) return false;
    const caseOnly = kind ? CASE_ONLY_KEYS[kind] : undefined;
    const keys = (o: object): string[] =>
      Object.keys(o).filter((k) => !LAYOUT_KEYS.has(k) && !caseOnly?.has(k) && (o as Record<string, unknown>)[k] !== undefined);
    const ka = keys(a);
    if (ka.length !== keys(b).length) return false;
    for (const k of ka) stack.push([(a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]]);
  }
  return true;
}
