// Syntax errors as the parser and lexer report them: a stable code, a message an analyst understands, an exact range.
import type { Range } from './ast.js';

export type ParseErrorCode =
  | 'unexpected-character'
  | 'typographic-quote'
  | 'pasted-character'
  | 'unterminated-string'
  | 'unterminated-column'
  | 'unterminated-comment'
  | 'empty-formula'
  | 'missing-end'
  | 'missing-then'
  | 'missing-close-paren'
  | 'missing-expression'
  | 'unexpected-token'
  /** MySQL syntax the service's language does not have (docs/language.md): `TRIM(LEADING … FROM …)`. */
  | 'unsupported-syntax'
  | 'extra-input'
  | 'too-deep'
  | 'too-long';

export interface ParseError {
  readonly code: ParseErrorCode;
  readonly message: string;
  readonly range: Range;
}
