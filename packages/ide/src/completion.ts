// Completion: what may be typed at the cursor, read from the tokens around it (so it works on broken input) —
// functions with signature snippets, schema columns in backticks, nested calculations, the keywords that fit the
// position, INTERVAL units, and date-format specifiers inside the format string of DATE_FORMAT and friends.
import { isDiscouraged } from './discouraged.js';
import { DATE_FORMAT_FUNCTIONS, DATE_FORMAT_SPECIFIERS, FUNCTION_ENTRIES, INTERVAL_UNITS, lookupFunction, openIntervals, type Availability, type FunctionEntry } from '@calckit/formula';
import {
  COLUMN_TOKENS, DOUBLE_TOKENS, STRING_TOKENS, commentAt, endsValue, enclosingCaseClause, enclosingParen, isWord,
  kindOf, lastTokenBefore, tokenEnd, tokenIndexAt, type CaseClause, type IToken,
} from './cursor.js';
import { INTERVAL_FUNCTIONS, INTERVAL_UNIT_DOCS, KEYWORD_DOCS } from './data.js';
import type { IdeDocument } from './document.js';
import { backtickColumn, functionDocumentation, inlineCode, plainInMarkdown } from './markdown.js';
import { serviceNameOf, type CompletionItem, type CompletionResult, type IdeSettings, type Span } from './types.js';

const EMPTY: CompletionResult = { items: [], incomplete: false };

/** Sort groups: what the position most likely wants first. */
const SORT = { clause: '0', column: '1', function: '2', calculation: '3', keyword: '4', operator: '5' } as const;

export interface CompletionContext {
  /** The character that triggered completion automatically (absent when the user asked for it). */
  readonly triggerCharacter?: string;
}

export function complete(doc: IdeDocument, offset: number, settings: IdeSettings = {}, context: CompletionContext = {}): CompletionResult {
  const { parse } = doc;
  const tokens = parse.tokens;
  if (commentAt(parse, offset)) return EMPTY;
  const at = tokenIndexAt(tokens, offset);
  const token = at >= 0 ? tokens[at] : undefined;
  const kind = kindOf(token);

  if (token && STRING_TOKENS.has(kind)) return stringCompletion(doc, tokens, at, offset);
  if (token && DOUBLE_TOKENS.has(kind)) return EMPTY;
  if (token && COLUMN_TOKENS.has(kind)) {
    // Inside a backtick name (or just after an unterminated one): columns, replacing the whole name.
    if (kind === 'BacktickColumn' && offset === tokenEnd(token)) return EMPTY;
    return { items: columnItems(settings, { start: token.startOffset, end: tokenEnd(token) }, true), incomplete: false };
  }
  if (token && kind === 'NumberLiteral') return EMPTY;

  const typing = isWord(token) ? token : undefined;
  const replace: Span = typing ? { start: typing.startOffset, end: tokenEnd(typing) } : { start: offset, end: offset };
  // A token that merely touches the cursor and is not a word (`)`, `,`) is context, not a prefix.
  const prevIndex = typing ? at - 1 : lastTokenBefore(tokens, offset);
  const items = positionItems(tokens, prevIndex, replace, settings);
  // A space typed after a value pops up only what the clause needs next (THEN, END…), not every operator;
  // after a keyword (WHEN, AND, …) everything that may start an expression is welcome.
  if (context.triggerCharacter === ' ' && !KEYWORD_DOCS[kindOf(tokens[prevIndex])]) {
    return { items: items.filter((i) => i.sortText.startsWith(SORT.clause)), incomplete: false };
  }
  return { items, incomplete: false };
}

/** What must follow a keyword (`(OVER` is the parenthesis after OVER). `NOT` only after a value: `x NOT IN`. */
const FOLLOWERS: Readonly<Record<string, readonly string[]>> = {
  PARTITION: ['BY'],
  ORDER: ['BY'],
  FILTER: ['NONE', 'ALLOW', 'DENY'],
  IS: ['NULL', 'NOT NULL', 'TRUE', 'FALSE', 'NOT TRUE', 'NOT FALSE'],
  NOT: ['IN', 'LIKE', 'BETWEEN'],
  '(OVER': ['PARTITION BY', 'ORDER BY'],
  '(FIXED': ['BY', 'ADD', 'REMOVE', 'FILTER'],
};

