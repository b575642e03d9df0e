// The one-token table chooses exactly what Chevrotain's own lookahead chooses: on synthetic alternatives (categories,
// an empty alternative, alternatives after it) and on every OR of the grammar, for every token type. The decision
// tables answer as the lookahead functions they are made from, found by the running rule as Chevrotain finds them,
// and a parser reading with them reads every text as one deciding by the functions.
import { readFileSync } from 'node:fs';
import { Alternation, createToken, EOF, Lexer, LLkLookaheadStrategy, NonTerminal, type IToken, type Rule, type TokenType } from 'chevrotain';
import { describe, expect, it } from 'vitest';
import { lex } from './lexer.js';
import { decisionSlot, decisionTables, NO_ALTERNATIVE, oneTokenChoice, OneTokenLookaheadStrategy, UNTABLED, type DecisionTables } from './lookahead.js';
import { createMessageProvider, forgetOpenerScan } from './messages.js';
import { FormulaParser } from './parser.js';
import { LineIndex } from './positions.js';
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

/** What a strict parser holds of Chevrotain's state and ours (internals, as parser.ts reads them). */
interface StrictParser {
  lookAheadFuncsCache: Map<number, (this: unknown, alternatives?: unknown) => unknown>;
  fullRuleNameToShort: Record<string, number>;
  decisions: DecisionTables | undefined;
}

describe('decisionTables', () => {
  const TOKEN_TYPES = [...T.ALL_TOKENS, EOF];
  const parser = new FormulaParser({} as never, false) as unknown as StrictParser;
  const tables = parser.decisions!;
  // Chevrotain's DSL methods in its keys, and the table of each.
  const METHODS = [
    ['OR', 1, tables.or],
    ['OPTION', 2, tables.option],
    ['MANY', 3, tables.many],
    ['AT_LEAST_ONE', 4, tables.atLeastOne],
  ] as const;

  it('answer, at the slot of each rule and occurrence, as the lookahead function of that decision, for every token type', () => {
    const tabled: string[] = [];
    for (const [rule, shortName] of Object.entries(parser.fullRuleNameToShort)) {
      for (const [method, id, byMethod] of METHODS) {
        for (let occurrence = 0; occurrence < 16; occurrence++) {
          const decide = parser.lookAheadFuncsCache.get(occurrence | (id << 8) | shortName);
          const table = byMethod[decisionSlot(tables, shortName, occurrence)];
          if (!decide) {
            expect(table, `${rule} ${method}${occurrence}`).toBeUndefined();
            continue;
          }
          expect(table, `${rule} ${method}${occurrence}`).toBeDefined();
          for (const type of TOKEN_TYPES) {
            const theirs = decide.call(ahead(type), []);
            const expected = method === 'OR' ? (theirs ?? NO_ALTERNATIVE) : theirs === true ? 1 : 0;
            expect(table![type.tokenTypeIdx!], `${rule} ${method}${occurrence} on ${type.name}`).toBe(expected);
          }
          tabled.push(`${rule} ${method}${occurrence}`);
        }
      }
    }
    // Every decision of the grammar has its table (one token is all the grammar looks ahead).
    expect(tabled).toHaveLength(parser.lookAheadFuncsCache.size);
    expect(tabled).toEqual(expect.arrayContaining(['term OR0', 'expression MANY0', 'callArguments OPTION3', 'caseExpression AT_LEAST_ONE0']));
  });

  it('leave to Chevrotain the types they were not made with, and decisions that look further than the next token', () => {
    const shortName = 300 << 12;
    const lookaheads = new Map<number, (this: { LA_FAST(n: number): IToken }) => unknown>([
      [0 | (2 << 8) | shortName, function () { return this.LA_FAST(1).tokenType === T.Comma; }],
      [1 | (2 << 8) | shortName, function () { return this.LA_FAST(2).tokenType === T.Comma; }],
      [0 | (1 << 8) | shortName, function () { return this.LA_FAST(1).tokenType === T.Comma ? 0 : undefined; }],
    ]);
    const made = decisionTables(lookaheads as never, [T.Comma, T.RParen]);
    const option = made.option[decisionSlot(made, shortName, 0)]!;
    expect([option[T.Comma.tokenTypeIdx!], option[T.RParen.tokenTypeIdx!], option[T.LParen.tokenTypeIdx!]]).toEqual([1, 0, UNTABLED]);
    expect(made.option[decisionSlot(made, shortName, 1)]).toBeUndefined();
    const or = made.or[decisionSlot(made, shortName, 0)]!;
    expect([or[T.Comma.tokenTypeIdx!], or[T.RParen.tokenTypeIdx!]]).toEqual([0, NO_ALTERNATIVE]);
  });

  it('read every text as the functions do: the same trees and errors, valid, cut short and broken', () => {
    const corpus: string[] = readFileSync(new URL('../../../../test/corpus/formulas.jsonl', import.meta.url), 'utf8')
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => (JSON.parse(l) as { formula: string }).formula);
    const texts = new Set(corpus);
    for (const f of corpus) {
      for (const t of lex(f).tokens) {
        texts.add(f.slice(0, t.startOffset));
        texts.add(f.slice(0, t.startOffset) + f.slice(t.startOffset + t.image.length));
      }
    }
    const provider = createMessageProvider(() => ({ tokens: [], lines: new LineIndex('') }));
    const withTables = new FormulaParser(provider, false);
    const withFunctions = new FormulaParser(provider, false);
    (withFunctions as unknown as { decisions: undefined }).decisions = undefined;
    const read = (p: FormulaParser, text: string) => {
      const { tokens, lines } = lex(text);
      p.read(tokens, lines);
      const tree = p.builder.formula(p.formula(), text.length, false);
      forgetOpenerScan();
      return { tree, errors: p.errorsFound.map((e) => `${e.name} ${e.message} at ${e.token.startOffset}`) };
    };
    let withErrors = 0;
    for (const text of texts) {
      const ours = read(withTables, text);
      expect(ours, text).toEqual(read(withFunctions, text));
      if (ours.errors.length > 0) withErrors++;
    }
    // Broken texts take the error paths: a decision without an alternative, a repetition that must read one item.
    expect(withErrors).toBeGreaterThan(1000);
  });
});
