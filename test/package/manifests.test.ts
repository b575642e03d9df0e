// Package metadata as publishing needs it: one version for all, dependencies between the packages pinned to it,
// the fields a published package needs, and bins that npm can link before anything is built.
import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-ignore: a plain .mjs script without type declarations
import { versionProblems, workspaces } from '../../scripts/versions.mjs';
import { ROOT } from './helpers.js';

interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  description?: string;
  license?: string;
  engines?: { node?: string };
  keywords?: string[];
  homepage?: string;
  bugs?: { url?: string };
  repository?: { type?: string; url?: string; directory?: string };
  publishConfig?: { access?: string; provenance?: boolean };
  types?: string;
  main?: string;
  exports?: Record<string, unknown>;
  files?: string[];
  bin?: Record<string, string>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}
const all = (workspaces as (root?: string) => Array<{ dir: string; manifest: Manifest }>)(ROOT);
const publishable = all.filter((w) => !w.manifest.private);
const rootManifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest & { workspaces: string[] };

describe('package manifests', () => {
  it('versions are in step: one version, inter-package dependencies pinned to it', () => {
    const { version, problems } = (versionProblems as (root?: string) => { version: string; problems: string[] })(ROOT);
    expect(problems).toEqual([]);
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
  });

  // The workbench is a static site (its dist/site goes to a web host), not a library to install.
  it('the root, the VS Code extension and the workbench site stay private; every other package is publishable', () => {
    expect(rootManifest.private).toBe(true);
    for (const dir of ['extension', 'packages/workbench']) expect(all.find((w) => w.dir === dir)?.manifest.private, dir).toBe(true);
    expect(publishable.map((w) => w.dir).sort()).toEqual(all.filter((w) => w.dir.startsWith('packages/') && w.dir !== 'packages/workbench').map((w) => w.dir).sort());
  });

  it.each(publishable.map((w) => [w.manifest.name, w] as const))('%s has what a published package needs', (_, { dir, manifest }) => {
    expect(manifest.description, 'description').toBeTruthy();
    expect(manifest.license, 'license').toBe('MIT');
    expect(manifest.engines?.node, 'engines.node').toBe('>=20');
    expect(manifest.types, 'types').toBe('./dist/index.d.ts');
    expect(manifest.exports?.['.'], 'exports').toMatchObject({ types: './dist/index.d.ts', default: './dist/index.js' });
    expect(manifest.files, 'files').toContain('dist');
    expect(manifest.files, 'files: no tests').toContain('!src/**/*.test.ts');
    // Every path the manifest exposes is one the tarball holds.
    const shipped = (path: string) => manifest.files!.some((f) => !f.startsWith('!') && path.replace(/^\.\//, '').startsWith(f));
    for (const target of [manifest.types!, manifest.main!, ...Object.values(manifest.bin ?? {})]) expect(shipped(target), `${dir}: ${target}`).toBe(true);
  });

  // npm's provenance statement names the GitHub repository that built the package; the registry refuses a package
  // whose repository.url is another one. One URL, the root's, for every package and the extension.
  it.each(publishable.map((w) => [w.manifest.name, w] as const))('%s is ready for npm with provenance: repository, homepage, bugs, public access', (_, { dir, manifest }) => {
    const url = rootManifest.repository?.url;
    expect(url).toMatch(/^git\+https:\/\/github\.com\/[\w.-]+\/[\w.-]+\.git$/);
    expect(manifest.repository).toEqual({ type: 'git', url, directory: dir });
    const web = url!.replace(/^git\+/, '').replace(/\.git$/, '');
    expect(manifest.homepage, 'homepage').toMatch(new RegExp(`^${web}(/tree/main/${dir})?#readme$`));
    if (manifest.homepage!.includes('/tree/')) expect(existsSync(join(ROOT, dir, 'README.md')), `${dir}/README.md`).toBe(true);
    expect(manifest.bugs?.url, 'bugs').toBe(`${web}/issues`);
    expect(manifest.publishConfig, 'publishConfig').toEqual({ access: 'public', provenance: true });
    expect(manifest.keywords?.length, 'keywords').toBeGreaterThan(0);
  });

  it('every published package and the extension carry the root LICENSE (npm and vsce ship the one beside package.json)', () => {
    const license = readFileSync(join(ROOT, 'LICENSE'), 'utf8');
    for (const dir of [...publishable.map((w) => w.dir), 'extension']) expect(readFileSync(join(ROOT, dir, 'LICENSE'), 'utf8'), `${dir}/LICENSE`).toBe(license);
  });

  it('the extension and the GitHub Action name the same repository', () => {
    const web = rootManifest.repository!.url!.replace(/^git\+/, '').replace(/\.git$/, '');
    const extension = all.find((w) => w.dir === 'extension')!.manifest;
    expect(extension.repository?.url).toBe(rootManifest.repository!.url);
    expect(extension.bugs?.url).toBe(`${web}/issues`);
    const slug = web.replace('https://github.com/', '');
    const action = readFileSync(join(ROOT, 'action.yml'), 'utf8');
    expect(action).toContain(`uses: ${slug}@v`);
    expect(action).not.toContain('OWNER/');
  });

  it('bins are committed entry files (npm links them at install time, before the build), executable, with a shebang', () => {
    const bins = [...publishable.flatMap((w) => Object.entries(w.manifest.bin ?? {}).map(([name, file]) => [name, join(ROOT, w.dir, file)] as const)), ...Object.entries(rootManifest.bin ?? {}).map(([name, file]) => [name, join(ROOT, file)] as const)];
    expect(bins.map(([name]) => name).sort()).toEqual(['calckit', 'calckit', 'calckit-language-server', 'calckit-language-server']);
    for (const [name, file] of bins) {
      expect(file, name).not.toMatch(/[\\/]dist[\\/]/);
      expect(existsSync(file), file).toBe(true);
      expect(readFileSync(file, 'utf8').startsWith('#!/usr/bin/env node\n'), file).toBe(true);
      if (process.platform !== 'win32') accessSync(file, constants.X_OK);
    }
  });

  it('better-sqlite3 (native, only for serve and demo) is an optional peer, never a dependency', () => {
    for (const { manifest } of publishable) expect(Object.keys(manifest.dependencies ?? {}), manifest.name).not.toContain('better-sqlite3');
    for (const name of ['calckit', '@calckit/emulator']) {
      const manifest = publishable.find((w) => w.manifest.name === name)!.manifest;
      expect(manifest.peerDependencies?.['better-sqlite3'], name).toBeTruthy();
      expect(manifest.peerDependenciesMeta?.['better-sqlite3']?.optional, name).toBe(true);
    }
  });

  it('the calckit package gives both commands', () => {
    const cli = publishable.find((w) => w.manifest.name === 'calckit')!.manifest;
    expect(Object.keys(cli.bin ?? {}).sort()).toEqual(['calckit', 'calckit-language-server']);
    expect(cli.dependencies?.['@calckit/language-server']).toBe(cli.version);
  });
});
