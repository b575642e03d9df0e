import { describe, expect, it } from 'vitest';
import { schemaColumnRenameEdit } from './schema-file-edit.js';

const apply = (text: string, edit: { start: number; end: number; newText: string } | undefined) =>
  edit === undefined ? undefined : text.slice(0, edit.start) + edit.newText + text.slice(edit.end);

describe('schemaColumnRenameEdit', () => {
  it('rewrites the "name" value of that column only, every other byte kept (BOM, CRLF, spacing, key order)', () => {
    const text = '\uFEFF[\r\n  {"id":"Region","name" :  "Region", "type":"STRING","visible":true,"order":0},\r\n  { "name": "Sales", "id": "s", "type": "DECIMAL", "visible": true, "order": 1 }\r\n]\r\n';
    expect(apply(text, schemaColumnRenameEdit(text, 'Region', 'Zone'))).toBe(text.replace('"name" :  "Region"', '"name" :  "Zone"'));
    expect(apply(text, schemaColumnRenameEdit(text, 'Sales', 'Net "Sales"'))).toBe(text.replace('"name": "Sales"', '"name": "Net \\"Sales\\""'));
  });

  it('matches the decoded name exactly (escapes read, case and spaces counted)', () => {
    const text = '[{"name":"Caf\\u00e9","id":"c","type":"STRING","visible":true,"order":0}]';
    expect(apply(text, schemaColumnRenameEdit(text, 'Café', 'Bar'))).toBe('[{"name":"Bar","id":"c","type":"STRING","visible":true,"order":0}]');
    expect(schemaColumnRenameEdit(text, 'café', 'Bar')).toBeUndefined();
    expect(schemaColumnRenameEdit(text, 'Café ', 'Bar')).toBeUndefined();
  });

  it('finds nothing in what is not an array of column objects', () => {
    expect(schemaColumnRenameEdit('{"name":"A"}', 'A', 'B')).toBeUndefined();
    expect(schemaColumnRenameEdit('[{"x":{"name":"A"}}]', 'A', 'B')).toBeUndefined();
    expect(schemaColumnRenameEdit('["name", "A"]', 'A', 'B')).toBeUndefined();
    expect(schemaColumnRenameEdit('[{"name":"A', 'A', 'B')).toBeUndefined();
    expect(schemaColumnRenameEdit('', 'A', 'B')).toBeUndefined();
  });
});
