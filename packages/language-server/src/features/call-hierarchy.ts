// Call hierarchy over nested calculations (textDocument/prepareCallHierarchy, callHierarchy/incomingCalls and
// callHierarchy/outgoingCalls): a calculation's incoming calls are the calculations that nest it (`SVC_BEAST_MODE(id)`),
// its outgoing calls the calculations it nests and, as items of kind Field, the columns it reads. Prepared on a nested
// call (that calculation), on a column (the column, whose incoming calls are the formulas of its dataset reading it), or
// anywhere else in a mapped formula file (its own calculation). Items carry their project file, so the later requests
// find the graph again; files open in the editor answer from their current text.
import { SymbolKind, type CallHierarchyIncomingCall, type CallHierarchyItem, type CallHierarchyOutgoingCall, type Range } from 'vscode-languageserver';
import { referenceTargetAt } from '@calckit/ide';
import type { GraphCalculation, ProjectGraph } from '@calckit/project';
import { onDocument, type Feature, type ServerContext } from '../context.js';
import { toOffset, toRange } from '../convert.js';
import { guard } from '../guard.js';
import type { ProjectHost } from '../host.js';
import { documentProject, usersOf, usesOf } from '../project-uses.js';

/** What an item stands for, carried in its `data` between requests. */
type ItemData = { readonly projectFile: string; readonly serviceName: string } & ({ readonly calculation: number } | { readonly dataset: string | undefined; readonly column: string });

const FILE_START: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

function calculationItem(projects: ProjectHost, graph: ProjectGraph, id: number, fallback: { uri: string; range: Range }): CallHierarchyItem {
  const calc = graph.calculation(id);
  const data: ItemData = { projectFile: graph.project.file, serviceName: graph.serviceName, calculation: id };
  if (!calc) return { name: `#${id}`, detail: 'not in this project', kind: SymbolKind.Function, uri: fallback.uri, range: fallback.range, selectionRange: fallback.range, data };
  return {
    name: calc.name ?? `#${id}`,
    detail: [calc.name !== undefined ? `#${id}` : undefined, calc.relativePath, calc.dataset !== undefined ? `dataset ${calc.dataset}` : undefined].filter((p) => p !== undefined).join(' · '),
    kind: SymbolKind.Function,
    uri: projects.uriOfFile(calc.file),
    range: FILE_START,
    selectionRange: FILE_START,
    data,
  };
}

/** A column as an item: it has no file of its own; it points at its dataset's schema file, else at `where`. */
function columnItem(projects: ProjectHost, graph: ProjectGraph, dataset: string | undefined, column: string, where: { uri: string; range: Range }): CallHierarchyItem {
  const schemaPath = dataset !== undefined ? graph.project.datasets[dataset]?.schemaPath : undefined;
  const data: ItemData = { projectFile: graph.project.file, serviceName: graph.serviceName, dataset, column };
  const at = schemaPath !== undefined ? { uri: projects.uriOfFile(schemaPath), range: FILE_START } : where;
  return { name: column, detail: dataset !== undefined ? `column of ${dataset}` : 'column', kind: SymbolKind.Field, uri: at.uri, range: at.range, selectionRange: at.range, data };
}

function itemData(item: CallHierarchyItem): ItemData | undefined {
  const data = item.data as Partial<ItemData> | undefined;
  if (!data || typeof data.projectFile !== 'string' || typeof data.serviceName !== 'string') return undefined;
  return data as ItemData;
}

function incoming(ctx: ServerContext, item: CallHierarchyItem): CallHierarchyIncomingCall[] {
  const data = itemData(item);
  const projects = ctx.projects;
  if (!data || !projects) return [];
  const graph = projects.graphOfProjectFile(data.projectFile, data.serviceName);
  if (!graph) return [];
  const target = 'calculation' in data ? { id: data.calculation } : { dataset: data.dataset, column: data.column };
  return usersOf(ctx, projects, graph, target).map((use) => ({ from: calculationItem(projects, graph, use.calculation.id, { uri: projects.uriOfFile(use.calculation.file), range: FILE_START }), fromRanges: use.ranges }));
}

function outgoing(ctx: ServerContext, item: CallHierarchyItem): CallHierarchyOutgoingCall[] {
  const data = itemData(item);
  const projects = ctx.projects;
  if (!data || !('calculation' in data) || !projects) return [];
  const graph = projects.graphOfProjectFile(data.projectFile, data.serviceName);
  const calc: GraphCalculation | undefined = graph?.calculation(data.calculation);
  if (!graph || !calc) return [];
  const uses = usesOf(ctx, projects, graph, calc);
  const uri = projects.uriOfFile(calc.file);
  const out: CallHierarchyOutgoingCall[] = [];
  for (const [id, ranges] of uses.nested) out.push({ to: calculationItem(projects, graph, id, { uri, range: ranges[0]! }), fromRanges: ranges });
  for (const [column, ranges] of uses.columns) out.push({ to: columnItem(projects, graph, calc.dataset, column, { uri, range: ranges[0]! }), fromRanges: ranges });
  return out;
}

export const callHierarchy: Feature = {
  capabilities: () => ({ callHierarchyProvider: true }),
  register(ctx) {
    const hierarchy = ctx.connection.languages.callHierarchy;
    hierarchy.onPrepare(
      onDocument(ctx, 'textDocument/prepareCallHierarchy', null as CallHierarchyItem[] | null, async ({ text, doc }, _settings, params) => {
        const uri = params.textDocument.uri;
        const where = await documentProject(ctx, uri);
        if (!where) return null;
        const { projects, graph, self } = where;
        const target = referenceTargetAt(doc, toOffset(text, params.position));
        if (target?.kind === 'calculation' && target.service === graph.serviceName) return [calculationItem(projects, graph, target.id, { uri, range: toRange(text, target.span) })];
        if (target?.kind === 'column' && self?.dataset !== undefined) return [columnItem(projects, graph, self.dataset, target.name, { uri, range: toRange(text, target.span) })];
        return self ? [calculationItem(projects, graph, self.id, { uri, range: FILE_START })] : null;
      }),
    );
    hierarchy.onIncomingCalls(guard(ctx.log, 'callHierarchy/incomingCalls', [] as CallHierarchyIncomingCall[], (params) => incoming(ctx, params.item)));
    hierarchy.onOutgoingCalls(guard(ctx.log, 'callHierarchy/outgoingCalls', [] as CallHierarchyOutgoingCall[], (params) => outgoing(ctx, params.item)));
  },
};
