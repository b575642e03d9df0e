// nested-calculation-cycle: a nested calculation (`SVC_BEAST_MODE(id)`) whose nestings lead back to the calculation
// being linted: the formulas refer to each other in a circle. Each file of the cycle is reported at the call that
// continues it, naming the cycle's calculations and files. Needs the project file (what each calculation nests) and the
// file's own calculation id. nested-calculation-depth still reports the service's one-level limit on its own.
import { canonicalServiceName } from '@calckit/formula';
import { defineRule, type ProjectInfo } from '../types.js';

export const rule = defineRule({
  meta: {
    id: 'nested-calculation-cycle',
    description: 'Disallow calculations that nest themselves, directly or through others (needs the project file)',
    category: 'problem',
    defaultSeverity: 'error',
    requiresProject: true,
    messages: {
      cycle: 'Nesting cycle: {{cycle}}: a calculation cannot nest itself, directly or through other calculations',
    },
    docs: {
      rationale:
        'A formula that nests a calculation whose formula, directly or through others, nests the first one again has no value: each waits for the other. Every formula of the cycle is reported at the call that continues it, with the calculations and files of the whole cycle, so the one to change can be chosen. The rule reads the nested formulas through the project file (`calculations` maps files to ids); without it, or for a file the project does not map, it reports nothing. The service also limits nesting to one level (see nested-calculation-depth), which a cycle of two or more calculations exceeds as well.',
      examples: [{ code: 'SUM(`Sales`) / SVC_BEAST_MODE(42)', reported: false, note: 'when calculation 42 does not lead back to this one' }],
    },
  },
  create(context) {
    const project = context.project;
    const self = project?.calculationId;
    if (!project || self === undefined) return {};
    const service = canonicalServiceName(project.serviceName);
    /** The path found from each nested id back to this calculation (null: none), so repeated calls search once. */
    const found = new Map<number, readonly number[] | null>();
    return {
      NestedCalculation(node) {
        // Another service's name nests nothing (nested-calculation-depth reports the name).
        if (node.service !== service) return;
        let path = found.get(node.id);
        if (path === undefined) found.set(node.id, (path = pathBack(node.id, self, project) ?? null));
        if (path === null) return;
        const shown = [self, ...path, self].map((id) => describe(id, project));
        context.report({ messageId: 'cycle', data: { cycle: shown.join(' → ') }, node });
      },
    };
  },
});

/**
 * The shortest chain of nestings `[from, …]` whose last calculation nests `to` (`[to]` alone when `from` is `to`), or
 * undefined. Breadth first, each calculation visited once: at most the project's calculations are read.
 */
function pathBack(from: number, to: number, project: ProjectInfo): number[] | undefined {
  if (from === to) return [];
  const cameFrom = new Map<number, number | undefined>([[from, undefined]]);
  let frontier = [from];
  while (frontier.length > 0) {
    const following: number[] = [];
    for (const id of frontier) {
      for (const next of project.nestedIds(id) ?? []) {
        if (next === to) {
          const path: number[] = [];
          for (let at: number | undefined = id; at !== undefined; at = cameFrom.get(at)) path.push(at);
          return path.reverse();
        }
        if (cameFrom.has(next)) continue;
        cameFrom.set(next, id);
        following.push(next);
      }
    }
    frontier = following;
  }
  return undefined;
}

function describe(id: number, project: ProjectInfo): string {
  const file = project.calculationFile?.(id);
  return file !== undefined ? `calculation ${id} (${file})` : `calculation ${id}`;
}
