// What a quoted literal's text means: MySQL's reading (its lexer with the default sql_mode, as MariaDB 10.11 reads it),
// the formula language's documented reading being silent on backslashes. docs/language.md ("Strings") gives the
// evidence for the choice. Both quote characters read the same way: `''` (or `""`) is one quote, and a backslash
// escapes the next character.

/** `\x` → the character it stands for. `\%` and `\_` keep their backslash (MySQL keeps it for LIKE's sake); a
 * letter or mark not listed stands for itself (`\a` is `a`). */
const ESCAPED: Readonly<Record<string, string>> = {
  '0': '\0',
  b: '\b',
  n: '\n',
  r: '\r',
  t: '\t',
  Z: '\x1a',
  '%': '\\%',
  _: '\\_',
};

/**
 * The value of the text between a literal's quotes, `quote` being `'` or `"`: doubled quotes and backslash escapes
 * read. A backslash at the very end (an unterminated literal) stands for itself.
 */
export function unescapeQuoted(body: string, quote: "'" | '"'): string {
  if (!body.includes('\\') && !body.includes(quote)) return body;
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === '\\' && i + 1 < body.length) {
      const next = body[++i]!;
      out += ESCAPED[next] ?? next;
    } else if (c === quote && body[i + 1] === quote) {
      out += quote;
      i++;
    } else out += c;
  }
  return out;
}

/** A value written as a single-quoted literal that reads back as that value (quotes doubled, backslashes escaped). */
export function singleQuotedLiteral(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/** A double-quoted literal's body (between its quotes) as a single-quoted literal of the same value, its escapes
 * spelled as written: `""` becomes `"`, a quote `'` is doubled, and every backslash escape is kept (it reads the same
 * between either quote). */
export function singleQuotedFromDoubleQuoted(body: string): string {
  let out = "'";
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === '\\' && i + 1 < body.length) out += c + body[++i]!;
    else if (c === '"' && body[i + 1] === '"') {
      out += '"';
      i++;
    } else if (c === "'") out += "''";
    else if (c === '\\') out += '\\\\';
    else out += c;
  }
  return `${out}'`;
}
