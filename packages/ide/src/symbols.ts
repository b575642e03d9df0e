// Document symbols (outline): the columns the formula reads, the functions it calls, the calculations it nests —
// each once, at its first reference.
import { walk } from '@calckit/formula';
import type { IdeDocument } from './document.js';
import { backtickColumn } from './markdown.js';
import type { DocumentSymbol } from './types.js';

export function documentSymbols(doc: IdeDocument): DocumentSymbol[] {
  const out: DocumentSymbol[] = [];
  const seen = new Set<string>();
  const add = (key: string, symbol: DocumentSymbol) => {
    if (seen.has(key)) return;
    seen.add(key);
    out.push(symbol);
  };
  walk(doc.parse.formula, {
    enter(node) {
      const span = { start: node.range.start.offset, end: node.range.end.offset };
      if (node.kind === 'Column') add(`c:${node.name}`, { name: columnSymbolName(node.name), detail: 'column', kind: 'field', span, selection: span });
      else if (node.kind === 'Call') {
        const selection = { start: node.nameRange.start.offset, end: node.nameRange.end.offset };
        add(`f:${node.upperName}`, { name: node.upperName, detail: 'function', kind: 'function', span, selection });
      } else if (node.kind === 'NestedCalculation') {
        add(`n:${node.id}`, { name: `${node.service}_BEAST_MODE(${node.id})`, detail: 'nested calculation', kind: 'calculation', span, selection: span });
      }
    },
  });
  return out;
}

/** A column's name as the outline shows it. Editors refuse a symbol whose name is empty or blank (VS Code: "name must
 * not be falsy"), so a blank name shows as written, in backticks, and an empty one says so. */
export function columnSymbolName(name: string): string {
  if (name.length === 0) return '(empty column name)';
  return name.trim().length === 0 ? backtickColumn(name) : name;
}
