// The one-token table chooses exactly what Chevrotain's own lookahead chooses: on synthetic alternatives (categories,
// an empty alternative, alternatives after it) and on every OR of the grammar, for every token type.
import { Alternation, createToken, EOF, Lexer, LLkLookaheadStrategy, NonTerminal, type IToken, type Rule, type TokenType } from 'chevrotain';
import { describe, expect, it } from 'vitest';
import { oneTokenChoice, OneTokenLookaheadStrategy } from './lookahead.js';
import { FormulaParser } from './parser.js';
import * as T from './tokens.js';

/** `this` for a choice function: a parser whose next token is of `type`. */
const ahead = (type: TokenType) => ({ LA_FAST: () => ({ tokenType: type, tokenTypeIdx: type.tokenTypeIdx! }) as IToken });

describe('oneTokenChoice', () => {
  const Category = createToken({ name: 'Category', pattern: Lexer.NA });
  const A = createToken({ name: 'A', pattern: /a/ });
  const B = createToken({ name: 'B', pattern: /b/, categories: [Category] });
  const C = createToken({ name: 'C', pattern: /c/, categories: [Category] });
  const D = createToken({ name: 'D', pattern: /d/ });
  // Token type indices are assigned when a lexer is built.
  new Lexer([A, B, C, D]);

  it.each([
    ['the first alternative whose path holds the type', [[[A]], [[B]]], A, 0],
    ['an alternative by a category holding the type', [[[A]], [[Category]], [[C]]], C, 1],
    ['the first of two alternatives that both match', [[[C]], [[Category]]], C, 0],
    ['the empty alternative for a type no path holds', [[[A]], [[]], [[C]]], D, 1],
    ['not an alternative without paths', [[[A]], [], [[]]], D, 2],
    ['the empty alternative before a later match', [[[A]], [[]], [[C]]], C, 1],
    ['none when nothing matches and no alternative is empty', [[[A]], [[B]]], D, undefined],
  ] as const)('%s', (_name, alternatives, type, expected) => {
    const choose = oneTokenChoice(alternatives as unknown as TokenType[][][])!;
    expect(choose.call(ahead(type))).toBe(expected);
  });

  it('leaves alternatives with a longer path to Chevrotain', () => {
    expect(oneTokenChoice([[[A, B]], [[C]]])).toBeUndefined();
  });
});

/** Every OR below a grammar node. */
function alternationsOf(node: { definition?: unknown[] }, found: Alternation[] = []): Alternation[] {
  for (const child of (node.definition ?? []) as { definition?: unknown[] }[]) {
    if (child instanceof Alternation) found.push(child);
    // A rule's reference leads to that rule's definition, visited as a rule of its own.
    if (!(child instanceof NonTerminal)) alternationsOf(child, found);
  }
  return found;
}

describe('the grammar’s ORs', () => {
  const parser = new FormulaParser({} as never, false) as unknown as { getGAstProductions(): Record<string, Rule> };
  const rules = Object.values(parser.getGAstProductions());
  type Choice = (this: unknown) => number | undefined;

  it('are decided by our strategy as Chevrotain’s own decides them, for every token type', () => {
    const names: string[] = [];
    for (const rule of rules) {
      for (const alternation of alternationsOf(rule)) {
        const options = { prodOccurrence: alternation.idx, rule, maxLookahead: 1, hasPredicates: false, dynamicTokensEnabled: false };
        const theirs = new LLkLookaheadStrategy({ maxLookahead: 1 }).buildLookaheadForAlternation(options) as unknown as Choice;
        const ours = new OneTokenLookaheadStrategy({ maxLookahead: 1 }).buildLookaheadForAlternation(options) as unknown as Choice;
        for (const type of [...T.ALL_TOKENS, EOF]) {
          expect(ours.call(ahead(type)), `${rule.name} OR${alternation.idx} on ${type.name}`).toBe(theirs.call(ahead(type)));
        }
        names.push(`${rule.name} OR${alternation.idx}`);
      }
    }
    // The ORs that matter most: the empty argument list, the primaries, the continuation of a sequence.
    expect(names).toEqual(expect.arrayContaining(['callArguments OR0', 'term OR0', 'term OR1', 'expression OR0']));
  });
});
