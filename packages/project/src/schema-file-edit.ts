// The edit that renames one column in a dataset schema file's text, at the exact place of its "name" value: every
// other byte (spacing, key order, other columns, a byte-order mark, CRLF) stays as it was. Used by `calckit schema
// rename` and the language server's rename of a column, which both keep the column's id.

/** Replace `[start, end)` of the text (UTF-16 offsets) with `newText`. */
export interface SchemaTextEdit {
  readonly start: number;
  readonly end: number;
  readonly newText: string;
}

interface Token {
  readonly kind: '{' | '}' | '[' | ']' | ':' | ',' | 'string' | 'literal';
  readonly start: number;
  readonly end: number;
}

/** JSON's tokens; undefined when the text is not JSON enough to tokenise (the caller then edits nothing). */
function tokens(text: string): Token[] | undefined {
  const out: Token[] = [];
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
    } else if (c === '{' || c === '}' || c === '[' || c === ']' || c === ':' || c === ',') {
      out.push({ kind: c, start: i, end: i + 1 });
      i++;
    } else if (c === '"') {
      const start = i++;
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      if (i >= text.length) return undefined;
      i++;
      out.push({ kind: 'string', start, end: i });
    } else {
      const start = i;
      while (i < text.length && !/[\s{}[\]:,"]/.test(text[i]!)) i++;
      if (i === start) return undefined;
      out.push({ kind: 'literal', start, end: i });
    }
  }
  return out;
}

/**
 * The edit renaming column `oldName` to `newName` in the text of a schema file (a JSON array of column objects): the
 * "name" value of the element whose name is `oldName`, replaced by `newName` as a JSON string. Undefined when no
 * element has that name (or the text is not a JSON array of objects).
 */
export function schemaColumnRenameEdit(text: string, oldName: string, newName: string): SchemaTextEdit | undefined {
  const list = tokens(text);
  if (list === undefined || list[0]?.kind !== '[') return undefined;
  // depth 1: the array; depth 2: a column object. A key is a string token at depth 2 right after '{' or ','.
  let depth = 0;
  for (let k = 0; k < list.length; k++) {
    const t = list[k]!;
    if (t.kind === '{' || t.kind === '[') depth++;
    else if (t.kind === '}' || t.kind === ']') depth--;
    else if (t.kind === 'string' && depth === 2 && (list[k - 1]?.kind === '{' || list[k - 1]?.kind === ',') && list[k + 1]?.kind === ':') {
      const value = list[k + 2];
      if (value?.kind !== 'string' || JSON.parse(text.slice(t.start, t.end)) !== 'name') continue;
      if (JSON.parse(text.slice(value.start, value.end)) === oldName) return { start: value.start, end: value.end, newText: JSON.stringify(newName) };
    }
  }
  return undefined;
}
