// `calckit graph` run as a process on a project made here: DOT, Mermaid and JSON content (names with quotes,
// backticks and brackets escaped, ids the project does not know shown as such, --dataset), and the SVG drawn by
// Graphviz parsed as XML, holding a node for every calculation, dataset and column.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';

const CLI = join(import.meta.dirname, '../../packages/cli/dist/main.js');
const run = (args: string[], cwd: string) => {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CALCKIT_')));
  return spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', cwd, env });
};

const ODD_NAME = 'Margin "net" [x] `y`';

/** Two datasets (sales: margin, ratio; hr: a and b, which nest each other), a loose calculation, an unknown id. */
function makeProject(): string {
  const root = mkdtempSync(join(tmpdir(), 'calckit-graph-'));
  mkdirSync(join(root, 'f'));
  writeFileSync(
    join(root, 'calckit.json'),
    JSON.stringify({
      service: { name: 'acme', baseUrl: 'http://127.0.0.1:9' },
      datasets: { sales: { id: 'ds-1' }, hr: { id: 'hr' } },
      calculations: {
        'f/margin.calc': { id: 1, dataset: 'sales', name: ODD_NAME },
        'f/ratio.calc': { id: 2, dataset: 'sales', name: 'Ratio' },
        'f/a.calc': { id: 3, dataset: 'hr' },
        'f/b.calc': { id: 4, dataset: 'hr' },
        'f/lone.calc': { id: 5 },
      },
    }),
  );
  const files: Record<string, string> = {
    'f/margin.calc': 'SUM(`Revenue`) - SUM(`Co"st`)',
    'f/ratio.calc': 'ACME_BEAST_MODE(1) / ACME_BEAST_MODE(99) + OTHER_BEAST_MODE(3)',
    'f/a.calc': 'ACME_BEAST_MODE(4) + `Sal[ary]`',
    'f/b.calc': 'ACME_BEAST_MODE(3)',
    'f/lone.calc': '1',
  };
  for (const [path, text] of Object.entries(files)) writeFileSync(join(root, path), text);
  return root;
}

