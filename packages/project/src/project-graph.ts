// The project graph: per formula file of a project, the calculation it is, its dataset, the columns it reads and the
// calculations it nests (`<SERVICE>_BEAST_MODE(id)` with the project's service name), each with its exact ranges; and
// the reverse maps (who reads column C of dataset D, who nests calculation N). Each file's references come from the
// project index (one parse per file, kept until `invalidate(path)`), so building the graph again after a change parses
// only the changed files. Used by `calckit graph`, lint's nesting-cycle rule and the language server's references and
// call hierarchy.
import { relative, sep } from 'node:path';
import { canonicalServiceName, type Range } from '@calckit/formula';
import type { Project } from './load.js';
import { shortestCycle, stronglyConnectedGroups } from './graph-cycles.js';
import type { IndexedProject, ProjectIndex } from './project-index.js';

/** One column a calculation reads: its name and every place it is written. */
export interface GraphColumn {
  readonly name: string;
  readonly ranges: readonly Range[];
}

/** One calculation a calculation nests: its id, every call, and whether the project maps it to a file. */
export interface GraphNested {
  readonly id: number;
  /** Each whole `<SERVICE>_BEAST_MODE(id)` call. */
  readonly ranges: readonly Range[];
  /** Each `<SERVICE>_BEAST_MODE` name of those calls, in the same order. */
  readonly nameRanges: readonly Range[];
  /** False when the project does not list the id (it may still exist in the service). */
  readonly known: boolean;
}

/** One formula file of the project, as the graph sees it. */
export interface GraphCalculation {
  readonly id: number;
  readonly name: string | undefined;
  /** Absolute path of the formula file. */
  readonly file: string;
  /** Its path relative to the project root, `/`-separated. */
  readonly relativePath: string;
  /** The key (in `calckit.json`'s `datasets`) of its dataset, when the entry names one. */
  readonly dataset: string | undefined;
  /** False when the file could not be read as a formula (missing, not UTF-8, too large): it reads and nests nothing. */
  readonly readable: boolean;
  /** The columns it reads, distinct by name, in order of first use. */
  readonly columns: readonly GraphColumn[];
  /** The calculations it nests with the project's service name, distinct by id, in order of first call. */
  readonly nested: readonly GraphNested[];
}

/** A calculation and the ranges in its file where it uses something (a column, a nested calculation). */
export interface GraphUse {
  readonly calculation: GraphCalculation;
  readonly ranges: readonly Range[];
}

export interface ProjectGraph {
  readonly project: Project;
  /** The service's name that makes a `<NAME>_BEAST_MODE(id)` call a nesting. */
  readonly serviceName: string;
  /** Every calculation the project maps, in the project file's order. */
  readonly calculations: readonly GraphCalculation[];
  calculation(id: number): GraphCalculation | undefined;
  calculationForFile(file: string): GraphCalculation | undefined;
  /** The calculations of dataset `dataset` (undefined: those without one) that read `column`, with where. */
  readersOf(dataset: string | undefined, column: string): readonly GraphUse[];
  /** The calculations that nest calculation `id`, with where. */
  nestersOf(id: number): readonly GraphUse[];
  /** Ids nested somewhere that the project does not list, ascending. */
  readonly unknownNestedIds: readonly number[];
  /**
   * The shortest cycle of nestings through calculation `id` (`[id, …]`, each nesting the next, the last nesting `id`),
   * or undefined when `id` is on none.
   */
  cycleThrough(id: number): readonly number[] | undefined;
  /** Every nesting cycle once (one per group of calculations that reach each other, from its smallest id). */
  cycles(): readonly (readonly number[])[];
}

const toPosix = (path: string): string => path.split(sep).join('/');

/**
 * The graph of a loaded project. `serviceName` overrides the project's (as `ProjectIndex` options and flags do); the
 * index supplies each file's references, parsing only the files it has not read since they last changed.
 */
