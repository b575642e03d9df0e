// The project graph seen from the editor: for a document, its project's graph and its own calculation; for any
// calculation of the graph, its URI and the columns it reads and the calculations it nests as LSP ranges. A formula
// file open in the editor answers from its current text (unsaved edits included); the others as on disk (the graph,
// which a watched change rebuilds). Shared by references and the call hierarchy. Files and URIs are the platform's
// (ServerContext.projects): without projects on disk, no document has a project here.
import type { Range } from 'vscode-languageserver';
import { documentReferences } from '@calckit/ide';
import { canonicalServiceName, type Range as FormulaRange } from '@calckit/formula';
import type { GraphCalculation, Project, ProjectGraph } from '@calckit/project';
import type { ServerContext } from './context.js';
import { toRange } from './convert.js';
import type { ProjectHost } from './host.js';

export interface DocumentProject {
  /** The platform's projects, which found it. */
  readonly projects: ProjectHost;
  readonly project: Project;
  readonly graph: ProjectGraph;
  /** The document's own calculation, when the project maps its file. */
  readonly self: GraphCalculation | undefined;
}

/** What one calculation uses, with ranges in its file: distinct names and ids, in order of first use. */
export interface CalculationUses {
  readonly columns: ReadonlyMap<string, Range[]>;
  readonly nested: ReadonlyMap<number, Range[]>;
}

/** The project of a `file:` document and its graph for the document's service name; undefined outside a project. */
export async function documentProject(ctx: ServerContext, uri: string): Promise<DocumentProject | undefined> {
  const path = ctx.projects?.fileOfUri(uri);
  if (!ctx.projects || path === undefined) return undefined;
  const project = ctx.projects.forDocument(uri).project;
  if (!project) return undefined;
  const settings = await ctx.settings.forDocument(uri);
  const graph = ctx.projects.graph(project, settings.serviceName);
  return { projects: ctx.projects, project, graph, self: graph.calculationForFile(path) };
}

/** An LSP range of a formula range (1-based line and UTF-16 column, as LSP counts lines: \n, \r\n and \r). */
export const lspRange = (r: FormulaRange): Range => ({
  start: { line: r.start.line - 1, character: r.start.column - 1 },
  end: { line: r.end.line - 1, character: r.end.column - 1 },
});

/** The columns and nested calls of `calc`: from its open document if the editor has it, else from the graph. */
export function usesOf(ctx: ServerContext, projects: ProjectHost, graph: ProjectGraph, calc: GraphCalculation): CalculationUses {
  const columns = new Map<string, Range[]>();
  const nested = new Map<number, Range[]>();
  const add = <K>(map: Map<K, Range[]>, key: K, range: Range) => {
    const list = map.get(key);
    if (list) list.push(range);
    else map.set(key, [range]);
  };
  const open = ctx.documents.get(projects.uriOfFile(calc.file));
  if (open) {
    const service = canonicalServiceName(graph.serviceName);
    for (const ref of documentReferences(open.doc)) {
      if (ref.kind === 'column') add(columns, ref.name, toRange(open.text, ref.span));
      else if (ref.service === service) add(nested, ref.id, toRange(open.text, ref.span));
    }
  } else {
    for (const c of calc.columns) for (const r of c.ranges) add(columns, c.name, lspRange(r));
    for (const n of calc.nested) for (const r of n.ranges) add(nested, n.id, lspRange(r));
  }
  return { columns, nested };
}

/** A calculation and the ranges in its file where it uses something. */
export interface CalculationUse {
  readonly calculation: GraphCalculation;
  readonly ranges: Range[];
}

/** The graph's calculations open in the editor (their current text overrides the graph). */
function openCalculations(ctx: ServerContext, projects: ProjectHost, graph: ProjectGraph): Map<GraphCalculation, CalculationUses> {
  const out = new Map<GraphCalculation, CalculationUses>();
  for (const uri of ctx.documents.uris()) {
    const path = projects.fileOfUri(uri);
    if (path === undefined) continue;
    const calc = graph.calculationForFile(path);
    if (calc) out.set(calc, usesOf(ctx, projects, graph, calc));
  }
  return out;
}

/**
 * Every call of calculation `id` in the project (`nested`) or every read of `column` in the formula files of
 * `dataset` (`column`): from the graph's reverse maps, with the files open in the editor read from their text.
 */
export function usersOf(
  ctx: ServerContext,
  projects: ProjectHost,
  graph: ProjectGraph,
  target: { readonly id: number } | { readonly dataset: string | undefined; readonly column: string },
): CalculationUse[] {
  const open = openCalculations(ctx, projects, graph);
  const fromGraph = 'id' in target ? graph.nestersOf(target.id) : graph.readersOf(target.dataset, target.column);
  const out: CalculationUse[] = [];
  for (const use of fromGraph) if (!open.has(use.calculation)) out.push({ calculation: use.calculation, ranges: use.ranges.map(lspRange) });
  for (const [calculation, uses] of open) {
    if (!('id' in target) && calculation.dataset !== target.dataset) continue;
    const ranges = 'id' in target ? uses.nested.get(target.id) : uses.columns.get(target.column);
    if (ranges) out.push({ calculation, ranges });
  }
  return out;
}
