// Unit tests of the retry policy: which outcomes are retried per operation, backoff bounds, Retry-After parsing.
import { describe, expect, it } from 'vitest';
import { OPERATION_NAMES } from '@calckit/protocol';
import { IDEMPOTENT, backoffDelay, networkFailureClass, parseRetryAfter, shouldRetry } from './retry.js';
import { redact, redactAndTruncate } from './redact.js';

describe('shouldRetry', () => {
  const cases: Array<[string, Parameters<typeof shouldRetry>[1], boolean, boolean]> = [
    // outcome, idempotent op retried?, non-idempotent op retried?
    ['502', { kind: 'status', status: 502, retryAfterMs: undefined }, true, false],
    ['504', { kind: 'status', status: 504, retryAfterMs: undefined }, true, false],
    ['503 without Retry-After', { kind: 'status', status: 503, retryAfterMs: undefined }, true, false],
    ['503 with Retry-After', { kind: 'status', status: 503, retryAfterMs: 1000 }, true, true],
    ['429 with Retry-After', { kind: 'status', status: 429, retryAfterMs: 0 }, true, true],
    ['500', { kind: 'status', status: 500, retryAfterMs: undefined }, false, false],
    ['409', { kind: 'status', status: 409, retryAfterMs: 1000 }, false, false],
    ['timeout', { kind: 'timeout' }, true, false],
    ['connection reset', { kind: 'network', refused: false }, true, false],
    ['connection refused', { kind: 'network', refused: true }, true, true],
  ];
  it.each(cases)('%s', (_name, outcome, idempotent, nonIdempotent) => {
    expect(shouldRetry('readCalculation', outcome)).toBe(idempotent);
    expect(shouldRetry('lockCalculation', outcome)).toBe(idempotent);
    expect(shouldRetry('updateFormula', outcome)).toBe(nonIdempotent);
    expect(shouldRetry('createReportSchedule', outcome)).toBe(nonIdempotent);
  });

  it('covers every operation of the protocol', () => {
    expect(Object.keys(IDEMPOTENT).sort()).toEqual([...OPERATION_NAMES].sort());
  });
});

describe('backoffDelay', () => {
  it('doubles, is capped, and keeps half of the delay fixed', () => {
    const low = { baseMs: 100, maxMs: 1000, random: () => 0 };
    const high = { baseMs: 100, maxMs: 1000, random: () => 1 };
    expect([0, 1, 2, 3, 4, 10].map((a) => backoffDelay(a, low))).toEqual([50, 100, 200, 400, 500, 500]);
    expect([0, 1, 2, 3, 4, 10].map((a) => backoffDelay(a, high))).toEqual([100, 200, 400, 800, 1000, 1000]);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter('0.5', now)).toBe(500);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:10 GMT', now)).toBe(10_000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });
});

describe('redact', () => {
  it('replaces every occurrence of each secret and ignores tiny ones', () => {
    expect(redact('a tok-123 b tok-123', ['tok-123', undefined])).toBe('a [REDACTED] b [REDACTED]');
    expect(redact('abc', ['ab'])).toBe('abc');
  });
});

describe('DNS and TLS failures', () => {
  it('are classified and never retried, for any operation', () => {
    expect(networkFailureClass('ENOTFOUND')).toBe('dns');
    expect(networkFailureClass('EAI_AGAIN')).toBe('dns');
    expect(networkFailureClass('DEPTH_ZERO_SELF_SIGNED_CERT')).toBe('tls');
    expect(networkFailureClass('ERR_TLS_CERT_ALTNAME_INVALID')).toBe('tls');
    expect(networkFailureClass('ERR_SSL_WRONG_VERSION_NUMBER')).toBe('tls');
    expect(networkFailureClass('UNABLE_TO_VERIFY_LEAF_SIGNATURE')).toBe('tls');
    expect(networkFailureClass('ECONNREFUSED')).toBe('refused');
    expect(networkFailureClass('EHOSTUNREACH')).toBe('no-route');
    expect(networkFailureClass('ENETUNREACH')).toBe('no-route');
    expect(networkFailureClass('ECONNRESET')).toBe('other');
    for (const op of OPERATION_NAMES) expect(shouldRetry(op, { kind: 'network', refused: false, permanent: true })).toBe(false);
    expect(shouldRetry('searchCalculations', { kind: 'status', status: 503, retryAfterMs: undefined })).toBe(true);
  });
});

describe('redact: echoes in other spellings, and before truncation', () => {
  const token = 'Tok-3n/with+Sign s';
  it('catches upper/lower-cased, percent-encoded (once, twice, partly) and JSON-escaped echoes', () => {
    const echoes = [
      token,
      token.toUpperCase(),
      token.toLowerCase(),
      encodeURIComponent(token),
      encodeURIComponent(token).toLowerCase(),
      encodeURIComponent(encodeURIComponent(token)),
      'Tok-3n%2Fwith+Sign+s',
      'Tok-3n/with%2bSign%20s',
      JSON.stringify(token).slice(1, -1).replace(/[a-z]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
    ];
    for (const echo of echoes) expect(redact(`before ${echo} after`, [token]), echo).toBe('before [REDACTED] after');
  });
  it('redacts before cutting, so that no piece of a token is left at the cut', () => {
    const secret = 'abcdefghijklmnop';
    const text = `${'x'.repeat(95)}${secret} tail`;
    const out = redactAndTruncate(text, [secret], 100);
    expect(out).not.toContain('abcde');
    expect(out).toBe(`${'x'.repeat(95)}[REDA…`);
  });
});

describe('redactAndTruncate on long texts', () => {
  it('sees a secret that starts before the cut even in its longest spelling, and is quick on megabytes', () => {
    const secret = 'S3cret-Token';
    const doubleEncoded = [...secret].map((c) => `%25${c.charCodeAt(0).toString(16).toUpperCase()}`).join('');
    const text = `${'a'.repeat(90)}${doubleEncoded}${'b'.repeat(5_000_000)}`;
    const started = Date.now();
    const out = redactAndTruncate(text, [secret], 100);
    expect(Date.now() - started).toBeLessThan(500);
    expect(out).toBe(`${'a'.repeat(90)}[REDACTED]…`);
  });
});
