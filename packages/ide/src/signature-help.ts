// Signature help: inside a call's parentheses, the function's signature with the parameter under the cursor.
// Token-based, so it works while the call is still unclosed.
import { lookupFunction, paramAt, type FunctionEntry } from '@calckit/formula';
import { commentAt, enclosingParen, kindOf, lastTokenBefore, STRING_TOKENS, tokenIndexAt } from './cursor.js';
import type { IdeDocument } from './document.js';
import { functionDocumentation } from './markdown.js';
import type { IdeSettings, ParameterInfo, SignatureHelp } from './types.js';

export function signatureHelp(doc: IdeDocument, offset: number, _settings: IdeSettings = {}): SignatureHelp | undefined {
  const { parse } = doc;
  if (commentAt(parse, offset)) return undefined;
  const tokens = parse.tokens;
  // Inside a string or name the enclosing call is found from the token's start.
  const at = tokenIndexAt(tokens, offset);
  const inside = at >= 0 && (STRING_TOKENS.has(kindOf(tokens[at])) || kindOf(tokens[at]) === 'UnterminatedBacktick');
  const before = inside ? at - 1 : lastTokenBefore(tokens, offset);
  // Right after a `)` that closes a call the cursor is outside that call. Grouping parentheses are looked through
  // (`ROUND((1 + |` is in ROUND's first argument); an OVER or IN list is not a call.
  let call = enclosingParen(tokens, before);
  while (call && !call.name && kindOf(tokens[call.open - 1]) !== 'OVER' && kindOf(tokens[call.open - 1]) !== 'IN') {
    call = enclosingParen(tokens, call.open - 1);
  }
  if (!call?.name) return undefined;
  const entry = lookupFunction(call.name.image);
  if (!entry) return undefined;
  return describe(entry, call.argIndex);
}

function describe(entry: FunctionEntry, argIndex: number): SignatureHelp {
  const labels = entry.params.map((p) => `${p.optional ? '[' : ''}${p.types.join(' | ')}${p.optional ? ']' : ''}${p.variadic ? ', …' : ''}`);
  let label = `${entry.name}(${entry.distinct ? '[DISTINCT] ' : ''}`;
  const parameters: ParameterInfo[] = entry.params.map((p, i) => {
    if (i > 0) label += ', ';
    const start = label.length;
    label += labels[i]!;
    const types = p.types.join(' | ');
    return { label: labels[i]!, offsets: [start, label.length], documentation: `Argument ${i + 1}${p.optional ? ' (optional)' : ''}${p.variadic ? ', repeats' : ''}: ${types}` };
  });
  label += `) → ${entry.returns}`;
  const param = paramAt(entry, argIndex);
  const active = param ? entry.params.indexOf(param) : parameters.length; // past the last: nothing highlighted
  return { label, documentation: functionDocumentation(entry), parameters, activeParameter: active };
}
