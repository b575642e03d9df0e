// The CI integrations as far as this machine allows, against the packed packages installed outside the repository:
// - action.yml: its `run:` steps run in bash as GitHub's runner would (`${{ … }}` substituted, GITHUB_OUTPUT read
//   back between steps); the `uses:` step (actions/setup-node) is only checked to be skipped when Node.js ≥ 20 is there.
// - .pre-commit-hooks.yaml: its fields are checked, a hook environment is made as pre-commit's `language: node` makes
//   it (`npm pack` of this repository's root, `npm install -g` into the environment), and each hook's entry runs on
//   the files pre-commit would pass it.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { INSTALL_FLAGS, installFromTarballs, npm, ROOT, run, userEnv, type InstalledProject } from './helpers.js';

interface ActionStep {
  id?: string;
  if?: string;
  uses?: string;
  with?: Record<string, string>;
  shell?: string;
  run?: string;
  env?: Record<string, string>;
  'working-directory'?: string;
}
interface Action {
  name: string;
  inputs: Record<string, { description: string; default?: string; required?: boolean }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: ActionStep[] };
}
interface Hook {
  id: string;
  name: string;
  entry: string;
  language: string;
  files: string;
  pass_filenames?: boolean;
  args?: string[];
  types?: string[];
}

const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as Action;
const hooks = parse(readFileSync(join(ROOT, '.pre-commit-hooks.yaml'), 'utf8')) as Hook[];

let installed: InstalledProject;
let temp: string;

beforeAll(() => {
  installed = installFromTarballs('calckit-ci');
  temp = mkdtempSync(join(tmpdir(), 'calckit-ci-work-'));
}, 300_000);

afterAll(() => {
  if (installed) rmSync(installed.dir, { recursive: true, force: true });
  if (temp) rmSync(temp, { recursive: true, force: true });
});

const FORMULAS = {
  'formulas/bad.calc': 'SUM(`Sales`\n',
  'formulas/ugly.calc': 'sum( `Sales` )/  count(`Orders`)\n',
  'formulas/good.calc': 'SUM(`Profit`) / SUM(`Sales`)\n',
  'formulas/nested/warn.calc': 'SUM(SUM(`Sales`))\n',
  'notes.txt': 'not a formula\n',
};

function writeFiles(dir: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(resolve(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

/** `${{ a.b.c }}` with the contexts the action uses (no other expression syntax). */
function substitute(text: string, context: Record<string, unknown>): string {
  return text.replace(/\$\{\{\s*([\w.-]+)\s*\}\}/g, (_, path: string) => {
    const value = path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], context);
    return value === undefined ? '' : String(value);
  });
}

/** The `if:` forms the action uses: `<path> == '<text>'`. */
function condition(text: string, context: Record<string, unknown>): boolean {
  const m = /^\s*([\w.-]+)\s*==\s*'([^']*)'\s*$/.exec(text);
  if (!m) throw new Error(`unsupported if: ${text}`);
  return substitute(`\${{ ${m[1]} }}`, context) === m[2];
}

interface ActionRun {
  readonly status: number;
  readonly log: string;
  readonly outputs: Record<string, string>;
}

const actionOutputs = (context: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(Object.entries(action.outputs).map(([k, v]) => [k, substitute(v.value, context)]));

/** Runs the action's steps in `workspace` as the runner would, with these inputs (a failed step ends the run). */
function runAction(workspace: string, inputs: Record<string, string>): ActionRun {
  const defaults = Object.fromEntries(Object.entries(action.inputs).map(([k, v]) => [k, v.default ?? '']));
  const runnerTemp = mkdtempSync(join(temp, 'runner-'));
  const context: Record<string, unknown> = { inputs: { ...defaults, ...inputs }, github: { action_path: ROOT, workspace }, runner: { temp: runnerTemp }, steps: {} };
  const steps = context['steps'] as Record<string, { outputs: Record<string, string>; outcome: string }>;
  let log = '';
  for (const [index, step] of action.runs.steps.entries()) {
    if (step.if !== undefined && !condition(step.if, context)) continue;
    if (step.uses !== undefined) throw new Error(`step ${index} (${step.uses}) would run: this machine has Node.js ${process.versions.node}`);
    const outputFile = join(runnerTemp, `output-${index}`);
    writeFileSync(outputFile, '');
    const script = join(runnerTemp, `step-${index}.sh`);
    writeFileSync(script, substitute(step.run!, context));
    const env = userEnv({ ...Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, substitute(v, context)])), GITHUB_OUTPUT: outputFile, GITHUB_ACTIONS: 'true', CI: 'true', RUNNER_TEMP: runnerTemp });
    // GitHub's `shell: bash`: bash --noprofile --norc -eo pipefail {0}
    const result = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], {
      cwd: resolve(workspace, substitute(step['working-directory'] ?? '.', context)),
      env,
      encoding: 'utf8',
      timeout: 240_000,
    });
    log += result.stdout + result.stderr;
    const outputs = Object.fromEntries(readFileSync(outputFile, 'utf8').split('\n').filter(Boolean).map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
    if (step.id) steps[step.id] = { outputs, outcome: result.status === 0 ? 'success' : 'failure' };
    if (result.status !== 0) return { status: result.status ?? -1, log, outputs: actionOutputs(context) };
  }
  return { status: 0, log, outputs: actionOutputs(context) };
}