/** After a complete expression in a CASE clause, what may come next (the first is preselected). */
const CLAUSE_NEXT: Readonly<Record<CaseClause, readonly string[]>> = {
  CASE: ['WHEN'],
  WHEN: ['THEN'],
  THEN: ['WHEN', 'ELSE', 'END'],
  ELSE: ['END'],
};

/** Items for a cursor after token `prev` (the context), replacing `replace`. */
function positionItems(tokens: readonly IToken[], prev: number, replace: Span, settings: IdeSettings): CompletionItem[] {
  const p = tokens[prev];
  const pk = kindOf(p);
  const before = kindOf(tokens[prev - 1]);

  const follow = FOLLOWERS[pk === 'LParen' ? `(${before}` : pk];
  if (follow && (pk !== 'NOT' || endsValue(tokens[prev - 1]))) return keywordItems(follow, replace, true);
  if (pk === 'OVER') return [snippetKeyword('OVER (PARTITION BY …)', '(PARTITION BY ${1})', replace)];
  if (endsValue(p) && before === 'INTERVAL') return unitItems(replace);
  // After a longer value of an INTERVAL still open (`INTERVAL DAYOFMONTH(d) - 1 |`): its unit, or more of the value.
  if (endsValue(p) && openIntervals(tokens, prev) > 0) return [...unitItems(replace), ...operatorPosition(tokens, prev, replace)];

  if (endsValue(p)) return operatorPosition(tokens, prev, replace);
  return expressionPosition(tokens, prev, replace, settings);
}

/** After a complete expression: clause keywords of the enclosing CASE, window/FIXED keywords, operators. */
function operatorPosition(tokens: readonly IToken[], prev: number, replace: Span): CompletionItem[] {
  const items: CompletionItem[] = [];
  const clause = enclosingCaseClause(tokens, prev);
  if (clause) items.push(...keywordItems(CLAUSE_NEXT[clause], replace, true));
  const paren = enclosingParen(tokens, prev);
  if (paren && kindOf(tokens[paren.open - 1]) === 'OVER') {
    items.push(...keywordItems(['ORDER BY', 'ASC', 'DESC'], replace, false));
  }
  if (kindOf(tokens[prev]) === 'RParen') {
    // After a call's closing parenthesis: OVER for window-capable functions, FIXED for an inner aggregate.
    const call = enclosingParen(tokens, prev - 1);
    const entry = call?.name ? lookupFunction(call.name.image) : undefined;
    if (entry?.windowCapable || entry?.needsOver) items.push(snippetKeyword('OVER (…)', 'OVER (${1})', replace, KEYWORD_DOCS['OVER']));
    const outer = paren?.name ? lookupFunction(paren.name.image) : undefined;
    if (entry?.kind === 'aggregate' && outer?.kind === 'aggregate') {
      items.push(snippetKeyword('FIXED (BY …)', 'FIXED (BY ${1})', replace, KEYWORD_DOCS['FIXED']));
    }
  }
  items.push(...keywordItems(['AND', 'OR', 'IN', 'NOT IN', 'LIKE', 'NOT LIKE', 'BETWEEN', 'IS NULL', 'IS NOT NULL'], replace, false, SORT.operator));
  return items;
}

