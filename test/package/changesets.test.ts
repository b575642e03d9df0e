// Cutting a release with changesets, in a throwaway copy of the manifests and the lock file: `npm run
// version-packages` (the installed changeset CLI's `version`, versions.mjs sync, the lock) runs there as the release
// workflow's "Version Packages" step does, and every version must move together.
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-ignore: a plain .mjs script without type declarations
import { versionProblems, workspaces } from '../../scripts/versions.mjs';
import { NPM, ROOT, userEnv } from './helpers.js';

interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}
type Workspace = { dir: string; manifest: Manifest };
const readWorkspaces = workspaces as (root?: string) => Workspace[];
const problemsOf = versionProblems as (root?: string) => { version: string; problems: string[] };
const CONFIG = JSON.parse(readFileSync(join(ROOT, '.changeset', 'config.json'), 'utf8')) as { fixed: string[][]; privatePackages: { version: boolean; tag: boolean }; access: string; baseBranch: string };
const temporaryDirs: string[] = [];

afterAll(() => {
  for (const dir of temporaryDirs) rmSync(dir, { recursive: true, force: true });
});

function git(cwd: string, args: string[]): void {
  const result = spawnSync('git', ['-c', 'user.name=calckit test', '-c', 'user.email=test@calckit.invalid', '-c', 'commit.gpgsign=false', ...args], { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${result.stderr}`);
}

/**
 * A git repository holding this one's manifests, lock file, changelogs, .changeset folder and versions script (no
 * sources, no node_modules).
 */
function copyOfManifests(config = CONFIG): string {
  const dir = mkdtempSync(join(tmpdir(), 'calckit-release-'));
  temporaryDirs.push(dir);
  for (const file of ['package.json', 'package-lock.json', 'scripts/versions.mjs']) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    copyFileSync(join(ROOT, file), join(dir, file));
  }
  for (const { dir: workspace } of readWorkspaces(ROOT)) {
    mkdirSync(join(dir, workspace), { recursive: true });
    for (const file of ['package.json', 'CHANGELOG.md']) if (existsSync(join(ROOT, workspace, file))) copyFileSync(join(ROOT, workspace, file), join(dir, workspace, file));
  }
  cpSync(join(ROOT, '.changeset'), join(dir, '.changeset'), { recursive: true });
  writeFileSync(join(dir, '.changeset', 'config.json'), `${JSON.stringify(config, null, 2)}\n`);
  git(dir, ['init', '-q', '-b', CONFIG.baseBranch]);
  git(dir, ['add', '.']);
  git(dir, ['commit', '-q', '-m', 'the release before']);
  return dir;
}

const CHANGE_TEXT = 'Hover shows the type of a column reference.';

/** Adds one changeset (a minor change of the formula package, a leaf every other package depends on) and versions. */
function cutRelease(dir: string): void {
  writeFileSync(join(dir, '.changeset', 'hover-column-types.md'), `---\n'@calckit/formula': minor\n---\n\n${CHANGE_TEXT}\n`);
  git(dir, ['add', '.']);
  git(dir, ['commit', '-q', '-m', 'a change with its changeset']);
  // The copy has no node_modules: this repository's bins (changeset) come from the PATH.
  const env = userEnv({ CI: 'true', PATH: `${join(ROOT, 'node_modules', '.bin')}${delimiter}${process.env['PATH']}` });
  const result = spawnSync(NPM, ['run', 'version-packages'], { cwd: dir, encoding: 'utf8', env, timeout: 120_000, shell: process.platform === 'win32' });
  if (result.status !== 0) throw new Error(`npm run version-packages failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
}

describe('releases with changesets', { timeout: 120_000 }, () => {
  it('the configuration: every package in one fixed group, private ones versioned but not tagged, public access', () => {
    expect(CONFIG.access).toBe('public');
    expect(CONFIG.baseBranch).toBe('main');
    expect(CONFIG.privatePackages).toEqual({ version: true, tag: false });
    const rootScripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest).scripts!;
    // The root is private and no workspace: changesets leaves its version alone, `versions.mjs sync` moves it.
    expect(rootScripts['version-packages']).toMatch(/^changeset version && node scripts\/versions\.mjs sync && npm install --package-lock-only/);
    expect(rootScripts['release']).toMatch(/^npm run build && .*changeset publish$/);
    expect(rootScripts['changeset']).toBe('changeset');
  });

  it('a changeset of one package moves every version, pin and the root together, and writes the changelogs', () => {
    const before = problemsOf(ROOT).version;
    const dir = copyOfManifests();
    cutRelease(dir);
    const { version, problems } = problemsOf(dir);
    expect(problems).toEqual([]);
    expect(version).not.toBe(before);
    const [major, minor] = before.split('.').map(Number);
    expect(version).toBe(`${major}.${minor! + 1}.0`);
    const after = readWorkspaces(dir);
    expect(after.map((w) => `${w.manifest.name}@${w.manifest.version}`)).toEqual(after.map((w) => `${w.manifest.name}@${version}`));
    const names = new Set(after.map((w) => w.manifest.name));
    const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8')) as { version: string; packages: Record<string, { version?: string }> };
    expect([lock.version, ...['', ...after.map((w) => w.dir)].map((d) => lock.packages[d]?.version)]).toEqual(Array(after.length + 2).fill(version));
    for (const { dir: workspace, manifest } of after) {
      for (const [name, spec] of Object.entries({ ...manifest.dependencies, ...manifest.devDependencies })) if (names.has(name)) expect(spec, `${workspace}: ${name}`).toBe(version);
      const changelog = readFileSync(join(dir, workspace, 'CHANGELOG.md'), 'utf8');
      expect(changelog, workspace).toContain(`## ${version}`);
    }
    const cliChangelog = readFileSync(join(dir, 'packages/cli/CHANGELOG.md'), 'utf8');
    const formulaChangelog = readFileSync(join(dir, 'packages/formula/CHANGELOG.md'), 'utf8');
    expect(formulaChangelog).toContain(CHANGE_TEXT);
    // The repository's own pending changesets are in this release too: the calckit package's changelog has their text.
    for (const text of pendingChangesetTexts()) expect(cliChangelog).toContain(text.split('\n')[0]);
    // Consumed changesets are deleted; the configuration stays.
    expect(existsSync(join(dir, '.changeset', 'hover-column-types.md'))).toBe(false);
    expect(existsSync(join(dir, '.changeset', 'config.json'))).toBe(true);
  });

  it('a fixed group that leaves the extension out would leave it behind: version-packages fails and says so', () => {
    const partial = { ...CONFIG, fixed: CONFIG.fixed.map((group) => group.filter((name) => name !== 'calckit-vscode')) };
    const dir = copyOfManifests(partial);
    expect(() => cutRelease(dir)).toThrow(/extension: version \d+\.\d+\.\d+, expected/);
    expect(problemsOf(dir).problems.some((p) => p.startsWith('extension: version'))).toBe(true);
  });
});

/** The summaries of the changesets waiting in this repository's .changeset folder. */
function pendingChangesetTexts(): string[] {
  const folder = join(ROOT, '.changeset');
  return readdirSync(folder)
    .filter((f) => f.endsWith('.md') && f !== 'README.md')
    .map((f) => readFileSync(join(folder, f), 'utf8').replace(/^---[\s\S]*?---\s*/, '').trim());
}