describe('action.yml', { timeout: 180_000 }, () => {
  it('is a composite action with the documented inputs, run steps in bash, and inputs only through the environment', () => {
    expect(action.runs.using).toBe('composite');
    expect(Object.keys(action.inputs).sort()).toEqual(['format-check', 'max-warnings', 'node-version', 'paths', 'sarif-file', 'tarballs', 'version', 'working-directory']);
    for (const input of Object.values(action.inputs)) expect(input.description).toBeTruthy();
    for (const step of action.runs.steps) {
      if (step.uses !== undefined) {
        expect(step.uses).toMatch(/^actions\/setup-node@v\d+$/);
        expect(step.if).toBeTruthy();
        continue;
      }
      expect(step.shell).toBe('bash');
      // No `${{ }}` inside scripts: an input is never pasted into shell code (script injection).
      expect(step.run).not.toContain('${{');
    }
  });

  it("lints with annotations, writes SARIF and checks formatting, with the repository's own calckit", () => {
    const repo = join(temp, 'own');
    cpSync(installed.project, repo, { recursive: true, verbatimSymlinks: true });
    writeFiles(repo, FORMULAS);
    const result = runAction(repo, { paths: 'formulas', 'sarif-file': 'reports/calckit.sarif', 'format-check': 'true' });
    expect(result.status, result.log).toBe(1);
    expect(result.outputs['calckit']).toBe(join(repo, 'node_modules/.bin/calckit'));
    expect(result.log).toMatch(/^::error file=formulas\/bad\.calc,line=1,col=\d+,.*title=calckit syntax-error::/m);
    expect(result.log).toMatch(/^::warning file=formulas\/nested\/warn\.calc,.*title=calckit nested-aggregate::/m);
    expect(result.log).toContain('::error file=formulas/ugly.calc,title=calckit format::formulas/ugly.calc is not formatted');
    expect(result.log).not.toContain('notes.txt');
    const sarif = JSON.parse(readFileSync(join(repo, 'reports/calckit.sarif'), 'utf8')) as { version: string; runs: Array<{ results: Array<{ ruleId: string }> }> };
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.runs[0]!.results.map((r) => r.ruleId).sort()).toEqual(['nested-aggregate', 'syntax-error']);
    expect(result.outputs['sarif-file']).toBe('reports/calckit.sarif');
  });

  it('passes on clean formulas; max-warnings turns warnings into a failure', () => {
    const repo = join(temp, 'clean');
    cpSync(installed.project, repo, { recursive: true, verbatimSymlinks: true });
    writeFiles(repo, { 'formulas/good.calc': FORMULAS['formulas/good.calc'], 'formulas/warn.calc': FORMULAS['formulas/nested/warn.calc'] });
    const clean = runAction(repo, { paths: 'formulas/good.calc', 'format-check': 'true' });
    expect(clean.status, clean.log).toBe(0);
    expect(clean.log).toContain('calckit lint: no problems');
    expect(clean.log).toContain('every file is formatted');
    expect(runAction(repo, { paths: 'formulas' }).status).toBe(0);
    // Paths on several lines, globs left to calckit (the shell must not expand them).
    const strict = runAction(repo, { paths: 'formulas/good.calc\nformulas/*.calc', 'max-warnings': '0' });
    expect(strict.status, strict.log).toBe(1);
    expect(strict.log).toContain('::warning file=formulas/warn.calc');
  });

  it('in a working-directory, annotates files from the workspace root; paths are one per line and may hold spaces', () => {
    const workspace = join(temp, 'nested');
    const repo = join(workspace, 'finance team');
    mkdirSync(workspace, { recursive: true });
    cpSync(installed.project, repo, { recursive: true, verbatimSymlinks: true });
    // Imported calculations' file names hold spaces (`Revenue / Cost` → `Revenue - Cost.calc`).
    writeFiles(repo, { 'formulas/Revenue - Cost.calc': 'SUM(`Revenue`\n', 'formulas/net.calc': 'sum( `Sales` )\n', 'formulas/other.calc': 'SUM(`Sales`\n' });
    const result = runAction(workspace, { 'working-directory': 'finance team', paths: '  formulas/Revenue - Cost.calc\n\nformulas/net.calc\n', 'format-check': 'true' });
    expect(result.status, result.log).toBe(1);
    // Before: `formulas/Revenue`, `-` and `Cost.calc` were three paths (exit 2), and annotations named
    // formulas/… from the workspace root, where no such file is.
    expect(result.log).toMatch(/^::error file=finance team\/formulas\/Revenue - Cost\.calc,line=1,.*title=calckit syntax-error::/m);
    expect(result.log).toContain('::error file=finance team/formulas/net.calc,title=calckit format::finance team/formulas/net.calc is not formatted');
    expect(result.log).not.toContain('other.calc');
    expect(result.log).not.toMatch(/^::(error|warning) file=formulas\//m);
  });

  it('fails with exit 2 when calckit cannot run (a path that matches nothing)', () => {
    const repo = join(temp, 'missing');
    cpSync(installed.project, repo, { recursive: true, verbatimSymlinks: true });
    const result = runAction(repo, { paths: 'no-such-folder' });
    expect(result.status, result.log).toBe(2);
    expect(result.log).toContain('calckit lint could not run (exit 2)');
  });

  it('installs calckit from tarballs given as input, in a working-directory without node_modules', () => {
    const workspace = join(temp, 'workspace');
    const repo = join(workspace, 'repo');
    mkdirSync(join(repo, 'vendor'), { recursive: true });
    for (const file of readdirSync(join(installed.project, 'vendor/calckit'))) cpSync(join(installed.project, 'vendor/calckit', file), join(repo, 'vendor', file));
    writeFiles(repo, FORMULAS);
    const result = runAction(workspace, { 'working-directory': 'repo', tarballs: 'vendor/*.tgz', paths: 'formulas/good.calc\nformulas/bad.calc' });
    expect(result.status, result.log).toBe(1);
    expect(result.log).toContain(`calckit ${installed.version}`);
    expect(result.outputs['calckit']).toMatch(/calckit-action[\\/]node_modules[\\/]\.bin[\\/]calckit$/);
    // GitHub places annotations from the workspace's root: the working-directory comes first.
    expect(result.log).toMatch(/^::error file=repo\/formulas\/bad\.calc,/m);
    expect(existsSync(join(repo, 'node_modules')), 'nothing installed into the repository').toBe(false);
    expect(runAction(workspace, { 'working-directory': 'repo', tarballs: 'vendor/none-*.tgz' }).log).toContain('no tarball matches vendor/none-*.tgz');
  });
});

