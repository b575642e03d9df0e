// JSON text of the files a project names (calckit.json, dataset schemas, the push state), parsed with errors that give
// the position and what was expected, never the text itself: V8's messages quote the input (`Unexpected token 'x',
// "…" is not valid JSON`), and a project file pointing at the wrong file (`/proc/self/environ`) must not print it.

/** Where JSON text stops being JSON: 1-based line and column (UTF-16 code units), and what was expected there. */
export interface JsonSyntaxProblem {
  readonly offset: number;
  readonly line: number;
  readonly column: number;
  /** E.g. `expected ',' or '}'`, `unexpected end of the file (expected a value)`: syntax words only. */
  readonly problem: string;
}

type Want = 'value' | 'value-or-close' | 'key' | 'key-or-close' | 'colon' | 'comma-or-close' | 'end';

const EXPECTED: Readonly<Record<Want, string>> = {
  value: 'a value',
  'value-or-close': "a value or ']'",
  key: 'a property name in double quotes',
  'key-or-close': "a property name in double quotes or '}'",
  colon: "':'",
  'comma-or-close': "',' or a closing bracket",
  end: 'nothing more',
};

const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isHex = (c: number) => isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);

/**
 * The first place where `text` is not JSON (RFC 8259), or undefined when it is. Iterative (an explicit stack of open
 * brackets), so deeply nested input cannot exhaust the call stack; linear in the text.
 */
export function findJsonSyntaxError(text: string): JsonSyntaxProblem | undefined {
  const n = text.length;
  const stack: number[] = []; // 0x7b '{' or 0x5b '['
  let want: Want = 'value';
  let i = 0;
  const fail = (at: number, problem: string): JsonSyntaxProblem => {
    let line = 1;
    let lineStart = 0;
    for (let k = 0; k < at; k++) {
      if (text.charCodeAt(k) === 0x0a) {
        line++;
        lineStart = k + 1;
      }
    }
    return { offset: at, line, column: at - lineStart + 1, problem };
  };
  const after = (): Want => (stack.length === 0 ? 'end' : 'comma-or-close');
  /** Scans a string starting at the quote at `i`; returns an error or moves `i` past the closing quote. */
  const scanString = (): JsonSyntaxProblem | undefined => {
    i++;
    for (;;) {
      if (i >= n) return fail(i, 'unexpected end of the file in a string (a closing " is missing)');
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i++;
        return undefined;
      }
      if (c < 0x20) return fail(i, 'a control character in a string (write it as an escape such as \\n)');
      if (c === 0x5c) {
        const e = text.charCodeAt(i + 1);
        if (e === 0x75) {
          for (let k = 2; k < 6; k++) if (!isHex(text.charCodeAt(i + k))) return fail(i, 'an invalid \\u escape (four hexadecimal digits are expected)');
          i += 6;
        } else if (e === 0x22 || e === 0x5c || e === 0x2f || e === 0x62 || e === 0x66 || e === 0x6e || e === 0x72 || e === 0x74) i += 2;
        else return fail(i, 'an invalid escape in a string');
        continue;
      }
      i++;
    }
  };
  const scanNumber = (): JsonSyntaxProblem | undefined => {
    if (text.charCodeAt(i) === 0x2d) i++;
    if (text.charCodeAt(i) === 0x30) i++;
    else if (isDigit(text.charCodeAt(i))) while (isDigit(text.charCodeAt(i))) i++;
    else return fail(i, 'a digit expected in a number');
    if (text.charCodeAt(i) === 0x2e) {
      i++;
      if (!isDigit(text.charCodeAt(i))) return fail(i, 'a digit expected after the decimal point');
      while (isDigit(text.charCodeAt(i))) i++;
    }
    if (text.charCodeAt(i) === 0x65 || text.charCodeAt(i) === 0x45) {
      i++;
      if (text.charCodeAt(i) === 0x2b || text.charCodeAt(i) === 0x2d) i++;
      if (!isDigit(text.charCodeAt(i))) return fail(i, 'a digit expected in the exponent');
      while (isDigit(text.charCodeAt(i))) i++;
    }
    return undefined;
  };

  for (;;) {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) break;
      i++;
    }
    if (i >= n) return want === 'end' ? undefined : fail(i, `unexpected end of the file (expected ${EXPECTED[want]})`);
    const c = text.charCodeAt(i);
    switch (want) {
      case 'value':
      case 'value-or-close': {
        if (want === 'value-or-close' && c === 0x5d) {
          stack.pop();
          i++;
          want = after();
          break;
        }
        if (c === 0x7b || c === 0x5b) {
          stack.push(c);
          i++;
          want = c === 0x7b ? 'key-or-close' : 'value-or-close';
          break;
        }
        let problem: JsonSyntaxProblem | undefined;
        if (c === 0x22) problem = scanString();
        else if (c === 0x2d || isDigit(c)) problem = scanNumber();
        else {
          const word = ['true', 'false', 'null'].find((w) => text.startsWith(w, i));
          if (word === undefined) return fail(i, `expected ${EXPECTED[want]}`);
          i += word.length;
        }
        if (problem) return problem;
        want = after();
        break;
      }
      case 'key':
      case 'key-or-close': {
        if (want === 'key-or-close' && c === 0x7d) {
          stack.pop();
          i++;
          want = after();
          break;
        }
        if (c !== 0x22) return fail(i, `expected ${EXPECTED[want]}`);
        const problem = scanString();
        if (problem) return problem;
        want = 'colon';
        break;
      }
      case 'colon':
        if (c !== 0x3a) return fail(i, "expected ':' after a property name");
        i++;
        want = 'value';
        break;
      case 'comma-or-close': {
        const open = stack[stack.length - 1];
        const close = open === 0x7b ? 0x7d : 0x5d;
        if (c === 0x2c) {
          i++;
          want = open === 0x7b ? 'key' : 'value';
        } else if (c === close) {
          stack.pop();
          i++;
          want = after();
        } else return fail(i, `expected ',' or '${open === 0x7b ? '}' : ']'}'`);
        break;
      }
      case 'end':
        return fail(i, 'unexpected text after the JSON value');
    }
  }
}

/** `not valid JSON at line 3, column 7: expected ',' or '}'` — the reason JSON.parse refused `text`, by position. */
export function describeJsonError(text: string): string {
  const p = findJsonSyntaxError(text);
  return p ? `not valid JSON at line ${p.line}, column ${p.column}: ${p.problem}` : 'not valid JSON';
}

/** JSON.parse, or throws a SyntaxError whose message is describeJsonError's (position only, no text quoted). */
export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    throw new SyntaxError(describeJsonError(text));
  }
}
