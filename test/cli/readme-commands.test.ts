// Every `npx calckit …` line of the README works right after the set-up (`npm ci`, which builds): each runs from the
// repository's root as a shell command, and must finish with exit 0 or 1 (findings), never 2 (usage), 127 (not
// found) or an internal error. The README is what a new user copies first. So do the lines of docs/ci.md,
// docs/install.md and the calckit package's README (its npm page), run in a formula repository (examples/), and those
// of the topic pages the README's reference moved to (docs/language.md, docs/testing-formulas.md, docs/formatting.md).
import { execFile, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../service/harness.js';
import { readmeCommands } from './doc-commands.js';

const commands = readmeCommands(readFileSync(join(REPO_ROOT, 'README.md'), 'utf8'));

function run(command: string, cwd = REPO_ROOT): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // No service settings from the environment: the README's lines must not depend on them.
    const env = { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', npm_config_yes: 'false' };
    execFile('sh', ['-c', command], { cwd, env, timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

describe("the README's npx calckit lines", () => {
  it('are found', () => {
    expect(commands.length).toBeGreaterThanOrEqual(3);
  });

  it.each(commands)('%s', async (command) => {
    const result = await run(command);
    expect(result.stderr).not.toMatch(/not found|internal error|could not determine executable/i);
    expect([0, 1], `exit ${result.code}: ${result.stderr.slice(0, 400)}`).toContain(result.code);
  });
});

// The lines meant for a formula repository, run in one (examples/ has calckit.json and formulas; the repository's
// node_modules above it holds calckit). Output files go to a temporary folder.
const docsCommands = ['docs/ci.md', 'docs/install.md', 'packages/cli/README.md'].flatMap((doc) =>
  // (ci.md's recipes from the one for the emulator on need a service: test/service/ci-recipe.test.ts runs them.)
  readmeCommands(readFileSync(join(REPO_ROOT, doc), 'utf8').split('## Trying the push workflow on the emulator')[0]!)
    .filter((command) => !/--stdio/.test(command))
    .map((command) => [doc, command.replace(/ -o (\S+)/, (_, file: string) => ` -o "$TMPDIR/${file.replace(/\//g, '-')}"`)] as const),
);

describe('the npx calckit lines of docs/ci.md, docs/install.md and packages/cli/README.md, in a formula repository', () => {
  it('are found', () => {
    expect(docsCommands.length).toBeGreaterThanOrEqual(5);
    // Before: the calckit package had no README, so its npm page showed no command to copy.
    expect(docsCommands.filter(([doc]) => doc === 'packages/cli/README.md').length).toBeGreaterThanOrEqual(5);
  });

  it.each(docsCommands)('%s: %s', async (_doc, command) => {
    const result = await run(`TMPDIR=$(mktemp -d) && ${command}`, join(REPO_ROOT, 'examples'));
    expect(result.stderr).not.toMatch(/not found|internal error|could not determine executable/i);
    // Before: docs/ci.md's `npx calckit format --check` (no path) was exit 2, "give files, directories or globs".
    expect([0, 1], `exit ${result.code}: ${result.stderr.slice(0, 400)}`).toContain(result.code);
  });
});

// The topic pages' lines: those naming examples are written for a clone of calckit and run from its root; the others
// are written for a formula repository and run in examples/, output files in a temporary folder.
const topicCommands = ['docs/language.md', 'docs/testing-formulas.md', 'docs/formatting.md'].flatMap((doc) =>
  readmeCommands(readFileSync(join(REPO_ROOT, doc), 'utf8')).map((command) =>
    /\bexamples\b/.test(command)
      ? ([doc, command, REPO_ROOT] as const)
      : ([doc, command.replace(/ -o (\S+)/, (_, file: string) => ` -o "$TMPDIR/${file.replace(/\//g, '-')}"`), join(REPO_ROOT, 'examples')] as const),
  ),
);

describe('the npx calckit lines of the topic pages', () => {
  it('are found', () => {
    // Before: these lines were the README's (its analyze and testing sections), and ran there.
    expect(topicCommands.length).toBeGreaterThanOrEqual(6);
  });

  it.each(topicCommands)('%s: %s', async (_doc, command, cwd) => {
    const result = await run(`TMPDIR=$(mktemp -d) && ${command}`, cwd);
    expect(result.stderr).not.toMatch(/not found|internal error|could not determine executable/i);
    expect([0, 1], `exit ${result.code}: ${result.stderr.slice(0, 400)}`).toContain(result.code);
  });
});

/** npm commands newer than npm 10 (Node.js 20's npm, the least calckit supports), with the version that added them. */
const NPM_COMMANDS_ADDED: Readonly<Record<string, string>> = { 'approve-scripts': '11.16', 'deny-scripts': '11.16', 'install-scripts': '11.18' };

describe('the npm commands docs/install.md names', () => {
  it("are npm's, and one that not every supported npm has is named with the version that added it", () => {
    const help = execFileSync('npm', ['help'], { encoding: 'utf8' });
    const known = new Set(help.slice(help.indexOf('All commands:')).split(/[\s,]+/));
    const doc = readFileSync(join(REPO_ROOT, 'docs/install.md'), 'utf8');
    const paragraphs = doc.split(/\n\s*\n/);
    const named = [...doc.matchAll(/`npm ([a-z][a-z-]*)/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(3);
    for (const command of new Set(named)) {
      expect(known.has(command) || ['run-script', 'i'].includes(command), command).toBe(true);
      const added = NPM_COMMANDS_ADDED[command];
      if (added === undefined) continue;
      // Before: "npm 11 lists packages … `npm approve-scripts better-sqlite3`", a command npm 11.0–11.15 lacks.
      for (const p of paragraphs.filter((text) => text.includes(`npm ${command}`))) expect(p, command).toContain(added);
    }
  });
});
