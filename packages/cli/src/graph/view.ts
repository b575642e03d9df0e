// What `calckit graph` draws, independent of the output format: the datasets shown (as clusters), the calculations
// in each, the columns they read (each dataset's own), the nestings between calculations, and the ids nested that
// the project does not list. Node ids are synthetic (`c1`, `k1`, …) so that no name needs escaping as an id; names
// appear only in labels, which each format escapes its own way.
import type { GraphCalculation, ProjectGraph } from '@calckit/project';

export interface ViewNode {
  /** A safe identifier in every format: letters and digits. */
  readonly key: string;
  readonly kind: 'calculation' | 'column' | 'unknown';
  /** Label lines (unescaped). */
  readonly lines: readonly string[];
}

export interface ViewCluster {
  readonly key: string;
  /** The dataset's key in calckit.json; undefined for calculations without a dataset. */
  readonly dataset: string | undefined;
  readonly label: string;
  readonly nodes: readonly ViewNode[];
}

export interface ViewEdge {
  readonly from: string;
  readonly to: string;
  readonly kind: 'nests' | 'reads';
}

export interface GraphView {
  readonly clusters: readonly ViewCluster[];
  /** Nodes outside every cluster: nested ids the project does not know, calculations of datasets not shown. */
  readonly loose: readonly ViewNode[];
  readonly edges: readonly ViewEdge[];
}

/** The label of a calculation: its name and id, then its file (`relativePath` as calckit.json maps it). */
export function calculationLines(c: GraphCalculation): string[] {
  const title = c.name !== undefined ? `${c.name} (#${c.id})` : `#${c.id}`;
  return [title, c.readable ? c.relativePath : `${c.relativePath} (unreadable)`];
}

/**
 * The view of `graph`, for every dataset or only `datasets` (keys of calckit.json's `datasets`; the caller has checked
 * them). A calculation shown nests a calculation of a dataset not shown: that one is drawn outside the clusters.
 */
export function graphView(graph: ProjectGraph, datasets?: readonly string[]): GraphView {
  const wanted = datasets !== undefined && datasets.length > 0 ? new Set(datasets) : undefined;
  const shown = graph.calculations.filter((c) => wanted === undefined || (c.dataset !== undefined && wanted.has(c.dataset)));
  const calcKey = new Map<number, string>();
  let next = 0;
  const keyOf = (id: number) => {
    let key = calcKey.get(id);
    if (key === undefined) calcKey.set(id, (key = `c${++next}`));
    return key;
  };
  const edges: ViewEdge[] = [];
  const clusterOrder = wanted !== undefined ? [...wanted] : [...Object.keys(graph.project.datasets), undefined];
  const byDataset = new Map<string | undefined, { calcs: ViewNode[]; columns: Map<string, ViewNode> }>();
  for (const d of clusterOrder) byDataset.set(d, { calcs: [], columns: new Map() });
  let columnCount = 0;
  for (const c of shown) {
    const group = byDataset.get(c.dataset) ?? byDataset.set(c.dataset, { calcs: [], columns: new Map() }).get(c.dataset)!;
    group.calcs.push({ key: keyOf(c.id), kind: 'calculation', lines: calculationLines(c) });
    for (const col of c.columns) {
      let node = group.columns.get(col.name);
      if (!node) group.columns.set(col.name, (node = { key: `k${++columnCount}`, kind: 'column', lines: [col.name] }));
      edges.push({ from: keyOf(c.id), to: node.key, kind: 'reads' });
    }
    for (const n of c.nested) edges.push({ from: keyOf(c.id), to: keyOf(n.id), kind: 'nests' });
  }
  const inClusters = new Set(shown.map((c) => c.id));
  const loose: ViewNode[] = [];
  for (const [id, key] of calcKey) {
    if (inClusters.has(id)) continue;
    const known = graph.calculation(id);
    loose.push(
      known
        ? { key, kind: 'calculation', lines: [...calculationLines(known), `dataset ${known.dataset ?? '(none)'}`] }
        : { key, kind: 'unknown', lines: [`#${id}`, 'not in this project'] },
    );
  }
  const clusters: ViewCluster[] = [];
  let clusterCount = 0;
  for (const [dataset, group] of byDataset) {
    if (dataset === undefined && group.calcs.length === 0) continue;
    const entry = dataset !== undefined ? graph.project.datasets[dataset] : undefined;
    clusters.push({
      key: `d${++clusterCount}`,
      dataset,
      label: dataset === undefined ? 'no dataset' : entry !== undefined && entry.id !== dataset ? `${dataset} (${entry.id})` : dataset,
      nodes: [...group.calcs, ...group.columns.values()],
    });
  }
  return { clusters, loose, edges };
}
