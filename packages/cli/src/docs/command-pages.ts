// docs/commands/: the command pages (pages.ts), each with its hand-written prose kept and its reference regenerated,
// and the index. Pure: the program, the registry and the pages as they are now in; the pages as they should be out.
// scripts/gen-command-docs.mjs writes them and test/cli/command-docs.test.ts checks the committed ones are fresh.
import type { Command } from 'commander';
import type { CommandEntry } from '../commands/index.js';
import { helpTextAfter } from './help-text.js';
import { commandsIndex } from './index-page.js';
import { REFERENCE_END, REFERENCE_START, withReference } from './markers.js';
import { commandPages, type CommandPage } from './pages.js';
import { commandReference } from './reference.js';

export const REFRESH_COMMAND = 'npm run docs:commands';

/** The top-level command of the program with this name; throws when the program has none. */
export function topLevelCommand(program: Command, name: string): Command {
  const command = program.commands.find((c) => c.name() === name);
  if (!command) throw new Error(`the program has no command named ${name}: is its module registered in packages/cli/src/commands/index.ts?`);
  return command;
}

/** The program's own --help epilogue (the exit codes), as one paragraph. */
function programEpilogue(program: Command): string[] {
  const text = helpTextAfter(program);
  return text === '' ? [] : ['### Exit codes of every command', '', text.replace(/\s*\n\s*/g, ' '), ''];
}

/** What goes between the page's markers. */
export function pageReference(program: Command, page: CommandPage): string {
  const lines = ['## Reference', ''];
  for (const name of page.names) lines.push(...commandReference(topLevelCommand(program, name)));
  lines.push(...programEpilogue(program));
  return lines.join('\n');
}

/** A page for a command that has none yet: a title, its description and the markers, for prose to be added. */
function newPage(program: Command, page: CommandPage): string {
  const title = page.names.map((n) => `calckit ${n}`).join(', ');
  const description = page.names.map((n) => topLevelCommand(program, n).description()).join('; ');
  return [`# ${title}`, '', `${description[0]?.toUpperCase() ?? ''}${description.slice(1)}.`, '', REFERENCE_START, REFERENCE_END, '', '## See also', '', '- [All commands](README.md)', ''].join('\n');
}

/** Every file of docs/commands/ (name → text): the pages, with `current(file)` as their prose, and the index. */
export function commandDocs(program: Command, registry: readonly Pick<CommandEntry, 'names'>[], current: (file: string) => string | undefined): Map<string, string> {
  const pages = commandPages(registry);
  const files = new Map<string, string>();
  for (const page of pages) {
    const text = current(page.file) ?? newPage(program, page);
    files.set(page.file, withReference(text, pageReference(program, page), `docs/commands/${page.file}`));
  }
  files.set('README.md', commandsIndex(program, pages));
  return files;
}
