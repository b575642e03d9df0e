// The graph view as a Mermaid flowchart: one subgraph per dataset, calculations as rounded boxes, columns as
// stadiums, ids the project does not know as hexagons; nestings `-->`, column reads `-.->`.
import type { GraphView, ViewNode } from './view.js';

/**
 * Text for a quoted Mermaid label: every character that Mermaid could read as syntax (quotes, backticks, which start a
 * Markdown string, brackets, `#`, `<`, `|`, …) as its entity code `#<decimal>;`, which Mermaid renders as that
 * character; line breaks as `<br>`.
 */
export function mermaidText(text: string): string {
  let out = '';
  for (const ch of text) {
    if (ch === '\n') out += '<br>';
    else if (ch === '\r') continue;
    else if (/[A-Za-z0-9 _.,:/@+=-]/.test(ch)) out += ch;
    else out += `#${ch.codePointAt(0)!};`;
  }
  return out;
}

const label = (n: ViewNode) => `"${n.lines.map(mermaidText).join('<br>')}"`;

function node(n: ViewNode, indent: string): string {
  switch (n.kind) {
    case 'calculation':
      return `${indent}${n.key}(${label(n)})`;
    case 'column':
      return `${indent}${n.key}([${label(n)}])`;
    case 'unknown':
      return `${indent}${n.key}{{${label(n)}}}`;
  }
}

export function toMermaid(view: GraphView): string {
  const out = ['flowchart LR'];
  for (const cluster of view.clusters) {
    out.push(`  subgraph ${cluster.key}["${mermaidText(cluster.label)}"]`);
    for (const n of cluster.nodes) out.push(node(n, '    '));
    out.push('  end');
  }
  for (const n of view.loose) out.push(node(n, '  '));
  for (const e of view.edges) out.push(`  ${e.from} ${e.kind === 'reads' ? '-.->' : '-->'} ${e.to}`);
  return `${out.join('\n')}\n`;
}