describe('.pre-commit-hooks.yaml', { timeout: 180_000 }, () => {
  it('defines calckit-lint and calckit-format as node hooks on *.calc files', () => {
    expect(hooks.map((h) => h.id)).toEqual(['calckit-lint', 'calckit-format']);
    for (const hook of hooks) {
      expect(hook.language).toBe('node');
      expect(hook.files).toBe('\\.calc$');
      expect(hook.pass_filenames).toBe(true);
      expect(hook.name).toBeTruthy();
    }
    expect(hooks.map((h) => h.entry)).toEqual(['calckit lint', 'calckit format']);
  });

  it('runs like pre-commit runs it: the root packed and installed into a hook environment, staged files passed', () => {
    // pre-commit's node install: `npm install` in a clone (its postinstall builds: here the build exists), `npm pack` of
    // the root, `npm install -g <tarball>` with the environment as prefix.
    const packDir = mkdtempSync(join(temp, 'hook-pack-'));
    // pre-commit takes `npm pack`'s whole stdout as the tarball's name: no root script may run on pack and print
    // (npm prints a banner for prepare/prepack/postpack), hence the build in postinstall.
    const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(Object.keys(scripts).filter((s) => /^(prepare|prepack|postpack)$/.test(s))).toEqual([]);
    const packed = npm(['pack', '--ignore-scripts', '--pack-destination', packDir], ROOT);
    expect(packed.status, packed.stderr).toBe(0);
    const tarball = packed.stdout.trim();
    expect(tarball).toMatch(/^calckit-monorepo-\d+\.\d+\.\d+\.tgz$/);
    const envDir = join(temp, 'hook-env');
    const install = npm(['install', '-g', '--prefix', envDir, ...INSTALL_FLAGS, join(packDir, tarball)], temp);
    expect(install.status, install.stderr).toBe(0);
    const binDir = process.platform === 'win32' ? envDir : join(envDir, 'bin');

    const repo = join(temp, 'hooked');
    writeFiles(repo, FORMULAS);
    const staged = Object.keys(FORMULAS);
    const env = userEnv({ PATH: `${binDir}${delimiter}${process.env['PATH'] ?? ''}` });
    const runHook = (hook: Hook) => {
      const files = staged.filter((f) => new RegExp(hook.files).test(f));
      const [command, ...entryArgs] = hook.entry.split(' ');
      return { files, ...run(command!, [...entryArgs, ...(hook.args ?? []), ...files], { cwd: repo, env }) };
    };

    const lint = runHook(hooks[0]!);
    expect(lint.files).not.toContain('notes.txt');
    expect(lint.status, lint.stderr).toBe(1);
    expect(lint.stdout).toContain('syntax-error');

    const format = runHook(hooks[1]!);
    // pre-commit fails a hook that changed files: ugly.calc is rewritten, bad.calc (a syntax error) left alone.
    expect(readFileSync(join(repo, 'formulas/ugly.calc'), 'utf8')).toBe('SUM(`Sales`) / COUNT(`Orders`)\n');
    expect(readFileSync(join(repo, 'formulas/bad.calc'), 'utf8')).toBe(FORMULAS['formulas/bad.calc']);
    expect(format.stderr).toContain('1 file formatted');
    const again = runHook(hooks[1]!);
    expect(again.stderr).toContain('0 files formatted');
  });
});
