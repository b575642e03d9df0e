// A snippet read as plain text: what a client without snippet support inserts.
import { describe, expect, it } from 'vitest';
import { plainTextOfSnippet } from './snippets.js';

describe('plainTextOfSnippet', () => {
  it('keeps the text before the first tab stop, where the cursor would land first', () => {
    expect(plainTextOfSnippet('SUM(${1:numeric})')).toBe('SUM(');
    expect(plainTextOfSnippet('NULLIF(${1:any}, ${2:any})')).toBe('NULLIF(');
    expect(plainTextOfSnippet('COUNT(${1})')).toBe('COUNT(');
    expect(plainTextOfSnippet('CASE WHEN ${1} THEN ${2} ELSE ${3} END')).toBe('CASE WHEN ');
    expect(plainTextOfSnippet('INTERVAL ${1:1} ${2|DAY,WEEK|}')).toBe('INTERVAL ');
    expect(plainTextOfSnippet('OVER ($1)')).toBe('OVER (');
  });

  it('keeps a snippet without tab stops whole, and reads its escapes', () => {
    expect(plainTextOfSnippet('NOW()')).toBe('NOW()');
    expect(plainTextOfSnippet('a \\$1 \\} \\\\ b')).toBe('a $1 } \\ b');
    expect(plainTextOfSnippet('cost $')).toBe('cost $');
  });
});
