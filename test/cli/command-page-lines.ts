// The `npx calckit …` lines of docs/commands/, split by what they need to run: the lines of commands that work on a
// formula repository's files alone (test/cli/command-docs.test.ts runs them), and the others, which need a service,
// start one, or make a new project (test/service/command-docs-lines.test.ts runs them against the emulator).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { commands } from '../../packages/cli/src/commands/index.js';
import { commandPages } from '../../packages/cli/src/docs/pages.js';
import { REPO_ROOT } from '../service/harness.js';
import { readmeCommands } from './doc-commands.js';

export const COMMAND_DOCS_DIR = join(REPO_ROOT, 'docs', 'commands');

/** The commands whose lines run in a formula repository with no service. */
export const OFFLINE_COMMANDS: ReadonlySet<string> = new Set(['analyze', 'lint', 'rules', 'format', 'eval', 'test', 'graph', 'schema rename']);

/** `schema rename` for `… npx calckit schema rename sales …`, `push` for `npx calckit push --lock`. */
export function commandOf(line: string): string {
  const words = line.slice(line.indexOf('npx calckit ') + 'npx calckit '.length).split(/\s+/);
  return ['schema', 'fn', 'schedule'].includes(words[0]!) ? `${words[0]} ${words[1]}` : words[0]!;
}

export interface PageLine {
  /** The page's file name in docs/commands/, e.g. `push.md`. */
  readonly page: string;
  readonly line: string;
}

/** Every `npx calckit …` line of every command page, in page order. */
export function commandPageLines(): PageLine[] {
  return commandPages(commands).flatMap((page) => {
    const file = join(COMMAND_DOCS_DIR, page.file);
    return existsSync(file) ? readmeCommands(readFileSync(file, 'utf8')).map((line) => ({ page: page.file, line })) : [];
  });
}

export const isOffline = ({ line }: PageLine): boolean => OFFLINE_COMMANDS.has(commandOf(line));
