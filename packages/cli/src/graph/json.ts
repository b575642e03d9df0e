// The graph as JSON: every calculation shown with its dataset, the columns it reads and the calculations it nests, each
// use with its ranges (1-based line and column, 0-based UTF-16 offset, as lint's JSON reports them); ids nested that
// the project does not list; nesting cycles.
import type { GraphCalculation, ProjectGraph } from '@calckit/project';

export function toJson(graph: ProjectGraph, datasets?: readonly string[]): string {
  const wanted = datasets !== undefined && datasets.length > 0 ? new Set(datasets) : undefined;
  const shown = graph.calculations.filter((c) => wanted === undefined || (c.dataset !== undefined && wanted.has(c.dataset)));
  const shownIds = new Set(shown.map((c) => c.id));
  const keys = wanted !== undefined ? [...wanted] : Object.keys(graph.project.datasets);
  const document = {
    service: graph.serviceName,
    datasets: keys.map((key) => {
      const calcs = shown.filter((c) => c.dataset === key);
      return {
        key,
        id: graph.project.datasets[key]?.id,
        calculations: calcs.map((c) => c.id),
        columns: [...new Set(calcs.flatMap((c) => c.columns.map((col) => col.name)))],
      };
    }),
    calculations: shown.map((c: GraphCalculation) => ({
      id: c.id,
      ...(c.name !== undefined ? { name: c.name } : {}),
      file: c.relativePath,
      dataset: c.dataset ?? null,
      readable: c.readable,
      columns: c.columns.map((col) => ({ name: col.name, ranges: col.ranges })),
      nested: c.nested.map((n) => ({ id: n.id, known: n.known, ranges: n.ranges })),
    })),
    unknownNested: graph.unknownNestedIds.filter((id) => shown.some((c) => c.nested.some((n) => n.id === id))),
    cycles: graph.cycles().filter((cycle) => cycle.some((id) => shownIds.has(id))),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}
