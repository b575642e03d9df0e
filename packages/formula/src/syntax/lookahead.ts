// How the parser chooses among an OR's alternatives: Chevrotain's LL(k) strategy, with one more table. Chevrotain
// answers an OR by one table look-up only when every alternative is decided by one token; an alternative that may
// be empty (`EMPTY_ALT`, the empty argument list of `NOW()`) sends it to a loop that tries every path of every
// alternative, token type by token type: an argument list's alternative has one path per token an expression can
// start with, and that loop was a twentieth of reading a formula.
import { EOF, getLookaheadPaths, LLkLookaheadStrategy, type IOrAlt, type Rule, type TokenType } from 'chevrotain';

/** What Chevrotain hands a strategy to build an OR's choice (its ILookaheadStrategy's options). */
interface AlternationOptions {
  prodOccurrence: number;
  rule: Rule;
  maxLookahead: number;
  hasPredicates: boolean;
  dynamicTokensEnabled: boolean;
}

/** A parser as the choice functions see it (`this`): the token ahead. */
interface Lookahead {
  LA_FAST(n: number): { tokenTypeIdx: number };
}

/**
 * The choice among alternatives whose paths are at most one token long: the first alternative (in order, as
 * Chevrotain tries them) with a path of the next token's type or of a category holding it, else the first one with an
 * empty path (it matches anything), else none. Undefined when some path is longer: Chevrotain's own function decides.
 */
export function oneTokenChoice(alternatives: readonly (readonly (readonly TokenType[])[])[]): ((this: Lookahead) => number | undefined) | undefined {
  const choice: number[] = [];
  let otherwise: number | undefined;
  for (let alt = 0; alt < alternatives.length && otherwise === undefined; alt++) {
    for (const path of alternatives[alt]!) {
      if (path.length > 1) return undefined;
      if (path.length === 0) {
        otherwise = alt;
        continue;
      }
      const type = path[0]!;
      for (const idx of [type.tokenTypeIdx!, ...(type.categoryMatches ?? [])]) choice[idx] ??= alt;
    }
  }
  // Holes would make the array sparse (slow to read): every type index gets its answer.
  const answers: (number | undefined)[] = [];
  for (let idx = 0; idx <= Math.max(choice.length - 1, EOF.tokenTypeIdx!); idx++) answers.push(choice[idx] ?? otherwise);
  return function (this: Lookahead): number | undefined {
    const idx = this.LA_FAST(1).tokenTypeIdx;
    return idx < answers.length ? answers[idx] : otherwise;
  };
}

/** Chevrotain's LL(k) strategy, with one-token ORs that have an empty alternative decided by one table look-up. */
export class OneTokenLookaheadStrategy extends LLkLookaheadStrategy {
  override buildLookaheadForAlternation(options: AlternationOptions): (orAlts?: IOrAlt<unknown>[]) => number | undefined {
    if (!options.hasPredicates && !options.dynamicTokensEnabled) {
      const paths = getLookaheadPaths({ occurrence: options.prodOccurrence, rule: options.rule, prodType: 'Alternation', maxLookahead: options.maxLookahead });
      const choose = oneTokenChoice(paths);
      // Chevrotain calls the choice with the parser as `this`.
      if (choose) return choose as unknown as (orAlts?: IOrAlt<unknown>[]) => number | undefined;
    }
    return super.buildLookaheadForAlternation(options);
  }
}
