// The syntax layer: lexer, parser, AST, traversal, printer.
export * from './ast.js';
export type { ParseError, ParseErrorCode } from './errors.js';
export { lex, type LexResult, type SkippedText } from './lexer.js';
export { PASTED_CHARACTERS, describePasted, codePoint, type PastedCharacter, type PastedKind } from './pasted-characters.js';
export { parseFormula, MAX_FORMULA_LENGTH, MAX_NESTING, type ParseResult } from './parse.js';
export { LineIndex, formatPosition } from './positions.js';
export { childrenOf, forEachChild, pushChildren, pushChildrenReversed, walk, walkWithAncestors, allNodes, nodePathAt, isExpression, type WalkVisitor } from './walk.js';
export * as tokens from './tokens.js';
export { printFormula, printExpression } from './print.js';
export { unescapeQuoted, singleQuotedLiteral, singleQuotedFromDoubleQuoted } from './string-escapes.js';
export { openIntervals } from './interval-units.js';
export { PRECEDENCE, BINARY_PRECEDENCE, COMPARISON_OPERATORS, isComparisonOperator, precedenceOf, wouldStartComment } from './operators.js';
export { triviaEditOf, shiftOffset, overlapsGap, type TriviaEdit } from './trivia-edit.js';
