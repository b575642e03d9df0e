// A minimal tokenizer of MySQL statement text, enough to tell a literal SELECT's expressions apart and to check the
// words and operators they use. Not the formula lexer on purpose: the extractor must also see what the formula
// language does not read (DIV, `<=>`, introducers such as `_latin1'…'`), to leave those expressions out, and take in
// what calckit should read but may not yet (so that its refusal counts as a disagreement, not as a skip).

export type SqlTokenKind = 'word' | 'string' | 'number' | 'quoted-name' | 'punct' | 'variable';

export interface SqlToken {
  readonly kind: SqlTokenKind;
  /** The token's text as written (quotes included). */
  readonly text: string;
  /** Offset in the statement. */
  readonly start: number;
  readonly end: number;
}

/** Operators of two or three characters, longest first (MySQL's). */
const LONG_OPERATORS = ['<=>', '<=', '>=', '<>', '!=', '||', '&&', '<<', '>>', ':=', '->>', '->'];

/** Tokens of `sql`, comments (`#`, `-- ` and block comments) left out. */
export function sqlTokens(sql: string): SqlToken[] {
  const tokens: SqlToken[] = [];
  let i = 0;
  const n = sql.length;
  while (i < n) {
    const c = sql[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '#' || (c === '-' && sql[i + 1] === '-' && (i + 2 >= n || /\s/.test(sql[i + 2]!)))) {
      while (i < n && sql[i] !== '\n') i++;
      continue;
    }
    if (c === '/' && sql[i + 1] === '*') {
      const close = sql.indexOf('*/', i + 2);
      i = close < 0 ? n : close + 2;
      continue;
    }
    const start = i;
    if (c === "'" || c === '"' || c === '`') {
      // Doubled quotes and (not in backticks) backslash escapes stay inside the token.
      i++;
      while (i < n) {
        if (sql[i] === '\\' && c !== '`') i += 2;
        else if (sql[i] === c && sql[i + 1] === c) i += 2;
        else if (sql[i] === c) break;
        else i++;
      }
      i = Math.min(i + 1, n);
      tokens.push({ kind: c === '`' ? 'quoted-name' : 'string', text: sql.slice(start, i), start, end: i });
      continue;
    }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(sql[i + 1] ?? ''))) {
      const m = /^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/.exec(sql.slice(i))!;
      i += m[0].length;
      tokens.push({ kind: 'number', text: m[0], start, end: i });
      continue;
    }
    if (c === '@') {
      const m = /^@@?(?:[A-Za-z0-9_$.]+|'[^']*'|`[^`]*`)?/.exec(sql.slice(i))!;
      i += m[0].length;
      tokens.push({ kind: 'variable', text: m[0], start, end: i });
      continue;
    }
    if (/[A-Za-z_$\u0080-\uffff]/.test(c)) {
      const m = /^[A-Za-z0-9_$\u0080-\uffff]+/.exec(sql.slice(i))!;
      i += m[0].length;
      tokens.push({ kind: 'word', text: m[0], start, end: i });
      continue;
    }
    const op = LONG_OPERATORS.find((o) => sql.startsWith(o, i)) ?? c;
    i += op.length;
    tokens.push({ kind: 'punct', text: op, start, end: i });
  }
  return tokens;
}

/** Splits `tokens` at commas outside parentheses. */
export function splitTopLevel(tokens: readonly SqlToken[]): SqlToken[][] {
  const parts: SqlToken[][] = [[]];
  let depth = 0;
  for (const t of tokens) {
    if (t.text === '(') depth++;
    else if (t.text === ')') depth--;
    if (t.text === ',' && depth === 0) parts.push([]);
    else parts[parts.length - 1]!.push(t);
  }
  return parts;
}
