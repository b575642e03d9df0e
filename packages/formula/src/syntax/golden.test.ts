// Golden AST dumps: every formula in test-data/parser/*.calc is parsed and its AST and errors, dumped as text, must
// equal the .ast file beside it. They pin kinds, ranges, recovered flags and messages for every construct and recovery
// case, so a change to how the AST is built shows as a diff. Update: UPDATE_GOLDEN=1 npx vitest run packages/formula/src/syntax/golden.test.ts
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Node, NodeKind, Position, Range } from './ast.js';
import type { ParseErrorCode } from './errors.js';
import { parseFormula, type ParseResult } from './parse.js';
import type { LineIndex } from './positions.js';

const DIR = new URL('../../test-data/parser/', import.meta.url);
const UPDATE = process.env.UPDATE_GOLDEN === '1';

/**
 * Fields of each kind in the order ast.ts declares them, so the dump reads like the types and does not depend on the
 * order in which a builder happens to create properties. A field missing here is still dumped (after these,
 * alphabetically): a new field shows in the diff instead of passing unseen.
 */
const FIELD_ORDER: Record<NodeKind, readonly string[]> = {
  Formula: ['expression'],
  Column: ['name', 'quote', 'raw'],
  String: ['value', 'quote', 'raw'],
  DoubleQuoted: ['value', 'typographic', 'raw'],
  Number: ['value', 'integer', 'raw'],
  Boolean: ['value', 'raw'],
  Null: ['raw'],
  Unary: ['operator', 'operatorRange', 'operand'],
  Binary: ['operator', 'operatorRange', 'operatorRaw', 'left', 'right'],
  Paren: ['expression'],
  When: ['condition', 'result'],
  Case: ['caseKeyword', 'operand', 'whens', 'elseKeyword', 'elseResult', 'endKeyword'],
  OrderItem: ['expression', 'direction'],
  Window: ['partitionBy', 'orderBy'],
  Fixed: ['mode', 'columns', 'filter', 'filterColumns'],
  Call: ['name', 'upperName', 'nameRange', 'parens', 'distinct', 'star', 'argsRange', 'args', 'over', 'fixed'],
  Interval: ['unit', 'unitRange', 'value'],
  In: ['not', 'expression', 'list'],
  Like: ['not', 'expression', 'pattern'],
  Between: ['not', 'expression', 'low', 'high'],
  IsNull: ['not', 'expression'],
  IsTruth: ['not', 'value', 'expression'],
  NestedCalculation: ['service', 'id', 'nameRange'],
  Error: [],
};

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && typeof (v as { kind?: unknown }).kind === 'string';
const isRange = (v: unknown): v is Range => typeof v === 'object' && v !== null && 'start' in v && 'end' in v;
const span = (r: Range) => `${r.start.offset}..${r.end.offset}`;
const lineSpan = (r: Range) => `${r.start.line}:${r.start.column}-${r.end.line}:${r.end.column}`;

/** One line per node: `field: Kind start..end [recovered] scalar=value …`, children indented below it. */
function dumpNode(node: Node, label: string, indent: string, out: string[]): void {
  const known = FIELD_ORDER[node.kind] ?? [];
  const rest = Object.keys(node).filter((k) => k !== 'kind' && k !== 'range' && k !== 'recovered' && !known.includes(k)).sort();
  const attributes: string[] = [];
  const children: [string, Node][] = [];
  for (const key of [...known, ...rest]) {
    const value = (node as unknown as Record<string, unknown>)[key];
    if (value === undefined) continue;
    if (isNode(value)) children.push([key, value]);
    else if (Array.isArray(value)) {
      if (value.length === 0) attributes.push(`${key}=[]`);
      value.forEach((item, i) => children.push([`${key}[${i}]`, item as Node]));
    } else if (isRange(value)) attributes.push(`${key}=${span(value)}`);
    else attributes.push(`${key}=${JSON.stringify(value)}`);
  }
  const flags = node.recovered ? ' recovered' : '';
  out.push(`${indent}${label}${node.kind} ${span(node.range)}${flags}${attributes.length > 0 ? ' ' + attributes.join(' ') : ''}`);
  for (const [key, child] of children) dumpNode(child, `${key}: `, indent + '  ', out);
}