/** Where an expression may start: columns, functions, nested calculations, value keywords. */
function expressionPosition(tokens: readonly IToken[], prev: number, replace: Span, settings: IdeSettings): CompletionItem[] {
  const items: CompletionItem[] = [];
  const pk = kindOf(tokens[prev]);
  if (pk === 'CASE') items.push(...keywordItems(['WHEN'], replace, true));
  const paren = enclosingParen(tokens, prev);
  const callName = paren?.name?.image.toUpperCase();
  if (callName && pk === 'LParen') {
    const entry = lookupFunction(callName);
    if (entry?.distinct) items.push(...keywordItems(['DISTINCT'], replace, false));
  }
  if (callName && INTERVAL_FUNCTIONS.has(callName) && paren && paren.argIndex > 0) {
    items.push(snippetKeyword('INTERVAL n UNIT', 'INTERVAL ${1:1} ${2|DAY,WEEK,MONTH,QUARTER,YEAR,HOUR,MINUTE,SECOND|}', replace, KEYWORD_DOCS['INTERVAL'], SORT.clause));
  }
  items.push(...columnItems(settings, replace, false));
  // Right before an existing `(` (changing the function of a call) insert the name only.
  items.push(...functionItems(replace, followsDirectly(tokens, prev, replace)));
  items.push(...calculationItems(settings, replace));
  items.push(...keywordItems(['CASE', 'NOT', 'NULL', 'TRUE', 'FALSE'], replace, false));
  items.push(snippetKeyword('CASE WHEN … THEN … ELSE … END', 'CASE WHEN ${1} THEN ${2} ELSE ${3} END', replace, KEYWORD_DOCS['CASE']));
  return items;
}

function keywordItems(words: readonly string[], replace: Span, clause: boolean, sort: string = clause ? SORT.clause : SORT.keyword): CompletionItem[] {
  return words.map((word, i) => ({
    label: word,
    kind: 'keyword' as const,
    insertText: word,
    replace,
    sortText: `${sort}${String(i).padStart(3, '0')}`,
    ...(KEYWORD_DOCS[word.split(' ')[0]!] ? { documentation: KEYWORD_DOCS[word.split(' ')[0]!] } : {}),
    ...(clause && i === 0 ? { preselect: true } : {}),
  }));
}

function snippetKeyword(label: string, snippet: string, replace: Span, documentation?: string, sort: string = SORT.keyword): CompletionItem {
  return { label, kind: 'keyword', insertText: snippet, snippet: true, replace, sortText: `${sort}999`, ...(documentation ? { documentation } : {}) };
}

function columnItems(settings: IdeSettings, replace: Span, inBackticks: boolean): CompletionItem[] {
  return (settings.schema ?? []).map((column, i) => {
    const insertText = backtickColumn(column.name);
    return {
      label: column.name,
      kind: 'column' as const,
      detail: column.type,
      documentation: `Column ${inlineCode(column.name)} (${column.type})${column.visible === false ? ', hidden' : ''}`,
      insertText,
      replace,
      filterText: inBackticks ? insertText : column.name,
      sortText: `${SORT.column}${String(column.order ?? i).padStart(5, '0')}`,
    };
  });
}

/** `SUM(${1:NUMERIC})`: required parameters become placeholders; optional ones are left for signature help. */
export function functionSnippet(entry: FunctionEntry): string {
  if (entry.bareAllowed && entry.params.length === 0) return entry.name;
  const required = entry.params.filter((p) => !p.optional);
  const placeholders = required.map((p, i) => `\${${i + 1}:${p.types.join('|').toLowerCase()}}`);
  if (placeholders.length === 0) return entry.params.length > 0 ? `${entry.name}(\${1})` : `${entry.name}()`;
  return `${entry.name}(${placeholders.join(', ')})`;
}

let catalogueItems: readonly CompletionItem[] | undefined;

function functionItems(replace: Span, nameOnly: boolean): CompletionItem[] {
  // The catalogue never changes: build its items once, re-point only the replaced span per request.
  catalogueItems ??= FUNCTION_ENTRIES.map((entry) => functionItem(entry, { start: 0, end: 0 }));
  return catalogueItems.map((item) => (nameOnly ? { ...item, replace, insertText: item.label, snippet: false } : { ...item, replace }));
}

