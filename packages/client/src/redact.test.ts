// Each form of a token echoed back that the package README says is redacted, and what is not.
import { describe, expect, it } from 'vitest';
import { REDACTED, redact } from './redact.js';

const token = 'dev-7f3a9c1e5b2d48a6Q+/x';
const bytes = Buffer.from(token, 'utf8');

/** Every form the README lists, by name. Of the forms inside a longer encoded text, the characters of the text before the token are kept (`keep`). */
const keep: Record<string, number> = { 'base64 inside Basic user:token': 8, 'base64 inside, shifted by one': 2, 'base64 inside, shifted by two': 4 };
const forms: Record<string, string> = {
  'as is': token,
  'upper-cased': token.toUpperCase(),
  'lower-cased': token.toLowerCase(),
  'percent-encoded': encodeURIComponent(token),
  'percent-encoded twice': encodeURIComponent(encodeURIComponent(token)),
  'spaced out': [...token].join(' '),
  'split in groups of four': token.match(/.{1,4}/g)!.join(' '),
  'wrapped over lines': `${token.slice(0, 10)}\n    ${token.slice(10)}`,
  'wrapped over lines, in JSON text': JSON.stringify(`${token.slice(0, 10)}\n    ${token.slice(10)}`).slice(1, -1),
  hex: bytes.toString('hex'),
  'hex, upper-case': bytes.toString('hex').toUpperCase(),
  'hex, bytes spaced': bytes.toString('hex').match(/../g)!.join(' '),
  base64: bytes.toString('base64'),
  base64url: bytes.toString('base64url'),
  'base64, wrapped': bytes.toString('base64').replace(/(.{8})/g, '$1\n'),
  'base64 inside Basic user:token': Buffer.from(`alice:${token}`).toString('base64'),
  'base64 inside, shifted by one': Buffer.from(`a:${token}`).toString('base64'),
  'base64 inside, shifted by two': Buffer.from(`ab:${token}`).toString('base64'),
};

describe('redact: the forms the README lists', () => {
  for (const [name, echo] of Object.entries(forms)) {
    it(name, () => {
      const out = redact(`error: bad token "${echo}" (sent)`, [token]);
      expect(out).toContain(REDACTED);
      // Nothing of the token survives: no run of 6 of its characters in the form echoed.
      for (let i = keep[name] ?? 0; i + 6 <= echo.length; i++) {
        const piece = echo.slice(i, i + 6);
        if (/\s/.test(piece)) continue;
        expect(out, `${name}: ${piece}`).not.toContain(piece);
      }
      expect(out.startsWith('error: bad token "')).toBe(true);
      expect(out.endsWith('" (sent)')).toBe(true);
    });
  }

  it('leaves ordinary text alone, and short secrets out of the encoded forms', () => {
    const text = 'deadbeef ZGV2LTdm hello world 64 65 76';
    expect(redact(text, [token])).toBe(text);
    expect(redact(`x ${Buffer.from('abcd').toString('hex')} y`, ['abcd'])).toBe('x 61626364 y');
  });
});
