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

/** A plain copy of the tree without layout: comparable with `JSON.stringify` or `toEqual`. */
export function astShape(node: Node | undefined): unknown {
  return strip(node);
}

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (value === null || typeof value !== 'object') return value;
  const kind = (value as { kind?: string }).kind;
  const caseOnly = kind ? CASE_ONLY_KEYS[kind] : undefined;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (LAYOUT_KEYS.has(key) || caseOnly?.has(key)) continue;
    out[key] = strip(v);
  }
  return out;
}
