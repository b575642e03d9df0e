import { describe, expect, it } from 'vitest';
import { createDocument } from './document.js';
import { RenameError, newColumnName, renameColumnEdits } from './rename.js';
import { applyEdits } from './text-edits.js';

describe('renameColumnEdits (a column by name, for a rename across files)', () => {
  it('rewrites exactly the references with that name (case and spaces count), every other byte kept', () => {
    const text = '\uFEFF-- `Region` in a comment\r\nCOUNT(`Region`) + COUNT(`region`) + COUNT(`Region `)\r\n';
    const doc = createDocument(text);
    expect(applyEdits(text, renameColumnEdits(doc, 'Region', 'Zone'))).toBe('\uFEFF-- `Region` in a comment\r\nCOUNT(`Zone`) + COUNT(`region`) + COUNT(`Region `)\r\n');
  });

  it('quotes the new name with backticks, doubling those inside; refuses an empty name or a line break', () => {
    const doc = createDocument('SUM(`Sales`)');
    expect(applyEdits('SUM(`Sales`)', renameColumnEdits(doc, 'Sales', 'Net `x` Sales'))).toBe('SUM(`Net ``x`` Sales`)');
    expect(() => renameColumnEdits(doc, 'Sales', '  ')).toThrow(RenameError);
    expect(() => renameColumnEdits(doc, 'Sales', 'a\nb')).toThrow(RenameError);
    expect(renameColumnEdits(doc, 'Nope', 'X')).toEqual([]);
  });

  it('newColumnName: a name typed with its backticks is the name inside them', () => {
    expect(newColumnName('`Net ``x`` Sales`')).toBe('Net `x` Sales');
    expect(newColumnName('Plain')).toBe('Plain');
  });
});
