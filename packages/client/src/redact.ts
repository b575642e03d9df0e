// Removes secrets from any text that may reach a log or an error: token values are replaced by a marker.
export const REDACTED = '[REDACTED]';

/** Replaces every occurrence of each secret (ignoring empty or very short ones, which would mangle text). */
export function redact(text: string, secrets: ReadonlyArray<string | undefined>): string {
  let out = text;
  for (const secret of secrets) {
    if (secret === undefined || secret.length < 4) continue;
    out = out.split(secret).join(REDACTED);
  }
  return out;
}
