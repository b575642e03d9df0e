// Writes docs/commands/<command>.md (the reference between each page's markers; the prose around it is kept) and
// docs/commands/README.md from the CLI's Commander definitions (built dist). Run through `npm run docs:commands`,
// which builds first. test/cli/command-docs.test.ts fails when the files are stale.
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { commands } from '../dist/commands/index.js';
import { commandDocs } from '../dist/docs/command-pages.js';
import { buildProgram } from '../dist/program.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const dir = join(root, 'docs', 'commands');
mkdirSync(dir, { recursive: true });
// Every command registered: an empty argument list loads them all, as `calckit --help` does.
const program = await buildProgram(['node', 'calckit']);
const files = commandDocs(program, commands, (file) => (existsSync(join(dir, file)) ? readFileSync(join(dir, file), 'utf8') : undefined));
let written = 0;
for (const [file, text] of files) {
  const path = join(dir, file);
  if (existsSync(path) && readFileSync(path, 'utf8') === text) continue;
  writeFileSync(path, text);
  written++;
}
// A page of a command that is gone holds prose someone wrote: say so rather than delete it.
const stray = readdirSync(dir).filter((f) => f.endsWith('.md') && !files.has(f));
for (const f of stray) console.warn(`docs/commands/${f} documents no registered command: move its prose and delete it`);
console.log(`docs/commands: ${files.size} files, ${written} rewritten`);