function dump(result: ParseResult): string {
  const out: string[] = [];
  dumpNode(result.formula, '', '', out);
  out.push(result.errors.length === 0 ? 'errors: none' : 'errors:');
  for (const e of result.errors) out.push(`  ${e.code} ${span(e.range)} (${lineSpan(e.range)}) ${JSON.stringify(e.message)}`);
  return out.join('\n') + '\n';
}

/** Every range in the tree, each with where it was found, to check lines and columns against the offsets. */
function ranges(node: Node, path: string, out: [string, Range][]): void {
  for (const [key, value] of Object.entries(node)) {
    if (isNode(value)) ranges(value, `${path}.${key}`, out);
    else if (Array.isArray(value)) value.forEach((item, i) => isNode(item) && ranges(item, `${path}.${key}[${i}]`, out));
    else if (isRange(value)) out.push([`${path}.${key}`, value]);
  }
}

const samePosition = (lines: LineIndex, p: Position) => {
  const expected = lines.positionAt(p.offset);
  return expected.line === p.line && expected.column === p.column;
};

const names = readdirSync(DIR)
  .filter((f) => f.endsWith('.calc'))
  .map((f) => f.slice(0, -'.calc'.length))
  .sort();

describe('golden AST dumps (test-data/parser)', () => {
  it.each(names)('%s', (name) => {
    const text = readFileSync(new URL(`${name}.calc`, DIR), 'utf8');
    const result = parseFormula(text);
    const actual = dump(result);
    const golden = new URL(`${name}.ast`, DIR);
    if (UPDATE) writeFileSync(golden, actual);
    else if (!existsSync(golden)) throw new Error(`${name}.ast is missing: run UPDATE_GOLDEN=1 npx vitest run packages/formula/src/syntax/golden.test.ts`);
    expect(actual).toBe(readFileSync(golden, 'utf8'));

    // The dump shows offsets only; lines and columns must agree with them everywhere.
    const all: [string, Range][] = [];
    ranges(result.formula, 'formula', all);
    for (const e of result.errors) all.push([`error ${e.code}`, e.range]);
    const wrong = all.filter(([, r]) => !samePosition(result.lines, r.start) || !samePosition(result.lines, r.end)).map(([where]) => where);
    expect(wrong).toEqual([]);
  });

  it('has no .ast without its .calc', () => {
    const orphans = readdirSync(DIR).filter((f) => f.endsWith('.ast') && !names.includes(f.slice(0, -'.ast'.length)));
    expect(orphans).toEqual([]);
  });

  it('covers every node kind, the recovered flag and every syntax error but too-long', () => {
    const kinds = new Set<string>();
    const codes = new Set<string>();
    let recovered = false;
    for (const name of names) {
      const result = parseFormula(readFileSync(new URL(`${name}.calc`, DIR), 'utf8'));
      const stack: Node[] = [result.formula];
      while (stack.length > 0) {
        const node = stack.pop()!;
        kinds.add(node.kind);
        recovered ||= node.recovered === true;
        for (const value of Object.values(node)) {
          if (isNode(value)) stack.push(value);
          else if (Array.isArray(value)) for (const item of value) if (isNode(item)) stack.push(item);
        }
      }
      for (const e of result.errors) codes.add(e.code);
    }
    expect([...kinds].sort()).toEqual(Object.keys(FIELD_ORDER).sort());
    expect(recovered).toBe(true);
    // too-long needs a 4 MB input; parse.test.ts and the limits tests cover it.
    const allCodes: ParseErrorCode[] = [
      'unexpected-character', 'typographic-quote', 'pasted-character', 'unterminated-string', 'unterminated-column',
      'unterminated-comment', 'empty-formula', 'missing-end', 'missing-then', 'missing-close-paren', 'missing-expression',
      'unexpected-token', 'unsupported-syntax', 'extra-input', 'too-deep',
    ];
    expect([...codes].sort()).toEqual([...allCodes].sort());
  });
});
