// The nesting depth of a JSON text, measured without parsing it: request bodies and code-function results deeper than
// MAX_JSON_DEPTH are refused before anything (JSON.stringify, schema checks, walks) recurses over them.

/** Deepest nesting of arrays and objects accepted (as the default of Jackson's StreamReadConstraints). */
export const MAX_JSON_DEPTH = 1000;

/** True when `text` opens more than `limit` arrays or objects inside one another (brackets in strings ignored). */
export function jsonDepthExceeds(text: string, limit: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}
