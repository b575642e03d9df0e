// The graph view as Graphviz DOT: one `cluster_` subgraph per dataset, calculations as boxes, columns as ellipses,
// ids the project does not know as dashed octagons; nestings solid, column reads dashed.
import type { GraphView, ViewNode } from './view.js';

/**
 * A DOT quoted string: a backslash and a double quote escaped, line breaks as DOT's `\n` (centred line). Everything
 * else (backticks, brackets, braces, `<`) is plain text inside quotes.
 */
export function dotString(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\r\n|\r|\n/g, '\\n')}"`;
}

const SHAPES: Record<ViewNode['kind'], string> = {
  calculation: 'shape=box, style=rounded',
  column: 'shape=ellipse',
  unknown: 'shape=octagon, style=dashed',
};

function node(n: ViewNode, indent: string): string {
  // Each line of the label is escaped on its own, then joined with DOT's line break.
  const label = `"${n.lines.map((l) => dotString(l).slice(1, -1)).join('\\n')}"`;
  return `${indent}${n.key} [label=${label}, ${SHAPES[n.kind]}];`;
}

export function toDot(view: GraphView, title: string): string {
  const out = [`digraph ${dotString(title)} {`, '  rankdir=LR;', '  fontname="Helvetica";', '  node [fontname="Helvetica"];', '  edge [fontname="Helvetica"];'];
  for (const cluster of view.clusters) {
    out.push(`  subgraph cluster_${cluster.key} {`, `    label=${dotString(cluster.label)};`, '    style=rounded;');
    for (const n of cluster.nodes) out.push(node(n, '    '));
    out.push('  }');
  }
  for (const n of view.loose) out.push(node(n, '  '));
  for (const e of view.edges) out.push(`  ${e.from} -> ${e.to}${e.kind === 'reads' ? ' [style=dashed, arrowhead=none]' : ''};`);
  out.push('}');
  return `${out.join('\n')}\n`;
}