describe('calckit graph', () => {
  const root = makeProject();

  it('DOT: clusters per dataset, escaped labels, nestings, column reads and the unknown id', () => {
    const r = run(['graph'], root);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const dot = r.stdout;
    expect(dot).toMatch(/^digraph "calculations" \{/);
    expect(dot).toContain('label="sales (ds-1)"');
    expect(dot).toContain('label="hr"');
    expect(dot).toContain('label="no dataset"');
    expect(dot).toContain('label="Margin \\"net\\" [x] `y` (#1)\\nf/margin.calc"');
    expect(dot).toContain('label="Co\\"st", shape=ellipse');
    expect(dot).toContain('label="Sal[ary]", shape=ellipse');
    expect(dot).toContain('label="#99\\nnot in this project", shape=octagon, style=dashed');
    const key = (label: string) => new RegExp(`(\\w+) \\[label="${label}`).exec(dot)![1];
    expect(dot).toContain(`${key('Ratio')} -> ${key('Margin')};`);
    expect(dot).toContain(`${key('#3')} -> ${key('#4')};`);
    expect(dot).toContain(`${key('#4')} -> ${key('#3')};`);
    expect(dot).toContain(`${key('Ratio')} -> ${key('#99')};`);
    expect(dot).toContain(`${key('Margin')} -> ${key('Revenue')} [style=dashed, arrowhead=none];`);
    expect(dot).not.toContain('OTHER'); // another service's prefix is no nesting
  });

  it('Mermaid: subgraphs, entity-coded quotes, backticks and brackets; --dataset keeps one dataset', () => {
    const r = run(['graph', '--format', 'mermaid', '--dataset', 'sales'], root);
    expect(r.status).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('flowchart LR');
    expect(lines).toContain('  subgraph d1["sales #40;ds-1#41;"]');
    expect(r.stdout).toContain('("Margin #34;net#34; #91;x#93; #96;y#96; #40;#35;1#41;<br>f/margin.calc")');
    expect(r.stdout).toContain('(["Co#34;st"])');
    expect(r.stdout).toContain('{{"#35;99<br>not in this project"}}');
    expect(r.stdout).not.toContain('hr');
    expect(r.stdout).not.toContain('Sal');
    // Nothing unescaped inside a label could end it or start Markdown.
    for (const m of r.stdout.matchAll(/"([^"]*)"/g)) expect(m[1]).not.toMatch(/[`[\]{}()|]/);
  });

  it('JSON: per calculation its columns and nestings with ranges, unknown ids, cycles', () => {
    const r = run(['graph', '-f', 'json'], root);
    expect(r.status).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.service).toBe('ACME');
    expect(doc.datasets).toEqual([
      { key: 'sales', id: 'ds-1', calculations: [1, 2], columns: ['Revenue', 'Co"st'] },
      { key: 'hr', id: 'hr', calculations: [3, 4], columns: ['Sal[ary]'] },
    ]);
    const margin = doc.calculations.find((c: { id: number }) => c.id === 1);
    expect(margin).toMatchObject({ name: ODD_NAME, file: 'f/margin.calc', dataset: 'sales', readable: true });
    expect(margin.columns[0]).toEqual({ name: 'Revenue', ranges: [{ start: { offset: 4, line: 1, column: 5 }, end: { offset: 13, line: 1, column: 14 } }] });
    const ratio = doc.calculations.find((c: { id: number }) => c.id === 2);
    expect(ratio.nested.map((n: { id: number; known: boolean }) => [n.id, n.known])).toEqual([
      [1, true],
      [99, false],
    ]);
    expect(doc.unknownNested).toEqual([99]);
    expect(doc.cycles).toEqual([[3, 4]]);
  });

  it('SVG (-o): well-formed XML holding a node for every calculation and column and a cluster for every dataset', () => {
    const out = join(root, 'out/graph.svg');
    const r = run(['graph', '--format', 'svg', '-o', out], root);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('');
    const svg = readFileSync(out, 'utf8');
    expect(XMLValidator.validate(svg)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false, htmlEntities: true, attributeNamePrefix: '', textNodeName: '#text', isArray: (name) => name === 'g' || name === 'text' }).parse(svg);
    const groups: { class: string; texts: string[] }[] = [];
    const visit = (g: Record<string, unknown>) => {
      const texts = ((g.text as unknown[] | undefined) ?? []).map((t) => String(typeof t === 'object' && t !== null ? (t as Record<string, unknown>)['#text'] : t));
      groups.push({ class: String(g.class ?? ''), texts });
      for (const child of (g.g as Record<string, unknown>[] | undefined) ?? []) visit(child);
    };
    for (const g of doc.svg.g) visit(g);
    const nodeLabels = groups.filter((g) => g.class === 'node').map((g) => g.texts.join('\n'));
    const clusterLabels = groups.filter((g) => g.class === 'cluster').map((g) => g.texts.join('\n'));
    expect(clusterLabels.sort()).toEqual(['hr', 'no dataset', 'sales (ds-1)']);
    for (const label of [`${ODD_NAME} (#1)\nf/margin.calc`, 'Ratio (#2)\nf/ratio.calc', '#3\nf/a.calc', '#4\nf/b.calc', '#5\nf/lone.calc', '#99\nnot in this project', 'Revenue', 'Co"st', 'Sal[ary]']) {
      expect(nodeLabels).toContain(label);
    }
    expect(nodeLabels).toHaveLength(9);
  });

  it('an unknown --dataset and a folder without a project exit 2 with a clear message', () => {
    const r = run(['graph', '--dataset', 'nope'], root);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('calckit graph: no dataset "nope"');
    expect(r.stderr).toContain('its datasets: sales, hr');
    const empty = mkdtempSync(join(tmpdir(), 'calckit-graph-none-'));
    const none = run(['graph'], empty);
    expect(none.status).toBe(2);
    expect(none.stderr).toContain('no calckit.json found');
  });
});
