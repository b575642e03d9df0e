// Nested calculations (`<SERVICE>_BEAST_MODE(id)`): their text read and parsed once each, cycles and missing ones refused.
import { canonicalServiceName, parseFormula, type Expression, type ParseResult } from '@calckit/formula';
import { err, type CompileOptions } from './compiled.js';

export interface NestedSource {
  readonly parse: ParseResult;
  readonly id: string;
}

/** Reads nested calculations once each and refuses cycles and missing ones. */
export class NestedResolver {
  private readonly cache = new Map<string, NestedSource>();
  constructor(private readonly options: CompileOptions) {}

  resolve(node: Extract<Expression, { kind: 'NestedCalculation' }>, stack: readonly string[]): NestedSource {
    const service = canonicalServiceName(this.options.serviceName);
    if (node.service !== service) throw err('unknown-function', `${node.service}_BEAST_MODE is not a function: nested calculations are written ${service}_BEAST_MODE(id)`, node.range);
    const id = String(node.id);
    if (stack.includes(id)) throw err('nested-calculation', `nested calculation ${id} refers to itself (${[...stack, id].join(' → ')})`, node.range);
    let source = this.cache.get(id);
    if (!source) {
      const text = this.options.nestedFormula?.(id);
      if (text === undefined) throw err('nested-calculation', `nested calculation ${id} is unknown (no formula for it was given)`, node.range);
      const parse = parseFormula(text);
      const first = parse.errors[0];
      if (first) throw err('nested-calculation', `nested calculation ${id} does not parse: ${first.message}`, node.range);
      if (!parse.formula.expression) throw err('nested-calculation', `nested calculation ${id} is empty`, node.range);
      source = { parse, id };
      this.cache.set(id, source);
    }
    return source;
  }
}
