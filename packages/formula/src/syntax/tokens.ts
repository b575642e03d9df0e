// Token types of the formula language. Keywords are not matched by the lexer itself: every word lexes as an
// Identifier and lexer.ts re-types reserved and contextual keywords with keywordOf (one regex for all words is
// faster than one per keyword, and keeps keywords case-insensitive by construction).
import { createToken, Lexer, type IToken, type TokenType } from 'chevrotain';
import { PASTED_CLASSES } from './pasted-characters.js';

export type TokenTypeList = TokenType[];

// Categories: what the parser consumes. Concrete tokens below belong to one of them.
export const Identifier = createToken({ name: 'Identifier', pattern: Lexer.NA });
export const StringLiteral = createToken({ name: 'StringLiteral', pattern: Lexer.NA });
export const DoubleQuoted = createToken({ name: 'DoubleQuoted', pattern: Lexer.NA });
export const ColumnName = createToken({ name: 'ColumnName', pattern: Lexer.NA });
/** Operators between two operands (arithmetic, comparison, AND, OR): one category keeps the grammar flat and fast;
 * precedence is applied when the AST is built. */
export const BinaryOperator = createToken({ name: 'BinaryOperator', pattern: Lexer.NA });
export const ArithmeticOperator = createToken({ name: 'ArithmeticOperator', pattern: Lexer.NA });
export const PrefixOperator = createToken({ name: 'PrefixOperator', pattern: Lexer.NA });
export const ComparisonOperator = createToken({ name: 'ComparisonOperator', pattern: Lexer.NA });
/** What follows IS (and IS NOT): NULL, TRUE or FALSE. */
export const IsValue = createToken({ name: 'IsValue', pattern: Lexer.NA });

export const WhiteSpace = createToken({ name: 'WhiteSpace', pattern: /[ \t\r\n\f\v]+/, group: 'trivia', line_breaks: true });
/** An invisible character or a space other than ASCII's (pasted-characters.ts) outside a word: lexer.ts skips and
 * reports it. One character per token, so that each one is named and fixed where it stands. */
