// Reads a request body as JSON with a size limit; refuses other media types, bytes that are not UTF-8, malformed
// JSON, nesting deeper than MAX_JSON_DEPTH, strings with lone surrogates, and non-objects.
import type { IncomingMessage } from 'node:http';
import { ApiError } from '../api-error.js';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from './json-depth.js';

/** Past this many bytes beyond the limit, the connection is cut instead of drained (a client that never stops). */
const DRAIN_CAP_FACTOR = 16;

function isJsonMediaType(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/** Reads the whole body; a body over `limit` bytes is drained (so the client can read our 413) and refused. */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = Number.isFinite(declared) && declared > limit;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      if (tooLarge) {
        chunks.length = 0;
        if (size > limit * DRAIN_CAP_FACTOR) req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (tooLarge) reject(new ApiError(413, 'PAYLOAD_TOO_LARGE', `request body is larger than the limit of ${limit} bytes`));
      else resolve(Buffer.concat(chunks));
    });
    req.on('error', (error) => reject(error));
    req.on('close', () => {
      if (!req.complete) reject(new ApiError(413, 'PAYLOAD_TOO_LARGE', `request body is larger than the limit of ${limit} bytes`));
    });
  });
}

/** Parses a JSON object body; every refusal is an ApiError with a clear message. */
export function parseJsonObject(req: IncomingMessage, raw: Buffer): Record<string, unknown> {
  if (!isJsonMediaType(req.headers['content-type'])) {
    throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'request body must be JSON: send Content-Type: application/json', [
      { field: 'header.content-type', message: `got ${JSON.stringify(req.headers['content-type'] ?? '(none)')}` },
    ]);
  }
  const text = decodeUtf8(raw);
  if (text.trim() === '') throw new ApiError(400, 'MALFORMED_JSON', 'request body is empty; a JSON object is required', [{ field: 'body', message: 'empty body' }]);
  // Before parsing: nothing deeper than this is ever built, so no check, copy or answer can overflow the stack on it.
  if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
    throw new ApiError(400, 'VALIDATION_FAILED', `request body nests arrays or objects more than ${MAX_JSON_DEPTH} levels deep`, [
      { field: 'body', message: `nesting deeper than ${MAX_JSON_DEPTH} levels` },
    ]);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ApiError(400, 'MALFORMED_JSON', `request body is not valid JSON: ${(error as Error).message}`, [{ field: 'body', message: 'malformed JSON' }]);
  }
  const lone = findLoneSurrogate(value);
  if (lone !== undefined) {
    throw new ApiError(400, 'VALIDATION_FAILED', 'request body has a string that is not valid Unicode (a lone surrogate)', [
      { field: lone.field, message: `${lone.field} has a lone surrogate \\u${lone.unit.toString(16)} at offset ${lone.offset}: strings must be valid UTF-16` },
    ]);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ApiError(400, 'VALIDATION_FAILED', 'request body must be a JSON object', [
      { field: 'body', message: `got ${Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value}` },
    ]);
  }
  return value as Record<string, unknown>;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Decodes a body that must be UTF-8 (RFC 8259): invalid bytes are refused (400), never replaced by U+FFFD. */
function decodeUtf8(raw: Buffer): string {
  try {
    return UTF8.decode(raw);
  } catch {
    const offset = firstInvalidUtf8(raw);
    throw new ApiError(400, 'MALFORMED_JSON', `request body is not UTF-8 (invalid byte at offset ${offset}); send JSON encoded as UTF-8`, [
      { field: 'body', message: `invalid UTF-8 at byte ${offset}` },
    ]);
  }
}

/** Byte offset of the first sequence that is not well-formed UTF-8 (overlong, surrogate, > U+10FFFF, truncated). */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i += 1;
      continue;
    }
    const need = b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : 0;
    if (need === 0 || i + need >= bytes.length) return i;
    let cp = b & (0x7f >> (need + 1));
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k]!;
      if ((c & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (c & 0x3f);
    }
    const min = need === 1 ? 0x80 : need === 2 ? 0x800 : 0x10000;
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += need + 1;
  }
  return bytes.length;
}

/** The first string (key or value) of a parsed JSON value with an unpaired surrogate: where it is and which. */
export function findLoneSurrogate(value: unknown): { field: string; offset: number; unit: number } | undefined {
  // Iterative: a deeply nested body must not overflow the stack.
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  const at = (path: string, key: string): string => (path === '' ? key : `${path}.${key}`);
  while (stack.length > 0) {
    const { value: v, path } = stack.pop()!;
    if (typeof v === 'string') {
      const hit = loneSurrogateIn(v);
      if (hit !== undefined) return { field: path === '' ? 'body' : path, ...hit };
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], path: at(path, String(i)) });
    } else if (typeof v === 'object' && v !== null) {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        const hit = loneSurrogateIn(key);
        if (hit !== undefined) return { field: at(path, '(key)'), ...hit };
        stack.push({ value: child, path: at(path, key) });
      }
    }
  }
  return undefined;
}

function loneSurrogateIn(text: string): { offset: number; unit: number } | undefined {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) { i += 1; continue; }
      return { offset: i, unit };
    }
    if (unit >= 0xdc00 && unit <= 0xdfff) return { offset: i, unit };
  }
  return undefined;
}

/**
 * Reads and drops whatever is left of a request body before an early answer (401, 404, a fault…). Answering while the
 * client is still sending makes Node close the connection, and a client reusing that kept-alive connection then
 * fails with ECONNRESET. Past `cap` bytes the connection is cut instead.
 */
export function discardBody(req: IncomingMessage, cap: number): Promise<void> {
  if (req.complete || req.readableEnded || req.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > cap) req.destroy();
    });
    req.on('end', () => resolve());
    req.on('close', () => resolve());
    req.on('error', () => resolve());
    req.resume();
  });
}