/** True when a `(` starts right where the replaced text ends (`SU|M(x)`, `|(x)`). */
function followsDirectly(tokens: readonly IToken[], prev: number, replace: Span): boolean {
  for (let i = prev + 1; i < tokens.length && i <= prev + 2; i++) {
    const t = tokens[i]!;
    if (kindOf(t) === 'LParen') return t.startOffset === replace.end;
  }
  return false;
}

/** Where a function sorts among others: the ones the service promises first. */
const RANK: Readonly<Record<Availability, number>> = { documented: 0, sample: 1, engine: 2, unverified: 3, deprecated: 4, replaced: 5, unsupported: 6 };

function functionItem(entry: FunctionEntry, replace: Span): CompletionItem {
  const rank = RANK[entry.availability];
  return {
    label: entry.name,
    kind: 'function',
    detail: signatureDetail(entry),
    documentation: functionDocumentation(entry),
    insertText: functionSnippet(entry),
    snippet: true,
    replace,
    sortText: `${SORT.function}${rank}${entry.name}`,
    ...(isDiscouraged(entry.availability) ? { deprecated: true } : {}),
  };
}

function signatureDetail(entry: FunctionEntry): string {
  const params = entry.params.map((p) => (p.optional ? `[${p.types.join('|')}]` : p.types.join('|')) + (p.variadic ? ', …' : ''));
  return `(${params.join(', ')}) → ${entry.returns}`;
}

function calculationItems(settings: IdeSettings, replace: Span): CompletionItem[] {
  const service = serviceNameOf(settings);
  return (settings.calculations ?? [])
    .filter((c) => c.id !== settings.selfId)
    .map((c) => ({
      label: c.name ? `${c.name}` : `calculation ${c.id}`,
      kind: 'calculation' as const,
      detail: `${service}_BEAST_MODE(${c.id})`,
      documentation: `Nested calculation ${c.id}${c.name ? ` — ${plainInMarkdown(c.name)}` : ''}${c.dataset ? ` (dataset ${plainInMarkdown(c.dataset)})` : ''}. Nesting is one level deep only.`,
      insertText: `${service}_BEAST_MODE(${c.id})`,
      filterText: `${c.name ?? ''} ${service}_BEAST_MODE ${c.id}`,
      replace,
      sortText: `${SORT.calculation}${String(c.id).padStart(10, '0')}`,
    }));
}

function unitItems(replace: Span): CompletionItem[] {
  return INTERVAL_UNITS.map((unit, i) => ({
    label: unit,
    kind: 'unit' as const,
    ...(INTERVAL_UNIT_DOCS[unit] ? { detail: INTERVAL_UNIT_DOCS[unit] } : {}),
    insertText: unit,
    replace,
    sortText: `${SORT.clause}${String(i).padStart(3, '0')}`,
  }));
}

/** Inside a string: `%` specifiers when it is a date-format argument, else nothing. */
function stringCompletion(doc: IdeDocument, tokens: readonly IToken[], at: number, offset: number): CompletionResult {
  const token = tokens[at]!;
  const closed = kindOf(token) !== 'UnterminatedString' && offset === tokenEnd(token);
  if (closed || offset <= token.startOffset) return EMPTY;
  const call = enclosingParen(tokens, at - 1);
  if (!call?.name || !DATE_FORMAT_FUNCTIONS.includes(call.name.image.toUpperCase()) || call.argIndex === 0) return EMPTY;
  // Replace a `%` (or `%x`) just typed; elsewhere in the string insert a whole specifier.
  const text = doc.text;
  let start = offset;
  if (text[offset - 1] === '%') start = offset - 1;
  else if (text[offset - 2] === '%' && /[A-Za-z]/.test(text[offset - 1] ?? '')) start = offset - 2;
  const replace: Span = { start, end: offset };
  const items = Object.entries(DATE_FORMAT_SPECIFIERS).map(([spec, doc], i) => ({
    label: spec,
    kind: 'specifier' as const,
    detail: doc,
    insertText: spec,
    replace,
    sortText: `${SORT.clause}${String(i).padStart(3, '0')}`,
  }));
  return { items, incomplete: false };
}
