// `npm publish --dry-run` for every public workspace, as the release workflow's `changeset publish` will run it:
// npm packs each package and reads its manifest as it would for the registry, without uploading anything.
// `--offline`: npm then skips its one registry request (the versions already published), so this test needs no
// network and cannot depend on what the registry holds. Provenance is not exercised by a dry run (npm signs only when
// it uploads, inside GitHub Actions with an id-token): its requirements are the manifests' repository fields
// (manifests.test.ts) and the workflow's permissions (release-workflow.test.ts).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-ignore: a plain .mjs script without type declarations
import { workspaces } from '../../scripts/versions.mjs';
import { NPM, ROOT, run, userEnv } from './helpers.js';

interface Manifest {
  name: string;
  private?: boolean;
  engines?: { node?: string };
  main?: string;
  types?: string;
  exports?: unknown;
  bin?: Record<string, string>;
}
interface DryRun {
  name: string;
  version: string;
  files: Array<{ path: string }>;
}

const publishable = (workspaces as (root?: string) => Array<{ dir: string; manifest: Manifest }>)(ROOT).filter((w) => !w.manifest.private);

// Without credentials npm says so even in a dry run; in the workflow NPM_TOKEN or trusted publishing gives them.
const EXPECTED_WARNING = /^npm warn publish This command requires you to be logged in to \S+ \(dry-run\)$/;

/** Every path a manifest points to: main, types, bin and each string in exports (all conditions). */
function manifestTargets(manifest: Manifest): string[] {
  const fromExports = (value: unknown): string[] =>
    typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(fromExports) : [];
  const targets = [manifest.main, manifest.types, ...Object.values(manifest.bin ?? {}), ...fromExports(manifest.exports)];
  return [...new Set(targets.filter((t): t is string => typeof t === 'string').map((t) => t.replace(/^\.\//, '')))];
}

let status: number | null;
let stderr: string;
let dryRuns: Record<string, DryRun>;

beforeAll(() => {
  if (!existsSync(join(ROOT, 'packages/cli/dist/calckit.js'))) throw new Error('packages/cli/dist/calckit.js is missing: run `npm run build` first');
  const env = userEnv({ npm_config_loglevel: 'warn' });
  // Never credentials: a dry run that lost its flag must not be able to publish.
  for (const key of ['NPM_TOKEN', 'NODE_AUTH_TOKEN', 'npm_config__authToken']) delete env[key];
  const result = run(NPM, ['publish', '--dry-run', '--offline', '--json', ...publishable.flatMap((w) => ['-w', w.dir])], { cwd: ROOT, env, timeout: 120_000 });
  status = result.status;
  stderr = result.stderr;
  dryRuns = JSON.parse(result.stdout) as Record<string, DryRun>;
}, 150_000);

describe('npm publish --dry-run', () => {
  it('exits 0 for every public workspace, with public access and no warning about the manifests', () => {
    expect(status, stderr).toBe(0);
    expect(Object.keys(dryRuns).sort()).toEqual(publishable.map((w) => w.manifest.name).sort());
    const warnings = stderr.split('\n').filter((line) => /^npm (warn|error|ERR)/i.test(line) && !EXPECTED_WARNING.test(line));
    // e.g. "npm auto-corrected some errors in your package.json", "bin[x] script name … was invalid and removed"
    expect(warnings).toEqual([]);
    expect(stderr).not.toMatch(/default access/);
  });

  it.each(publishable.map((w) => [w.manifest.name, w] as const))('%s ships every path its manifest points to, and no tests or build state', (name, { manifest }) => {
    const files = dryRuns[name]!.files.map((f) => f.path);
    for (const target of manifestTargets(manifest)) expect(files, `${name}: ${target}`).toContain(target);
    expect(files.filter((f) => /\.test\.[cm]?[jt]sx?(\.map)?$|\.tsbuildinfo$|(^|\/)tsconfig[^/]*\.json$|(^|\/)(__tests__|test|node_modules)\//.test(f))).toEqual([]);
    expect(files).toContain('package.json');
    expect(files).toContain('LICENSE');
    expect(manifest.engines?.node).toBe('>=20');
  });

  it('manifestTargets reads every condition of exports', () => {
    expect(manifestTargets({ name: 'x', main: './a.js', bin: { x: 'bin/x.js' }, exports: { '.': { types: './a.d.ts', default: './a.js' }, './s': './s.json' } }).sort()).toEqual(['a.d.ts', 'a.js', 'bin/x.js', 's.json']);
  });
});
