// How the parser chooses among an OR's alternatives: Chevrotain's LL(k) strategy, with one more table. Chevrotain
// answers an OR by one table look-up only when every alternative is decided by one token; an alternative that may
// be empty (`EMPTY_ALT`, the empty argument list of `NOW()`) sends it to a loop that tries every path of every
// alternative, token type by token type: an argument list's alternative has one path per token an expression can
// start with, and that loop was a twentieth of reading a formula.
import { createTokenInstance, EOF, getLookaheadPaths, LLkLookaheadStrategy, type IOrAlt, type IToken, type Rule, type TokenType } from 'chevrotain';

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

/**
 * Chevrotain 11's lookahead keys (its grammar/keys.js, pinned in package.json): the occurrence in the low 8 bits, the
 * DSL method above it in 4 bits, the rule's short name (its index, shifted) above that.
 */
const OCCURRENCE_BITS = 8;
const METHOD_BITS = 4;
const RULE_SHIFT = OCCURRENCE_BITS + METHOD_BITS;
const OCCURRENCES = 1 << OCCURRENCE_BITS;
/** The DSL methods of the keys, as Chevrotain numbers them. */
const OR = 1;
const OPTION = 2;
const MANY = 3;
const AT_LEAST_ONE = 4;

/** No alternative: what an OR's table holds where Chevrotain's choice answers undefined. */
export const NO_ALTERNATIVE = -1;
/** What a table holds for a token type it was not made with (of another parser's tokens): Chevrotain decides. */
export const UNTABLED = -2;

/**
 * Every one-token decision of a parser as a table by token type index, so that a decision is one array read instead
 * of a call of its lookahead function (a call site that sees every decision of the grammar, which V8 cannot inline).
 * By slot (decisionSlot): an OR's alternative for each type (NO_ALTERNATIVE for none); whether an OPTION, MANY or
 * AT_LEAST_ONE enters (1) or not (0). A slot without a table, and a type a table was not made with (UNTABLED, or past
 * its end), are decided by Chevrotain's own function.
 */
export interface DecisionTables {
  readonly or: readonly (Int8Array | undefined)[];
  readonly option: readonly (Int8Array | undefined)[];
  readonly many: readonly (Int8Array | undefined)[];
  readonly atLeastOne: readonly (Int8Array | undefined)[];
  /** The lowest rule index (Chevrotain's short names start above 0). */
  readonly firstRule: number;
}

/** Where the decision at `occurrence` of the running rule (Chevrotain's `currRuleShortName`) sits in the tables. */
export function decisionSlot(tables: DecisionTables, ruleShortName: number, occurrence: number): number {
  return ((ruleShortName >>> RULE_SHIFT) - tables.firstRule) * OCCURRENCES + occurrence;
}

/** Thrown by the probe when a lookahead function reads past the next token: its decision is not tabled. */
class LooksFurther extends Error {}

/**
 * The tables of a parser's lookahead functions (Chevrotain's `lookAheadFuncsCache`: key → function), made by asking
 * each function about a token of every type in `tokenTypes`: the tables answer as the functions do by construction.
 * A function that reads more than the next token (a longer lookahead, a gate) keeps deciding alone.
 */
export function decisionTables(lookaheads: ReadonlyMap<number, (this: unknown, alternatives?: unknown) => unknown>, tokenTypes: readonly TokenType[]): DecisionTables {
  const size = Math.max(...tokenTypes.map((t) => t.tokenTypeIdx!)) + 1;
  const tokens = tokenTypes.map((type) => createTokenInstance(type, '', NaN, NaN, NaN, NaN, NaN, NaN));
  const probe = {
    next: tokens[0]!,
    LA_FAST(n: number): IToken {
      if (n !== 1) throw new LooksFurther();
      return this.next;
    },
  };
  const keys = [...lookaheads.keys()];
  const firstRule = Math.min(...keys.map((k) => k >>> RULE_SHIFT));
  const slots = (Math.max(...keys.map((k) => k >>> RULE_SHIFT)) - firstRule + 1) * OCCURRENCES;
  // Filled with undefined, not left with holes: a holey array is slower to read.
  const empty = <E>(): (E | undefined)[] => Array.from({ length: slots }, () => undefined);
  const or = empty<Int8Array>();
  const option = empty<Int8Array>();
  const many = empty<Int8Array>();
  const atLeastOne = empty<Int8Array>();
  const byMethod: Record<number, (Int8Array | undefined)[]> = { [OPTION]: option, [MANY]: many, [AT_LEAST_ONE]: atLeastOne };
  for (const [key, decide] of lookaheads) {
    const method = (key >>> OCCURRENCE_BITS) & ((1 << METHOD_BITS) - 1);
    const slot = ((key >>> RULE_SHIFT) - firstRule) * OCCURRENCES + (key & (OCCURRENCES - 1));
    try {
      if (method === OR) {
        const table = new Int8Array(size).fill(UNTABLED);
        tokens.forEach((token, i) => {
          probe.next = token;
          const alternative = decide.call(probe, []) as number | undefined;
          // An index past what the table holds (an OR of over 127 alternatives) leaves the type to Chevrotain.
          if (alternative === undefined || alternative <= 127) table[tokenTypes[i]!.tokenTypeIdx!] = alternative ?? NO_ALTERNATIVE;
        });
        or[slot] = table;
      } else if (byMethod[method]) {
        const table = new Int8Array(size).fill(UNTABLED);
        tokens.forEach((token, i) => {
          probe.next = token;
          table[tokenTypes[i]!.tokenTypeIdx!] = decide.call(probe) === true ? 1 : 0;
        });
        byMethod[method]![slot] = table;
      }
    } catch (error) {
      if (!(error instanceof LooksFurther)) throw error;
    }
  }
  return { or, option, many, atLeastOne, firstRule };
}
