// Checks the token header an operation needs (seed section 5): developer token or session token.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { developerTokenHeader, sessionTokenHeader, type AuthKind } from '@calckit/protocol';
import { ApiError } from './api-error.js';

export interface Tokens {
  readonly developerToken: string;
  readonly sessionToken: string;
}

// Digests have one length, so the comparison takes the same time whatever the token given.
const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/** The expected tokens' digests, made once: an emulator has two tokens, and hashing them again cost every request. */
const expectedDigests = new Map<string, Buffer>();
function expectedDigest(token: string): Buffer {
  let known = expectedDigests.get(token);
  if (!known) {
    // Tokens change only when an emulator starts with new ones (tests start many): keep the map small.
    if (expectedDigests.size >= 16) expectedDigests.clear();
    known = digest(token);
    expectedDigests.set(token, known);
  }
  return known;
}

/** Throws 401 when the header is missing or wrong; the message names the header, never a token. */
export function checkAuth(headers: IncomingHttpHeaders, kind: AuthKind, tokens: Tokens, serviceName: string): void {
  const header = kind === 'developer' ? developerTokenHeader(serviceName) : sessionTokenHeader(serviceName);
  const expected = kind === 'developer' ? tokens.developerToken : tokens.sessionToken;
  const given = headers[header.toLowerCase()];
  if (given === undefined || given === '') {
    throw new ApiError(401, 'UNAUTHORIZED', `missing ${header} header`, [{ field: `header.${header}`, message: 'required' }]);
  }
  const value = Array.isArray(given) ? given.join(',') : given;
  if (!timingSafeEqual(digest(value), expectedDigest(expected))) {
    throw new ApiError(401, 'UNAUTHORIZED', `invalid ${kind} token in ${header}`, [{ field: `header.${header}`, message: 'not accepted' }]);
  }
}
