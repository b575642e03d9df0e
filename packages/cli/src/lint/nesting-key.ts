// What a file's lint depends on beyond its own text and settings: the nesting rules (nested-calculation-depth,
// nested-calculation-cycle) read the formulas of the calculations it nests, and theirs in turn. The lint cache keys a
// file by these answers too, so that a change in another file (one that closes a cycle, say) is not hidden by a cached
// result. A text that nests nothing costs one scan and adds nothing.
import type { ProjectInfo } from '@calckit/lint';

const NESTED = /([A-Za-z0-9_]+)_BEAST_MODE\s*\(\s*(\d+)/gi;

/** The file's own id and the nestedIds answers reachable from the calculations its text nests; null when it nests none. */
export function nestingKey(text: string, project: ProjectInfo | undefined): unknown {
  if (!project || !/_BEAST_MODE/i.test(text)) return null;
  const answers: Record<number, readonly number[] | null> = {};
  const pending: number[] = [];
  for (const m of text.matchAll(NESTED)) pending.push(Number(m[2]));
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (id in answers) continue;
    const nested = project.nestedIds(id) ?? null;
    answers[id] = nested;
    if (nested) pending.push(...nested);
  }
  return { self: project.calculationId ?? null, answers };
}
