// The command registry: command names → the module that registers them (`register(program)`). A module is loaded
// only when its command runs (all of them for help), so start-up reads just what one command needs: `calckit lint`
// never loads the emulator's SQLite, `calckit --version` loads nothing.
import type { Command } from 'commander';

export interface CommandModule {
  register(program: Command): void;
}

export interface CommandEntry {
  readonly names: readonly string[];
  readonly load: () => Promise<CommandModule>;
}

export const commands: readonly CommandEntry[] = [
  { names: ['analyze'], load: () => import('./analyze.js') },
  { names: ['eval'], load: () => import('./eval.js') },
  { names: ['test'], load: () => import('./test.js') },
  { names: ['serve'], load: () => import('./serve.js') },
  { names: ['push'], load: () => import('./push.js') },
  { names: ['login', 'logout'], load: () => import('./login.js') },
  { names: ['lock', 'unlock'], load: () => import('./lock.js') },
  { names: ['pull'], load: () => import('./pull.js') },
  { names: ['status'], load: () => import('./status.js') },
  { names: ['diff'], load: () => import('./diff.js') },
  { names: ['init'], load: () => import('./init.js') },
  { names: ['import'], load: () => import('./import.js') },
  { names: ['schema'], load: () => import('./schema/index.js') },
  { names: ['graph'], load: () => import('./graph.js') },
  { names: ['fn'], load: () => import('./fn.js') },
  { names: ['schedule'], load: () => import('./schedule.js') },
  { names: ['demo'], load: () => import('./demo.js') },
  { names: ['format'], load: () => import('./format.js') },
  { names: ['lint'], load: () => import('./lint.js') },
  { names: ['rules'], load: () => import('./rules.js') },
];

/** The entries to load for a command line: the named command's, none for a bare --version, all otherwise (help). */
export function entriesFor(args: readonly string[]): readonly CommandEntry[] {
  const requested = args.find((a) => !a.startsWith('-'));
  if (requested === undefined && args.some((a) => a === '-v' || a === '--version')) return [];
  const entry = commands.find((c) => requested !== undefined && c.names.includes(requested));
  return entry ? [entry] : commands;
}
