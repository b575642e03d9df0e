// The generated reference replaces what lies between the markers, and only that.
import { describe, expect, it } from 'vitest';
import { REFERENCE_END, REFERENCE_START, handWritten, withReference } from './markers.js';

const page = ['# calckit push', '', 'Prose.', '', REFERENCE_START, 'old reference', REFERENCE_END, '', '## See also', ''].join('\n');

describe('withReference', () => {
  it('replaces the reference and keeps the prose around it byte for byte', () => {
    const next = withReference(page, '## Reference\n\nnew', 'push.md');
    expect(next).toBe(['# calckit push', '', 'Prose.', '', REFERENCE_START, '', '## Reference', '', 'new', '', REFERENCE_END, '', '## See also', ''].join('\n'));
    expect(handWritten(next)).toBe(handWritten(page));
    expect(withReference(next, '## Reference\n\nnew', 'push.md')).toBe(next);
  });

  it('refuses a page without both markers, in order, naming it', () => {
    expect(() => withReference('# calckit push\n', 'x', 'docs/commands/push.md')).toThrow(/docs\/commands\/push.md needs exactly one/);
    expect(() => withReference(`${REFERENCE_END}\n${REFERENCE_START}\n`, 'x', 'p.md')).toThrow(/p.md/);
    expect(() => withReference(`${page}${REFERENCE_START}\n`, 'x', 'p.md')).toThrow(/exactly one/);
  });
});