export function buildProjectGraph(index: ProjectIndex, indexed: IndexedProject | Project, serviceName?: string): ProjectGraph {
  const project = 'project' in indexed ? indexed.project : indexed;
  const service = canonicalServiceName(serviceName ?? ('serviceName' in indexed ? indexed.serviceName : project.service?.name));
  const ids = new Set(project.calculations.map((c) => c.id));
  const calculations: GraphCalculation[] = [];
  const byId = new Map<number, GraphCalculation>();
  const byFile = new Map<string, GraphCalculation>();
  for (const entry of project.calculations) {
    if (byId.has(entry.id)) continue;
    const refs = index.formulaReferences(entry.file, project.root);
    const columns = new Map<string, Range[]>();
    const nested = new Map<number, { ranges: Range[]; nameRanges: Range[] }>();
    for (const c of refs?.columns ?? []) {
      const ranges = columns.get(c.name);
      if (ranges) ranges.push(c.range);
      else columns.set(c.name, [c.range]);
    }
    for (const n of refs?.nested ?? []) {
      // Another prefix is an unknown function to the service, not a nesting (nested-calculation-depth says so).
      if (n.service !== service) continue;
      const calls = nested.get(n.id);
      if (calls) {
        calls.ranges.push(n.range);
        calls.nameRanges.push(n.nameRange);
      } else nested.set(n.id, { ranges: [n.range], nameRanges: [n.nameRange] });
    }
    const calculation: GraphCalculation = {
      id: entry.id,
      name: entry.name,
      file: entry.file,
      relativePath: toPosix(relative(project.root, entry.file)),
      dataset: entry.dataset,
      readable: refs !== undefined,
      columns: [...columns].map(([name, ranges]) => ({ name, ranges })),
      nested: [...nested].map(([id, calls]) => ({ id, ...calls, known: ids.has(id) })),
    };
    calculations.push(calculation);
    byId.set(entry.id, calculation);
    byFile.set(entry.file, calculation);
  }
  return new Graph(project, service, calculations, byId, byFile);
}

class Graph implements ProjectGraph {
  #readers: Map<string, GraphUse[]> | undefined;
  #nesters: Map<number, GraphUse[]> | undefined;
  #unknown: number[] | undefined;

  constructor(
    readonly project: Project,
    readonly serviceName: string,
    readonly calculations: readonly GraphCalculation[],
    private readonly byId: ReadonlyMap<number, GraphCalculation>,
    private readonly byFile: ReadonlyMap<string, GraphCalculation>,
  ) {}

  calculation(id: number): GraphCalculation | undefined {
    return this.byId.get(id);
  }

  calculationForFile(file: string): GraphCalculation | undefined {
    return this.byFile.get(file);
  }

  readersOf(dataset: string | undefined, column: string): readonly GraphUse[] {
    if (!this.#readers) {
      this.#readers = new Map();
      for (const calculation of this.calculations) {
        for (const c of calculation.columns) {
          const key = readerKey(calculation.dataset, c.name);
          const uses = this.#readers.get(key);
          if (uses) uses.push({ calculation, ranges: c.ranges });
          else this.#readers.set(key, [{ calculation, ranges: c.ranges }]);
        }
      }
    }
    return this.#readers.get(readerKey(dataset, column)) ?? [];
  }

  nestersOf(id: number): readonly GraphUse[] {
    if (!this.#nesters) {
      this.#nesters = new Map();
      for (const calculation of this.calculations) {
        for (const n of calculation.nested) {
          const uses = this.#nesters.get(n.id);
          if (uses) uses.push({ calculation, ranges: n.ranges });
          else this.#nesters.set(n.id, [{ calculation, ranges: n.ranges }]);
        }
      }
    }
    return this.#nesters.get(id) ?? [];
  }

  get unknownNestedIds(): readonly number[] {
    if (!this.#unknown) {
      const unknown = new Set<number>();
      for (const c of this.calculations) for (const n of c.nested) if (!n.known) unknown.add(n.id);
      this.#unknown = [...unknown].sort((a, b) => a - b);
    }
    return this.#unknown;
  }

  cycleThrough(id: number): readonly number[] | undefined {
    return shortestCycle(id, (n) => this.byId.get(n)?.nested.map((x) => x.id));
  }

  cycles(): readonly (readonly number[])[] {
    const next = (id: number) => this.byId.get(id)?.nested.map((x) => x.id);
    const out: number[][] = [];
    for (const group of stronglyConnectedGroups([...this.byId.keys()], next)) {
      const first = Math.min(...group);
      // A group of one is a cycle only when it nests itself.
      if (group.length === 1 && !(next(first) ?? []).includes(first)) continue;
      out.push(shortestCycle(first, next)!);
    }
    return out.sort((a, b) => a[0]! - b[0]!);
  }
}

const readerKey = (dataset: string | undefined, column: string): string => (dataset === undefined ? `-${column}` : `+${dataset.length}:${dataset}${column}`);

