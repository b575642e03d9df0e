// The page's state in the URL's hash, so that a copied link restores it: `#v1=` then the JSON of the state, compressed
// with the browser's CompressionStream ('deflate-raw') and written in base64url (no padding). No dependency.

export interface SharedState {
  readonly formula: string;
  /** The schema box's text (JSON of columns), as typed. */
  readonly schema: string;
  /** The rows as CSV text. */
  readonly csv: string;
  readonly groupBy: readonly string[];
}

const PREFIX = '#v1=';

/** The most a link's state may unpack to: more than the page sends its server (the evaluation's million characters of
 * CSV), far less than a tab's memory. A few KB of deflate can unpack to gigabytes; a link is anyone's to make. */
export const MAX_STATE_BYTES = 8 * 2 ** 20;

class StateTooLarge extends Error {
  constructor(limit: number) {
    super(`the link's state unpacks to more than ${limit / 2 ** 20} MiB: it was not opened`);
  }
}

/** The bytes through a (de)compression stream; an Error once they pass `limit`, before any more is unpacked. */
async function through(bytes: Uint8Array<ArrayBuffer>, stream: CompressionStream | DecompressionStream, limit = Number.POSITIVE_INFINITY): Promise<Uint8Array> {
  const reader = new Blob([bytes]).stream().pipeThrough(stream).getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    length += next.value.length;
    if (length > limit) {
      await reader.cancel();
      throw new StateTooLarge(limit);
    }
    chunks.push(next.value);
  }
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The hash (with its `#`) that holds `state`. */
export async function encodeState(state: SharedState): Promise<string> {
  const json = new TextEncoder().encode(JSON.stringify({ f: state.formula, s: state.schema, c: state.csv, g: state.groupBy }));
  return PREFIX + toBase64Url(await through(json, new CompressionStream('deflate-raw')));
}

/** The state a hash holds; undefined when it holds none; an Error naming what is wrong when it is damaged. */
export async function decodeState(hash: string): Promise<SharedState | undefined | Error> {
  if (!hash.startsWith(PREFIX)) return undefined;
  try {
    const json = new TextDecoder().decode(await through(fromBase64Url(hash.slice(PREFIX.length)), new DecompressionStream('deflate-raw'), MAX_STATE_BYTES));
    const value = JSON.parse(json) as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    const groupBy = Array.isArray(value['g']) ? value['g'].filter((g): g is string => typeof g === 'string') : [];
    return { formula: text(value['f']), schema: text(value['s']), csv: text(value['c']), groupBy };
  } catch (error) {
    if (error instanceof StateTooLarge) return error;
    return new Error(`the link's state could not be read (${error instanceof Error ? error.message : String(error)}): it may have been cut short when copied`);
  }
}
