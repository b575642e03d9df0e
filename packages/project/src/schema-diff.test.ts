// diffSchemas matches columns by id: renames keep the id, removed and added ids are drops and additions.
import { describe, expect, it } from 'vitest';
import { diffSchemas, likelyRename } from './schema-diff.js';
import type { DatasetColumn } from './schema.js';

const col = (name: string, type: DatasetColumn['type'], order: number, id = name.toLowerCase()): DatasetColumn => ({ name, id, type, visible: true, order });

const region = col('Region', 'STRING', 0);
const sales = col('Sales', 'DECIMAL', 1);
const qty = col('Qty', 'LONG', 2);

describe('diffSchemas', () => {
  it('finds nothing between equal schemas, whatever their list order or visibility', () => {
    expect(diffSchemas([region, sales, qty], [qty, { ...sales, visible: false }, region])).toEqual([]);
  });

  it('reports a rename when the id is kept and the name changes', () => {
    const renamed = { ...sales, name: 'Revenue' };
    expect(diffSchemas([region, sales], [region, renamed])).toEqual([{ kind: 'renamed', before: sales, after: renamed }]);
  });

  it('reports removed columns in the order of before, then added ones in the order of after', () => {
    const a = col('A', 'STRING', 5);
    const b = col('B', 'LONG', 4);
    expect(diffSchemas([region, sales, qty], [region, a, b]).map((c) => [c.kind, 'before' in c ? c.before.name : c.after.name])).toEqual([
      ['removed', 'Sales'],
      ['removed', 'Qty'],
      ['added', 'B'],
      ['added', 'A'],
    ]);
  });

  it('reports a type change, and a rename with it when both happened', () => {
    const retyped = { ...qty, type: 'DOUBLE' as const };
    expect(diffSchemas([qty], [retyped])).toEqual([{ kind: 'type-changed', before: qty, after: retyped }]);
    const both = { ...qty, name: 'Quantity', type: 'DECIMAL' as const };
    expect(diffSchemas([qty], [both]).map((c) => c.kind)).toEqual(['renamed', 'type-changed']);
  });

  it('treats a new id under an old name as one column removed and one added (ids decide)', () => {
    const reissued = col('Sales', 'DECIMAL', 1, 'sales-2');
    expect(diffSchemas([sales], [reissued]).map((c) => c.kind)).toEqual(['removed', 'added']);
  });
});

describe('likelyRename', () => {
  it('offers one removed and one added column of the same type at the same position as a likely rename', () => {
    const before = [region, sales, qty];
    const after = [region, col('Revenue', 'DECIMAL', 1), qty];
    expect(likelyRename(before, after, diffSchemas(before, after))).toEqual({ before: sales, after: after[1] });
  });

  it('offers none for another type, another position, or more than one pair', () => {
    const typed = [region, col('Revenue', 'STRING', 1), qty];
    expect(likelyRename([region, sales, qty], typed, diffSchemas([region, sales, qty], typed))).toBeUndefined();
    const moved = [region, qty, col('Revenue', 'DECIMAL', 2)];
    expect(likelyRename([region, sales, qty], moved, diffSchemas([region, sales, qty], moved))).toBeUndefined();
    const two = [col('R', 'STRING', 0), col('S', 'DECIMAL', 1), qty];
    expect(likelyRename([region, sales, qty], two, diffSchemas([region, sales, qty], two))).toBeUndefined();
  });
});
