// Document highlight, rename and code actions: the edits they produce, applied to the text.
import { describe, expect, it } from 'vitest';
import { codeActions, fixAllEdits } from './code-actions.js';
import { createDocument } from './document.js';
import { lintText } from '@calckit/lint';
import { fixture } from './fixture.js';
import { documentHighlights } from './highlight.js';
import { prepareRename, rename, RenameError } from './rename.js';
import { minimalEdits } from './text-edits.js';
import type { Diagnostic, TextEdit } from './types.js';

function apply(text: string, edits: readonly TextEdit[]): string {
  return [...edits].sort((a, b) => b.span.start - a.span.start).reduce((t, e) => t.slice(0, e.span.start) + e.newText + t.slice(e.span.end), text);
}

describe('document highlight', () => {
  it('marks every reference to the column under the cursor, case-sensitively', () => {
    const { doc, offset } = fixture('SUM(`a$0`) / COUNT(`a`) + `A`');
    expect(documentHighlights(doc, offset).map((h) => doc.text.slice(h.span.start, h.span.end))).toEqual(['`a`', '`a`']);
    expect(documentHighlights(fixture('SU$0M(`a`)').doc, 2)).toEqual([]);
  });
});

describe('rename', () => {
  it('renames every reference to the column, whatever its quoting', () => {
    const { doc, offset } = fixture('SUM(`Sal$0es`) + Sales + `Other`');
    expect(prepareRename(doc, offset)).toEqual({ span: { start: 4, end: 11 }, placeholder: 'Sales' });
    expect(apply(doc.text, rename(doc, offset, 'Net Sales'))).toBe('SUM(`Net Sales`) + `Net Sales` + `Other`');
    expect(apply(doc.text, rename(doc, offset, '`a``b`'))).toBe('SUM(`a``b`) + `a``b` + `Other`');
  });

  it('refuses what cannot be renamed', () => {
    const { doc } = fixture('SUM(`a`)');
    expect(prepareRename(doc, 1)).toBeUndefined();
    expect(() => rename(doc, 1, 'x')).toThrow(RenameError);
    expect(() => rename(doc, 5, '  ')).toThrow(/empty/);
  });
});

describe('code actions', () => {
  const diag = (start: number, end: number, newText: string, suggestion?: string): Diagnostic => ({
    span: { start, end },
    severity: 'warning',
    code: 'rule',
    message: 'm',
    source: 'calckit',
    fix: { title: `Replace with ${newText}`, edits: [{ span: { start, end }, newText }] },
    ...(suggestion ? { suggestions: [{ title: suggestion, edits: [{ span: { start, end }, newText: suggestion }] }] } : {}),
  });

  it('offers the fix and suggestions of diagnostics touching the span, and a fix-all', () => {
    const text = 'sum(`a`) + sum(`b`)';
    const diagnostics = [diag(0, 3, 'SUM', 'Sum'), diag(11, 14, 'SUM')];
    const fixAll = () => [{ span: { start: 0, end: text.length }, newText: 'SUM(`a`) + SUM(`b`)' }];
    const actions = codeActions(diagnostics, { span: { start: 1, end: 1 }, fixAll });
    expect(actions.map((a) => `${a.kind}:${a.title}`)).toEqual(['quickfix:Replace with SUM', 'quickfix:Sum', 'source.fixAll.calckit:Fix all calckit problems']);
    expect(apply(text, actions[2]!.edits)).toBe('SUM(`a`) + SUM(`b`)');
    expect(actions[2]!.diagnostics).toEqual([0, 1]);
    expect(codeActions(diagnostics, { span: { start: 1, end: 1 }, only: ['source.fixAll'], fixAll }).map((a) => a.kind)).toEqual(['source.fixAll.calckit']);
    expect(codeActions(diagnostics, { span: { start: 5, end: 6 }, only: ['quickfix'], fixAll })).toEqual([]);
  });

  it('fix-all applies fixes that overlap, pass after pass, as lint --fix does', () => {
    const settings = { schema: [{ name: 'Revenue', type: 'DECIMAL' as const }, { name: 'Cost', type: 'DECIMAL' as const }] };
    const text = 'SUM(Revenue) + SUM(`Cost`) = NULL';
    const doc = createDocument(text);
    const fixed = apply(text, fixAllEdits(doc, settings));
    expect(fixed).toBe(lintText(text, { schema: settings.schema, fix: true }).output);
    expect(fixed).toBe('SUM(`Revenue`) + SUM(`Cost`) IS NULL');
    expect(fixAllEdits(createDocument('SUM(`Revenue`)'), settings)).toEqual([]);
  });
});

describe('minimal edits', () => {
  it.each<[string, string, TextEdit[]]>([
    ['sum(`a`)+1', 'SUM(`a`) + 1', [{ span: { start: 0, end: 9 }, newText: 'SUM(`a`) + ' }]],
    ['a  + b', 'a + b', [{ span: { start: 2, end: 3 }, newText: '' }]],
    ['same', 'same', []],
  ])('replaces only what changed: %j → %j', (before, after, edits) => {
    expect(minimalEdits(before, after)).toEqual(edits);
  });
});

describe('definition', () => {
  it('goes from a nested calculation to its formula file', async () => {
    const { definition } = await import('./definition.js');
    const { doc, offset } = fixture('1 + SVC_BEAST_M$0ODE(101)');
    const calculations = [{ id: 101, name: 'Margin', file: '/p/formulas/margin.calc' }, { id: 102 }];
    expect(definition(doc, offset, { calculations })).toEqual({ origin: { start: 4, end: 23 }, calculation: calculations[0] });
    expect(definition(fixture('SVC_BEAST_MODE(102$0)').doc, 18, { calculations })).toBeUndefined();
    expect(definition(fixture('SU$0M(1)').doc, 2, { calculations })).toBeUndefined();
  });
});
