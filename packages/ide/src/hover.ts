// Hover: a function's signature, description and example; a column's type; a nested calculation's name; a keyword's
// meaning; elsewhere the formula's inferred result type and aggregation.
import { DATE_FORMAT_FUNCTIONS, DATE_FORMAT_SPECIFIERS, isExpression, lookupFunction, nodePathAt, type Node, type StringLiteral } from '@calckit/formula';
import { describeResult, isUnknownColumn, modelOf } from './analysis.js';
import { commentAt, isWord, kindOf, lastTokenBefore, tokenEnd, type IToken } from './cursor.js';
import { INTERVAL_UNIT_DOCS, KEYWORD_DOCS } from './data.js';
import type { IdeDocument } from './document.js';
import { backtickColumn, code, functionHover, plainInMarkdown } from './markdown.js';
import type { Hover, IdeSettings, Span } from './types.js';

export function hover(doc: IdeDocument, offset: number, settings: IdeSettings = {}): Hover | undefined {
  const { parse } = doc;
  if (commentAt(parse, offset)) return undefined;
  const token = tokenUnder(parse.tokens, offset);
  if (!token) return undefined;
  const tokenSpan: Span = { start: token.startOffset, end: tokenEnd(token) };
  const path = nodePathAt(parse.formula, token.startOffset);
  const node = innermostAt(path, tokenSpan);

  if (node?.kind === 'Call' && within(node.nameRange, tokenSpan)) {
    const entry = lookupFunction(node.name);
    const contents = entry ? functionHover(entry) : `${code(node.name)}\n\nUnknown function: not in the service's catalogue.`;
    return { contents, span: span(node.nameRange) };
  }
  if (node?.kind === 'Column') return { contents: columnHover(doc, node.name, settings), span: span(node.range) };
  if (node?.kind === 'NestedCalculation') return { contents: calculationHover(node.id, settings), span: span(node.range) };
  if (node?.kind === 'Interval' && node.unitRange && within(node.unitRange, tokenSpan)) {
    const doc = INTERVAL_UNIT_DOCS[node.unit];
    return { contents: `${code(`INTERVAL n ${node.unit}`)}${doc ? `\n\nThe value is ${doc}.` : ''}`, span: span(node.unitRange) };
  }
  if (node?.kind === 'String') {
    const specifier = specifierAt(doc, node, offset);
    if (specifier) return specifier;
  }
  const keyword = KEYWORD_DOCS[kindOf(token)];
  if (keyword && kindOf(token) === token.image.toUpperCase()) return { contents: `${code(kindOf(token))}\n\n${keyword}`, span: tokenSpan };
  const model = modelOf(doc, settings);
  const result = `Formula result: **${describeResult(model.calculation)}**`;
  if (node && isExpression(node) && node !== doc.parse.formula.expression) {
    return { contents: `Expression type: **${model.typeOf(node)}**\n\n${result}`, span: span(node.range) };
  }
  return { contents: result, span: tokenSpan };
}

/** The token under the cursor: containing it, or ending exactly at it (a word just left of the cursor wins over
 * punctuation starting at it, so `SUM|(` hovers SUM). */
function tokenUnder(tokens: readonly IToken[], offset: number): IToken | undefined {
  // Binary search: hover follows the mouse, and a long formula has tens of thousands of tokens.
  const i = lastTokenBefore(tokens, offset);
  const touching = i >= 0 && tokenEnd(tokens[i]!) === offset ? tokens[i] : undefined;
  const next = tokens[i + 1];
  const containing = next && next.startOffset <= offset && offset < tokenEnd(next) ? next : undefined;
  if (containing) return touching && isWord(touching) && !isWord(containing) ? touching : containing;
  return touching;
}

/** The innermost node on the path whose range covers the token. */
function innermostAt(path: readonly Node[], token: Span): Node | undefined {
  for (let i = path.length - 1; i >= 0; i--) {
    const n = path[i]!;
    if (n.range.start.offset <= token.start && token.end <= n.range.end.offset) return n;
  }
  return undefined;
}

function within(range: { start: { offset: number }; end: { offset: number } }, s: Span): boolean {
  return range.start.offset <= s.start && s.end <= range.end.offset;
}

function span(range: { start: { offset: number }; end: { offset: number } }): Span {
  return { start: range.start.offset, end: range.end.offset };
}

function columnHover(doc: IdeDocument, name: string, settings: IdeSettings): string {
  const model = modelOf(doc, settings);
  const type = model.columnType(name);
  const head = code(backtickColumn(name));
  if (type) return `${head}\n\nColumn of type **${type}**.`;
  if (isUnknownColumn(settings, name)) return `${head}\n\nNot a column of this formula's dataset.`;
  const usage = model.usageOf(name);
  const implied = usage && usage !== 'unknown' && usage !== 'other' ? ` Its use here implies a ${usage.toLowerCase()} value.` : '';
  return `${head}\n\nColumn (type unknown: no dataset schema is mapped to this file).${implied}`;
}

function calculationHover(id: number, settings: IdeSettings): string {
  const calc = settings.calculations?.find((c) => c.id === id);
  if (!calc) return `Nested calculation **${id}** (not in the project file).`;
  return `Nested calculation **${id}**${calc.name ? `: ${plainInMarkdown(calc.name)}` : ''}${calc.dataset ? ` (dataset ${plainInMarkdown(calc.dataset)})` : ''}.`;
}

/** Inside the format string of DATE_FORMAT and friends: what the `%x` under the cursor prints. */
function specifierAt(doc: IdeDocument, node: StringLiteral, offset: number): Hover | undefined {
  const path = nodePathAt(doc.parse.formula, node.range.start.offset);
  const parent = path[path.length - 2];
  if (parent?.kind !== 'Call' || !DATE_FORMAT_FUNCTIONS.includes(parent.upperName) || parent.args.indexOf(node) < 1) return undefined;
  const text = doc.text;
  // A specifier is `%` and one character; the cursor may be on either.
  for (const start of [offset - 1, offset, offset - 2]) {
    if (start <= node.range.start.offset || start + 2 > node.range.end.offset) continue;
    if (text[start] !== '%') continue;
    const spec = text.slice(start, start + 2);
    const meaning = DATE_FORMAT_SPECIFIERS[spec];
    if (meaning) return { contents: `\`${spec}\`: ${meaning}`, span: { start, end: start + 2 } };
  }
  return undefined;
}
