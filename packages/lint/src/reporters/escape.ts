// Text from a formula or a file name, made safe to show: control characters (C0 such as ESC, BEL, CR; DEL; C1 such as
// CSI) could drive the terminal, and bidirectional controls or line separators could make a line look like another.
// Each one is shown as an escape (`\x1b`, `\u202e`), so what is printed is what is in the file, and nothing more.

/** Characters shown as escapes: C0 and C1 controls, DEL, bidirectional marks and overrides, line/paragraph separators. */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/;
const UNSAFE_ALL = new RegExp(UNSAFE.source, 'g');
const NAMED: Readonly<Record<string, string>> = { '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** `\x1b` for one unsafe character (`\t`, `\n`, `\r` by name; `\u202e` above U+00FF). */
export function escapeChar(c: string): string {
  const named = NAMED[c];
  if (named) return named;
  const code = c.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** Whether `c` (one UTF-16 code unit) is shown as an escape. */
export const isUnsafe = (c: string): boolean => UNSAFE.test(c);

/** `text` with every control character shown as an escape (see escapeChar): one line, safe for a terminal. */
export function escapeForTerminal(text: string): string {
  return UNSAFE.test(text) ? text.replace(UNSAFE_ALL, escapeChar) : text;
}
