// Removes secrets from any text that may reach a log or an error: token values are replaced by a marker.
//
// A service (or a proxy in front of it) may echo a token back altered: upper- or lower-cased, percent-encoded (in a
// URL it logs, once or twice: `%2B`, `%252B`), form-encoded (`+` for a space) or JSON-escaped (`\u0041`). Every
// character of the secret is therefore matched in any of those spellings, case-insensitively, so that a partly
// encoded echo is caught too. Callers redact the whole text first and only then cut it to length, so that a cut
// never leaves a recognisable piece of a token behind.
export const REDACTED = '[REDACTED]';

/** Secrets shorter than this are not redacted: replacing every "ab" would mangle text and hide nothing. */
const MIN_SECRET_LENGTH = 4;

const patternCache = new Map<string, RegExp>();

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/** Every spelling of one character (a code point) that an echo may use. */
function characterPattern(char: string): string {
  const spellings = [escapeRegExp(char)];
  const bytes = new TextEncoder().encode(char);
  // %XX per UTF-8 byte, each optionally double-encoded (%25XX); hex case is covered by the `i` flag.
  spellings.push([...bytes].map((b) => `%(?:25)?${b.toString(16).padStart(2, '0')}`).join(''));
  if (char === ' ') spellings.push('\\+');
  // JSON escapes: \uXXXX per UTF-16 unit.
  spellings.push([...char].flatMap((c) => {
    const units: string[] = [];
    for (let i = 0; i < c.length; i++) units.push(`\\\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`);
    return units;
  }).join(''));
  return `(?:${spellings.join('|')})`;
}

function secretPattern(secret: string): RegExp {
  let pattern = patternCache.get(secret);
  if (!pattern) {
    pattern = new RegExp([...secret].map(characterPattern).join(''), 'gi');
    if (patternCache.size > 32) patternCache.clear();
    patternCache.set(secret, pattern);
  }
  pattern.lastIndex = 0;
  return pattern;
}

/**
 * Replaces every occurrence of each secret, in any case and any of the encodings above (ignoring empty or very
 * short secrets, which would mangle text).
 */
export function redact(text: string, secrets: ReadonlyArray<string | undefined>): string {
  let out = text;
  for (const secret of secrets) {
    if (secret === undefined || secret.length < MIN_SECRET_LENGTH) continue;
    out = out.replace(secretPattern(secret), REDACTED);
  }
  return out;
}

/** Longest spelling of one character above: `%25XX` for each of up to 4 UTF-8 bytes. */
const MAX_SPELLING_LENGTH = 20;

/**
 * Redacts, then cuts to at most `max` characters (never the other way round). Only the beginning of a long text is
 * redacted: up to `max` plus the longest spelling of the longest secret, so that a secret starting before the cut is
 * still seen whole.
 */
export function redactAndTruncate(text: string, secrets: ReadonlyArray<string | undefined>, max: number): string {
  const longest = Math.max(0, ...secrets.map((s) => s?.length ?? 0));
  const window = max + longest * MAX_SPELLING_LENGTH;
  const clean = redact(text.length > window ? text.slice(0, window) : text, secrets);
  return clean.length <= max ? clean : `${clean.slice(0, max)}…`;
}
