// Removes secrets from any text that may reach a log or an error: token values are replaced by a marker.
//
// A service (or a proxy in front of it) may echo a token back altered. These forms are redacted (the package README's
// "Tokens" lists them too, docs/service.md points there, and packages/client/src/redact.test.ts and test/service/redaction.test.ts try each):
// - as it is, and case-changed (upper, lower, mixed: matching ignores case);
// - percent-encoded (in a URL it logs, once or twice: `%2B`, `%252B`, even partly), form-encoded (`+` for a space),
//   JSON-escaped (`\u0041`), character by character, so that a partly encoded echo is caught too;
// - split by whitespace: up to MAX_GAP spaces, tabs or line breaks (also JSON-escaped: `\n`) between any two
//   characters (`t o k e n`, groups of four, a token wrapped over lines);
// - hex of its UTF-8 bytes (either case, bytes optionally split by whitespace);
// - base64 and base64url of its UTF-8 bytes (`+/` or `-_`, padded or not, wrapped over lines), alone or inside a
//   longer encoded text (`Basic base64(user:token)`): each of the three alignments of the token in the encoded bytes
//   is matched, with the one or two characters it shares with its neighbours.
// Not redacted: other encodings (a token encrypted, hashed, reversed, base64 of a case-changed token, base64 then
// percent-encoded), and any form of a secret shorter than MIN_SECRET_LENGTH; the hex and base64 forms only for
// secrets of MIN_ENCODED_SECRET_LENGTH characters or more (shorter ones would match ordinary text).
//
// Callers redact the whole text first and only then cut it to length, so that a cut never leaves a recognisable
// piece of a token behind.
export const REDACTED = '[REDACTED]';

/** Secrets shorter than this are not redacted: replacing every "ab" would mangle text and hide nothing. */
const MIN_SECRET_LENGTH = 4;
/** Secrets shorter than this are not looked for in hex or base64 (a few encoded bytes occur in ordinary text). */
const MIN_ENCODED_SECRET_LENGTH = 8;
/** Most whitespace characters matched between two characters of a secret split by whitespace. */
const MAX_GAP = 8;
/** Whitespace, also as JSON writes it in a string (`\\n`, `\\r`, `\\t`): a wrapped token in a JSON body the client shows raw. */
const GAP = `(?:\\s|\\\\[nrt]){0,${MAX_GAP}}`;

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

/** The secret character by character, in any spelling, with whitespace allowed between two non-space characters. */
function spelledPattern(secret: string): string {
  const chars = [...secret];
  return chars.map((c, i) => (i > 0 && /\S/.test(c) && /\S/.test(chars[i - 1] as string) ? GAP : '') + characterPattern(c)).join('');
}

/** The hex of the secret's UTF-8 bytes, whitespace allowed between bytes (case by the `i` flag). */
function hexPattern(bytes: Uint8Array): string {
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join(GAP);
}

const BASE64_CHAR = '[A-Za-z0-9+/_-]';

/**
 * The base64 (and base64url) characters that only the secret's bytes decide, for each of the three places the
 * secret can start at in the encoded bytes, with up to one character it shares with the bytes before it and two
 * after (padding included), whitespace allowed between characters.
 */
function base64Pattern(bytes: Uint8Array): string {
  const alignments: string[] = [];
  for (let shift = 0; shift < 3; shift++) {
    const encoded = Buffer.concat([Buffer.alloc(shift), Buffer.from(bytes)]).toString('base64').replace(/=+$/, '');
    const first = Math.ceil((8 * shift) / 6); // the first character made of the secret's bits only
    const last = Math.floor((8 * (shift + bytes.length)) / 6); // one past the last such character
    const core = [...encoded.slice(first, last)].map((c) => (c === '+' ? '[+-]' : c === '/' ? '[/_]' : c));
    alignments.push(core.join(GAP));
  }
  return `(?:${BASE64_CHAR}${GAP})?(?:${alignments.join('|')})(?:${GAP}${BASE64_CHAR}){0,2}(?:${GAP}=){0,2}`;
}

function secretPattern(secret: string): RegExp {
  let pattern = patternCache.get(secret);
  if (!pattern) {
    const forms = [spelledPattern(secret)];
    if (secret.length >= MIN_ENCODED_SECRET_LENGTH) {
      const bytes = new TextEncoder().encode(secret);
      forms.push(hexPattern(bytes), base64Pattern(bytes));
    }
    pattern = new RegExp(forms.map((f) => `(?:${f})`).join('|'), 'gi');
    if (patternCache.size > 32) patternCache.clear();
    patternCache.set(secret, pattern);
  }
  pattern.lastIndex = 0;
  return pattern;
}

/**
 * Replaces every occurrence of each secret, in any of the forms above (ignoring empty or very short secrets, which
 * would mangle text).
 */
export function redact(text: string, secrets: ReadonlyArray<string | undefined>): string {
  let out = text;
  for (const secret of secrets) {
    if (secret === undefined || secret.length < MIN_SECRET_LENGTH) continue;
    out = out.replace(secretPattern(secret), REDACTED);
  }
  return out;
}

/** Longest spelling of one character above: a gap before it (`\\n` twice as long), then `%25XX` for each of up to 4 UTF-8 bytes. */
const MAX_SPELLING_LENGTH = 2 * MAX_GAP + 20;

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
