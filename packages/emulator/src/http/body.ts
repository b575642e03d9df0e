// Reads a request body as JSON with a size limit; refuses other media types, malformed JSON and non-objects.
import type { IncomingMessage } from 'node:http';
import { ApiError } from '../api-error.js';

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
  const text = raw.toString('utf8');
  if (text.trim() === '') throw new ApiError(400, 'MALFORMED_JSON', 'request body is empty; a JSON object is required', [{ field: 'body', message: 'empty body' }]);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ApiError(400, 'MALFORMED_JSON', `request body is not valid JSON: ${(error as Error).message}`, [{ field: 'body', message: 'malformed JSON' }]);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ApiError(400, 'VALIDATION_FAILED', 'request body must be a JSON object', [
      { field: 'body', message: `got ${Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value}` },
    ]);
  }
  return value as Record<string, unknown>;
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
