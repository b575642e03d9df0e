// parseTarget reads path and query as the URL parser does, on its fast path and off it.
import { describe, expect, it } from 'vitest';
import { parseTarget } from './router.js';

const viaUrl = (target: string): { pathname: string; query: string } => {
  const url = new URL(`http://emulator.invalid${target}`);
  return { pathname: url.pathname, query: url.searchParams.toString() };
};

describe('parseTarget', () => {
  it.each([
    '/api/query/v1/functions/template/12?strict=false',
    '/api/query/v1/functions/template/12',
    '/api/query/v1/functions/template/12?',
    '/api/query/v1/functions/template/12?strict=true&strict=false',
    '/api/query/v1/functions/template/12?a=b=c&&d',
    '//double//slashes/',
    '/',
    // Off the fast path: escapes, dot segments, backslashes, spaces, plus signs, non-ASCII, fragments.
    '/api/query/v1/functions/template/%31%32?strict=%74rue',
    '/api/query/v1/functions/../functions/template/12',
    '/api/./query',
    '/api\\query',
    '/api/query v1?x=a b',
    '/api?x=a+b',
    '/caf\u00e9?q=\u00e9',
    '/api#frag?x=1',
    '/api?x=1#frag',
  ])('%s reads as the URL parser reads it', (target) => {
    const parsed = parseTarget(target)!;
    expect({ pathname: parsed.pathname, query: parsed.searchParams.toString() }).toEqual(viaUrl(target));
  });

  it('refuses targets that are not paths', () => {
    expect(parseTarget('http://example.com/api')).toBeUndefined();
    expect(parseTarget('*')).toBeUndefined();
    expect(parseTarget('')).toBeUndefined();
  });
});
