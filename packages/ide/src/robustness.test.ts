// Every feature at every offset of random formulas (garbage included) returns plain data and never throws.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codeActions } from './code-actions.js';
import { complete } from './completion.js';
import { diagnose } from './diagnostics.js';
import { createDocument } from './document.js';
import { foldingRanges } from './folding.js';
import { formatDocument } from './formatting.js';
import { documentHighlights } from './highlight.js';
import { hover } from './hover.js';
import { inlayHints } from './inlay-hints.js';
import { prepareRename } from './rename.js';
import { selectionRanges } from './selection-ranges.js';
import { semanticTokens } from './semantic-tokens.js';
import { signatureHelp } from './signature-help.js';
import { documentSymbols } from './symbols.js';
import type { IdeSettings } from './types.js';

const PIECES = [
  'SUM(', 'COUNT(DISTINCT ', ')', '(', '`Sales`', '`Reg', "'x'", "'%Y-%", '"d"', '`', "'", 'CASE ', 'WHEN ', 'THEN ', 'ELSE ',
  'END', ' + ', ' / ', ' = ', ',', 'INTERVAL 2 ', 'DAY', 'DATE_FORMAT(', ' OVER (', 'PARTITION BY ', 'ORDER BY ', 'FIXED (',
  'FILTER ', 'IS ', 'NOT ', 'IN (', 'NULL', '-- c\n', '/* b ', '*/', '\n', '\r\n', '\u2018', '\u201c', '\ud83d', '1.5', 'SVC_BEAST_MODE(3)',
  ' ', 'é', '$', '@',
];
const settings: IdeSettings = { schema: [{ name: 'Sales', type: 'DECIMAL' }, { name: 'Region', type: 'STRING' }], calculations: [{ id: 3, name: 'Three' }] };

describe('robustness', () => {
  it('every feature answers at every offset of random formulas', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 14 }), (pieces) => {
        const text = pieces.join('');
        const doc = createDocument(text);
        const whole = { start: 0, end: text.length };
        const diagnostics = diagnose(doc, settings);
        expect(Array.isArray(semanticTokens(doc))).toBe(true);
        expect(Array.isArray(foldingRanges(doc))).toBe(true);
        expect(Array.isArray(documentSymbols(doc))).toBe(true);
        expect(Array.isArray(inlayHints(doc, whole, settings))).toBe(true);
        expect(Array.isArray(formatDocument(doc, settings))).toBe(true);
        for (let offset = 0; offset <= text.length; offset++) {
          const items = complete(doc, offset, settings).items;
          for (const item of items) expect(item.replace.start <= offset && offset <= item.replace.end).toBe(true);
          hover(doc, offset, settings);
          signatureHelp(doc, offset, settings);
          const spans = selectionRanges(doc, offset);
          expect(spans.length).toBeGreaterThan(0);
          documentHighlights(doc, offset);
          prepareRename(doc, offset);
          codeActions(diagnostics, { span: { start: offset, end: offset } });
        }
      }),
      { numRuns: 150, seed: 4 },
    );
  });
});