export const PastedCharacter = createToken({ name: 'PastedCharacter', pattern: new RegExp(`[${PASTED_CLASSES.skipped}]`), line_breaks: true });
/** A look-alike of an operator or punctuation (an en dash for minus): lexer.ts re-types it as the token it imitates. */
export const PastedLookalike = createToken({ name: 'PastedLookalike', pattern: new RegExp(`[${PASTED_CLASSES.lookalikes}]`) });
export const LineComment = createToken({ name: 'LineComment', pattern: /--[^\n\r]*/, group: 'trivia' });
export const BlockComment = createToken({ name: 'BlockComment', pattern: /\/\*[\s\S]*?\*\//, group: 'trivia', line_breaks: true });
/** A block comment that runs to the end of the input: kept as trivia, reported as an error. */
export const UnterminatedComment = createToken({ name: 'UnterminatedComment', pattern: /\/\*[\s\S]*/, group: 'trivia', line_breaks: true });

export const BacktickColumn = createToken({ name: 'BacktickColumn', pattern: /`[^`]*(?:``[^`]*)*`/, categories: [ColumnName], line_breaks: true });
export const UnterminatedBacktick = createToken({ name: 'UnterminatedBacktick', pattern: /`[^`]*(?:``[^`]*)*/, categories: [ColumnName], line_breaks: true });

// Quoted text as MySQL reads it: a doubled quote or a backslash before any character does not end it (string-escapes.ts).
// An unterminated one runs to the end of the input, a last lone backslash included.
export const SingleQuoted = createToken({ name: 'SingleQuoted', pattern: /'[^'\\]*(?:(?:''|\\[\s\S])[^'\\]*)*'/, categories: [StringLiteral], line_breaks: true });
export const UnterminatedString = createToken({ name: 'UnterminatedString', pattern: /'[^'\\]*(?:(?:''|\\[\s\S])[^'\\]*)*\\?/, categories: [StringLiteral], line_breaks: true });
export const TypographicSingle = createToken({ name: 'TypographicSingle', pattern: /\u2018[^\u2018\u2019\n]*\u2019/, categories: [StringLiteral] });

export const DoubleQuotedString = createToken({ name: 'DoubleQuotedString', pattern: /"[^"\\]*(?:(?:""|\\[\s\S])[^"\\]*)*"/, categories: [DoubleQuoted], line_breaks: true });
export const UnterminatedDouble = createToken({ name: 'UnterminatedDouble', pattern: /"[^"\\]*(?:(?:""|\\[\s\S])[^"\\]*)*\\?/, categories: [DoubleQuoted], line_breaks: true });
export const TypographicDouble = createToken({ name: 'TypographicDouble', pattern: /\u201c[^\u201c\u201d\n]*\u201d/, categories: [DoubleQuoted] });
/** A typographic quote that does not pair up: an error token that names the character. */
export const StrayTypographicQuote = createToken({ name: 'StrayTypographicQuote', pattern: /[\u2018\u2019\u201c\u201d]/ });

export const NumberLiteral = createToken({ name: 'NumberLiteral', pattern: /(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/ });
export const Word = createToken({
  name: 'Word',
  // Invisible characters continue a word (a soft hyphen or zero-width space pasted into a name); lexer.ts reports them.
  pattern: new RegExp(`[A-Za-z_${PASTED_CLASSES.letters}][A-Za-z0-9_$${PASTED_CLASSES.letters}${PASTED_CLASSES.invisible}]*`),
  categories: [Identifier],
});

export const NotEqual = createToken({ name: 'NotEqual', categories: [BinaryOperator, ComparisonOperator], pattern: /!=|<>/ });
export const LessEqual = createToken({ name: 'LessEqual', categories: [BinaryOperator, ComparisonOperator], pattern: /<=/ });
export const GreaterEqual = createToken({ name: 'GreaterEqual', categories: [BinaryOperator, ComparisonOperator], pattern: />=/ });
export const Less = createToken({ name: 'Less', categories: [BinaryOperator, ComparisonOperator], pattern: /</ });
export const Greater = createToken({ name: 'Greater', categories: [BinaryOperator, ComparisonOperator], pattern: />/ });
export const Equal = createToken({ name: 'Equal', categories: [BinaryOperator, ComparisonOperator], pattern: /=/ });
export const Plus = createToken({ name: 'Plus', categories: [BinaryOperator, ArithmeticOperator, PrefixOperator], pattern: /\+/ });
export const Minus = createToken({ name: 'Minus', categories: [BinaryOperator, ArithmeticOperator, PrefixOperator], pattern: /-/ });
export const Star = createToken({ name: 'Star', categories: [BinaryOperator, ArithmeticOperator], pattern: /\*/ });
export const Slash = createToken({ name: 'Slash', categories: [BinaryOperator, ArithmeticOperator], pattern: /\// });
export const LParen = createToken({ name: 'LParen', pattern: /\(/ });
export const RParen = createToken({ name: 'RParen', pattern: /\)/ });
export const Comma = createToken({ name: 'Comma', pattern: /,/ });

// Keywords: never produced by the lexer's regexes, assigned to Word tokens by lexer.ts.
const keyword = (name: string, contextual: boolean, categories: TokenType[] = []): TokenType =>
  createToken({ name, pattern: Lexer.NA, categories: contextual ? [Identifier, ...categories] : categories });

/** Reserved words: never a column name or a function name. */
export const Case = keyword('CASE', false);
export const When = keyword('WHEN', false);
export const Then = keyword('THEN', false);
export const Else = keyword('ELSE', false);
export const End = keyword('END', false);
export const And = keyword('AND', false, [BinaryOperator]);
export const Or = keyword('OR', false, [BinaryOperator]);
export const Not = keyword('NOT', false, [PrefixOperator]);
export const In = keyword('IN', false);
export const Like = keyword('LIKE', false);
export const Between = keyword('BETWEEN', false);
export const Is = keyword('IS', false);
export const Null = keyword('NULL', false, [IsValue]);
export const True = keyword('TRUE', false, [IsValue]);
export const False = keyword('FALSE', false, [IsValue]);
export const Interval = keyword('INTERVAL', false);
export const Distinct = keyword('DISTINCT', false);
export const Over = keyword('OVER', false);
/** Contextual words: keywords in their clause, identifiers elsewhere (a column may be called `Order`). */
export const Partition = keyword('PARTITION', true);
export const Order = keyword('ORDER', true);
export const By = keyword('BY', true);
export const Asc = keyword('ASC', true);
export const Desc = keyword('DESC', true);
export const Fixed = keyword('FIXED', true);
export const Add = keyword('ADD', true);
export const Remove = keyword('REMOVE', true);
export const Filter = keyword('FILTER', true);
export const None = keyword('NONE', true);
export const Allow = keyword('ALLOW', true);
export const Deny = keyword('DENY', true);

/**
 * Where an expression is missing (`a > THEN`, `f(1, , 2)`, `1 +`): never lexed, only inserted by parse.ts's light
 * recovery before the token where the parser found no expression, so that the fast parser reads the formula whole and
 * builds an Error node there (as rust-analyzer's parser leaves an ERROR node) instead of re-synchronising.
 */
export const MissingExpression = createToken({ name: 'MissingExpression', pattern: Lexer.NA });

export const RESERVED_KEYWORDS: readonly TokenType[] = [Case, When, Then, Else, End, And, Or, Not, In, Like, Between, Is, Null, True, False, Interval, Distinct, Over];
export const CONTEXTUAL_KEYWORDS: readonly TokenType[] = [Partition, Order, By, Asc, Desc, Fixed, Add, Remove, Filter, None, Allow, Deny];

/** Upper-cased word → keyword token type. */
export const KEYWORDS: ReadonlyMap<string, TokenType> = new Map(
  [...RESERVED_KEYWORDS, ...CONTEXTUAL_KEYWORDS].map((t) => [t.name, t]),
);

const LONGEST_KEYWORD = Math.max(...[...KEYWORDS.keys()].map((k) => k.length));
/** The keywords by length and first letter (its code's low 5 bits, the same for both cases). */
const KEYWORD_BUCKETS: (TokenType[] | undefined)[] = [];
for (const type of KEYWORDS.values()) (KEYWORD_BUCKETS[keywordBucket(type.name.length, type.name.charCodeAt(0))] ??= []).push(type);

function keywordBucket(length: number, firstCode: number): number {
  return length * 32 + (firstCode & 31);
}

/**
 * The keyword a word is, in any letter case, or undefined. Compared letter by letter, ASCII letters folded to upper case
 * (`& 0xffdf` maps `a`–`z` onto `A`–`Z` and nothing else onto them): no upper-cased copy of every word, which was a
 * fifth of the lexer's time. Keywords are ASCII, as in MySQL: `fıxed` (dotless ı) is a name, not FIXED.
 */
export function keywordOf(word: string): TokenType | undefined {
  const length = word.length;
  if (length > LONGEST_KEYWORD || length === 0) return undefined;
  const bucket = KEYWORD_BUCKETS[keywordBucket(length, word.charCodeAt(0))];
  if (bucket === undefined) return undefined;
  candidates: for (const type of bucket) {
    const name = type.name;
    for (let i = 0; i < length; i++) if ((word.charCodeAt(i) & 0xffdf) !== name.charCodeAt(i)) continue candidates;
    return type;
  }
  return undefined;
}

/** The text a token stands for: its image, unless lexer.ts found pasted characters in it and set `payload` to what it
 * reads instead (the word without its invisible characters, `-` for an en dash). Images stay the source text, so
 * that tokens still reproduce the input and ranges stay exact. */
export function tokenText(token: IToken): string {
  return (token.payload as string | undefined) ?? token.image;
}

const UPPER_CASED = new Map<string, string>();
/** Entries kept before the memo starts over: far more distinct words than any project's formulas use. */
const UPPER_CASED_LIMIT = 10_000;

/**
 * A word upper-cased, as function names, keywords and operators are compared. Memoised: the same few words recur in
 * every formula, and upper-casing makes a new string each time (a measurable share of building a tree).
 */
export function upperCased(text: string): string {
  // Words already in capitals (most keywords, function names written as the catalogue has them, operators) are their
  // own upper case: one look at each character spares the memo's hashing of a new string.
  let i = 0;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 97 && c <= 122) || c >= 128) break;
  }
  if (i === text.length) return text;
  let upper = UPPER_CASED.get(text);
  if (upper === undefined) {
    upper = text.toUpperCase();
    if (UPPER_CASED.size >= UPPER_CASED_LIMIT) UPPER_CASED.clear();
    UPPER_CASED.set(ownCopy(text), upper);
  }
  return upper;
}

/**
 * `text` as a string of its own. A token's image is a slice of the formula, and V8 makes a slice of 13 or more
 * characters a view that keeps the whole formula alive: a memo key so made (`unix_timestamp`) kept a closed 1 MB
 * document in memory. Joining characters makes a new flat string.
 */
function ownCopy(text: string): string {
  return text.length < 13 ? text : text.split('').join('');
}

/** A token's text upper-cased (see upperCased). */
export function upperTokenText(token: IToken): string {
  return upperCased(tokenText(token));
}

/** Token types in lexing order: longer and more specific patterns first. */
export const LEXER_TOKENS: readonly TokenType[] = [
  WhiteSpace,
  LineComment,
  BlockComment,
  UnterminatedComment,
  BacktickColumn,
  UnterminatedBacktick,
  SingleQuoted,
  UnterminatedString,
  TypographicSingle,
  DoubleQuotedString,
  UnterminatedDouble,
  TypographicDouble,
  StrayTypographicQuote,
  PastedCharacter,
  PastedLookalike,
  NumberLiteral,
  Word,
  NotEqual,
  LessEqual,
  GreaterEqual,
  Less,
  Greater,
  Equal,
  Plus,
  Minus,
  Star,
  Slash,
  LParen,
  RParen,
  Comma,
];

/** Every token type the parser knows: lexer tokens, categories and keywords. */
export const ALL_TOKENS: readonly TokenType[] = [
  Identifier,
  BinaryOperator,
  ArithmeticOperator,
  PrefixOperator,
  ComparisonOperator,
  IsValue,
  StringLiteral,
  DoubleQuoted,
  ColumnName,
  ...LEXER_TOKENS,
  MissingExpression,
  ...RESERVED_KEYWORDS,
  ...CONTEXTUAL_KEYWORDS,
];
