// Which pages docs/commands/ has: one per entry of the command registry, named after its first command (login and
// logout share one, as they share a module).
import type { CommandEntry } from '../commands/index.js';

/** One page: its file name in docs/commands/ and the top-level commands it documents. */
export interface CommandPage {
  readonly file: string;
  readonly names: readonly string[];
}

export function commandPages(registry: readonly Pick<CommandEntry, 'names'>[]): CommandPage[] {
  return registry.map((entry) => ({ file: `${entry.names[0]}.md`, names: entry.names }));
}
