// docs/commands/ is complete and fresh: every command of the registry has a page whose reference is what the
// generator makes from the command's Commander definition now, the index lists every command, each page has prose of
// its own, and the `npx calckit …` lines of the pages that need no service run in a formula repository.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Command } from 'commander';
import { commands } from '../../packages/cli/src/commands/index.js';
import { REFRESH_COMMAND, commandDocs, pageReference, topLevelCommand } from '../../packages/cli/src/docs/command-pages.js';
import { handWritten, withReference } from '../../packages/cli/src/docs/markers.js';
import { commandPages } from '../../packages/cli/src/docs/pages.js';
import { buildProgram } from '../../packages/cli/src/program.js';
import { REPO_ROOT } from '../service/harness.js';
import { OFFLINE_COMMANDS, commandOf, commandPageLines, isOffline } from './command-page-lines.js';

const docsDir = join(REPO_ROOT, 'docs', 'commands');
const committed = (file: string): string | undefined => (existsSync(join(docsDir, file)) ? readFileSync(join(docsDir, file), 'utf8') : undefined);
const STALE = `is stale: run \`${REFRESH_COMMAND}\``;
const pages = commandPages(commands);

let program: Command;
beforeAll(async () => {
  // No arguments: every command module is loaded, as for `calckit --help`.
  program = await buildProgram(['node', 'calckit']);
});

describe('the command pages', () => {
  it('are fresh: the reference of each page and the index are what the generator makes now', () => {
    for (const [file, text] of commandDocs(program, commands, committed)) {
      expect(committed(file), `docs/commands/${file} is missing: run \`${REFRESH_COMMAND}\``).toBeDefined();
      expect(committed(file), `docs/commands/${file} ${STALE}`).toBe(text);
    }
  });

  it('go stale when a command gains an option', async () => {
    const changed = await buildProgram(['node', 'calckit']);
    topLevelCommand(changed, 'push').option('--new-flag', 'an option the page does not show yet');
    const push = pages.find((p) => p.file === 'push.md')!;
    const regenerated = withReference(committed('push.md')!, pageReference(changed, push), 'push.md');
    expect(regenerated).not.toBe(committed('push.md'));
    expect(regenerated).toContain('`--new-flag`');
  });

  it('one per registered command, each listed and linked in the index', () => {
    const index = committed('README.md')!;
    for (const entry of commands) {
      const file = `${entry.names[0]}.md`;
      expect(existsSync(join(docsDir, file)), `docs/commands/${file} is missing: run \`${REFRESH_COMMAND}\``).toBe(true);
      for (const name of entry.names) {
        expect(index, `docs/commands/README.md does not list calckit ${name}`).toContain(`[calckit ${name}](${file}#calckit-${name})`);
        expect(committed(file), `docs/commands/${file} has no reference of calckit ${name}`).toContain(`\n### calckit ${name}\n`);
      }
    }
  });

  it('every top-level command of the program is in the registry (none registered around it)', () => {
    const registered = new Set(commands.flatMap((c) => c.names));
    expect(program.commands.map((c) => c.name()).filter((name) => !registered.has(name))).toEqual([]);
  });

  it('no stray pages: each documents a registered command', () => {
    const wanted = new Set([...pages.map((p) => p.file), 'README.md']);
    expect(readdirSync(docsDir).filter((f) => f.endsWith('.md') && !wanted.has(f))).toEqual([]);
  });

  it('each page has prose of its own besides the reference: a paragraph, an example and a See also', () => {
    for (const page of pages) {
      const prose = handWritten(committed(page.file)!);
      expect(prose, `docs/commands/${page.file}: its title`).toMatch(/^# calckit /);
      expect(prose, `docs/commands/${page.file}: an example`).toMatch(/```sh\n[^`]*npx calckit /);
      expect(prose, `docs/commands/${page.file}: a See also section`).toContain('\n## See also\n');
    }
  });
});

// The lines of commands that work on a formula repository's files alone run here; the others (a service, an emulator
// of their own, a new project) run against the emulator in test/service/command-docs-lines.test.ts.
const offline = commandPageLines().filter(isOffline).map(({ page, line }) => [page, line] as const);

/** Runs a line as a shell command in `cwd`, with no service settings from the environment. */
function run(command: string, cwd: string): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    const env = { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', npm_config_yes: 'false' };
    execFile('sh', ['-c', command], { cwd, env, timeout: 120_000 }, (error, _stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stderr });
    });
  });
}

describe("the command pages' npx calckit lines, in a formula repository", () => {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });
  /** A copy of examples/ (what a line writes stays there), with calckit installed: node_modules of this clone. */
  function formulaRepository(): string {
    const dir = mkdtempSync(join(tmpdir(), 'calckit-command-docs-'));
    made.push(dir);
    cpSync(join(REPO_ROOT, 'examples'), dir, { recursive: true, filter: (source) => !source.includes(`${join('examples', '.calckit')}`) });
    symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
    return dir;
  }

  it('are found, for most commands', () => {
    expect(new Set(offline.map(([, line]) => commandOf(line)))).toEqual(OFFLINE_COMMANDS);
  });

  it.each(offline)('%s: %s', async (_page, line) => {
    const result = await run(line, formulaRepository());
    expect(result.stderr).not.toMatch(/not found|internal error|could not determine executable/i);
    expect([0, 1], `exit ${result.code}: ${result.stderr.slice(0, 400)}`).toContain(result.code);
  });
});
