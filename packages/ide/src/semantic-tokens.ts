// Semantic tokens: every token and comment classified (function, column, string, number, keyword, operator,
// comment, nested calculation), in source order; the AST settles words (a contextual keyword used as a column).
import { isDiscouraged } from './discouraged.js';
import { lookupFunction, walk } from '@calckit/formula';
import { COLUMN_TOKENS, DOUBLE_TOKENS, STRING_TOKENS, kindOf, tokenEnd } from './cursor.js';
import { KEYWORD_DOCS } from './data.js';
import type { IdeDocument } from './document.js';
import type { SemanticToken, SemanticTokenModifier, SemanticTokenType, Span } from './types.js';

/** The legend: the server advertises these, in this order. */
export const SEMANTIC_TOKEN_TYPES: readonly SemanticTokenType[] = ['function', 'variable', 'string', 'number', 'keyword', 'operator', 'comment', 'macro'];
export const SEMANTIC_TOKEN_MODIFIERS: readonly SemanticTokenModifier[] = ['defaultLibrary', 'deprecated', 'readonly'];

const OPERATORS: ReadonlySet<string> = new Set(['NotEqual', 'LessEqual', 'GreaterEqual', 'Less', 'Greater', 'Equal', 'Plus', 'Minus', 'Star', 'Slash']);
const COMMENTS: ReadonlySet<string> = new Set(['LineComment', 'BlockComment', 'UnterminatedComment']);

interface WordRole {
  readonly type: SemanticTokenType;
  readonly modifiers: readonly SemanticTokenModifier[];
}

/** Roles of word tokens by start offset, from the AST. */
function wordRoles(doc: IdeDocument): Map<number, WordRole> {
  const roles = new Map<number, WordRole>();
  walk(doc.parse.formula, {
    enter(node) {
      if (node.kind === 'Call') {
        const entry = lookupFunction(node.name);
        const modifiers: SemanticTokenModifier[] = entry ? ['defaultLibrary'] : [];
        if (isDiscouraged(entry?.availability)) modifiers.push('deprecated');
        roles.set(node.nameRange.start.offset, { type: 'function', modifiers });
      } else if (node.kind === 'Column') {
        roles.set(node.range.start.offset, { type: 'variable', modifiers: ['readonly'] });
      } else if (node.kind === 'Interval' && node.unitRange) {
        roles.set(node.unitRange.start.offset, { type: 'keyword', modifiers: [] });
      } else if (node.kind === 'NestedCalculation') {
        roles.set(node.nameRange.start.offset, { type: 'macro', modifiers: [] });
      }
    },
  });
  return roles;
}

/** Tokens overlapping `range` (the whole document when absent), in source order. */
export function semanticTokens(doc: IdeDocument, range?: Span): SemanticToken[] {
  const from = range?.start ?? 0;
  const to = range?.end ?? Infinity;
  const roles = wordRoles(doc);
  const out: SemanticToken[] = [];
  const { tokens, trivia } = doc.parse;
  let ti = 0;
  // Merge significant tokens and comments in order.
  const emit = (start: number, end: number, type: SemanticTokenType, modifiers: readonly SemanticTokenModifier[]) => {
    if (end > from && start < to && end > start) out.push({ start, length: end - start, type, modifiers });
  };
  const comment = (i: number) => {
    const c = trivia[i]!;
    if (COMMENTS.has(kindOf(c))) emit(c.startOffset, tokenEnd(c), 'comment', []);
  };
  for (const t of tokens) {
    while (ti < trivia.length && trivia[ti]!.startOffset < t.startOffset) comment(ti++);
    const start = t.startOffset;
    const end = tokenEnd(t);
    if (start >= to) break;
    if (end <= from) continue;
    const kind = kindOf(t);
    const role = roles.get(start);
    if (role) emit(start, end, role.type, role.modifiers);
    else if (COLUMN_TOKENS.has(kind)) emit(start, end, 'variable', ['readonly']);
    else if (STRING_TOKENS.has(kind) || DOUBLE_TOKENS.has(kind)) emit(start, end, 'string', []);
    else if (kind === 'NumberLiteral') emit(start, end, 'number', []);
    else if (OPERATORS.has(kind)) emit(start, end, 'operator', []);
    else if (KEYWORD_DOCS[kind] !== undefined) emit(start, end, 'keyword', []);
  }
  while (ti < trivia.length && trivia[ti]!.startOffset < to) comment(ti++);
  return out;
}
