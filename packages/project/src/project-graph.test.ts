// The project graph on a real folder: columns and nested calls with exact ranges, only the project's service name
// counts, reverse maps, unknown ids, cycles, and a rebuild after invalidate(path) that sees exactly the changed file.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ProjectIndex, buildProjectGraph } from './index.js';

function tree(files: Record<string, unknown>): string {
  const root = mkdtempSync(join(tmpdir(), 'calckit-graph-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), typeof content === 'string' ? content : JSON.stringify(content));
  }
  return root;
}

const projectFile = {
  service: { name: 'acme', baseUrl: 'http://127.0.0.1:9' },
  datasets: { sales: { id: 'ds1' }, hr: { id: 'ds2' } },
  calculations: {
    'f/margin.calc': { id: 1, dataset: 'sales', name: 'Margin' },
    'f/ratio.calc': { id: 2, dataset: 'sales' },
    'f/a.calc': { id: 3, dataset: 'hr' },
    'f/b.calc': { id: 4, dataset: 'hr' },
    'f/missing.calc': { id: 5 },
  },
};

function graphOf(root: string, index = new ProjectIndex()) {
  return buildProjectGraph(index, index.load(join(root, 'calckit.json')));
}

describe('buildProjectGraph', () => {
  it('lists per file its columns and nested calls with exact ranges; other prefixes are not nestings', () => {
    const root = tree({
      'calckit.json': projectFile,
      'f/margin.calc': 'SUM(`Revenue`) - SUM(Cost) + SUM(`Revenue`)',
      'f/ratio.calc': 'ACME_BEAST_MODE(1) / acme_beast_mode(1) + OTHER_BEAST_MODE(3) + ACME_BEAST_MODE(77)',
      'f/a.calc': 'ACME_BEAST_MODE(4) + `Salary`',
      'f/b.calc': 'ACME_BEAST_MODE(3)',
    });
    const graph = graphOf(root);
    expect(graph.serviceName).toBe('ACME');
    const margin = graph.calculation(1)!;
    expect(margin).toMatchObject({ name: 'Margin', relativePath: 'f/margin.calc', dataset: 'sales', readable: true, nested: [] });
    expect(margin.columns.map((c) => [c.name, c.ranges.map((r) => [r.start.offset, r.end.offset])])).toEqual([
      ['Revenue', [[4, 13], [33, 42]]],
      ['Cost', [[21, 25]]],
    ]);
    const ratio = graph.calculation(2)!;
    expect(ratio.nested.map((n) => ({ id: n.id, known: n.known, at: n.ranges.map((r) => r.start.offset) }))).toEqual([
      { id: 1, known: true, at: [0, 21] },
      { id: 77, known: false, at: [64] },
    ]);
    expect(ratio.nested[0]!.nameRanges[0]).toMatchObject({ start: { offset: 0 }, end: { offset: 15 } });
    expect(graph.calculation(5)).toMatchObject({ readable: false, columns: [], nested: [] });
    expect(graph.unknownNestedIds).toEqual([77]);
    expect(graph.readersOf('sales', 'Revenue').map((u) => u.calculation.id)).toEqual([1]);
    expect(graph.readersOf('hr', 'Revenue')).toEqual([]);
    expect(graph.nestersOf(1).map((u) => [u.calculation.id, u.ranges.length])).toEqual([[2, 2]]);
    expect(graph.cycleThrough(3)).toEqual([3, 4]);
    expect(graph.cycleThrough(1)).toBeUndefined();
    expect(graph.cycles()).toEqual([[3, 4]]);
  });

  it('a rebuild after invalidate(path) re-reads that file only', () => {
    const root = tree({ 'calckit.json': projectFile, 'f/margin.calc': '`Revenue`', 'f/ratio.calc': 'ACME_BEAST_MODE(2)', 'f/a.calc': '1', 'f/b.calc': '2' });
    const index = new ProjectIndex();
    expect(graphOf(root, index).cycles()).toEqual([[2]]);
    writeFileSync(join(root, 'f/ratio.calc'), 'ACME_BEAST_MODE(1)');
    writeFileSync(join(root, 'f/margin.calc'), '`Cost`');
    expect(graphOf(root, index).cycles()).toEqual([[2]]); // nothing invalidated: the kept parses answer
    index.invalidate(join(root, 'f/ratio.calc'));
    const graph = graphOf(root, index);
    expect(graph.cycles()).toEqual([]);
    expect(graph.nestersOf(1).map((u) => u.calculation.id)).toEqual([2]);
    expect(graph.calculation(1)!.columns.map((c) => c.name)).toEqual(['Revenue']);
  });
});
