// The GitHub Actions workflows, checked statically: GitHub's own parser accepts them, every `npm run` names a script
// that exists, every secret is documented, permissions are what publishing needs and no more, the .vsix attached is
// the one the extension's package script writes, and the Action's tags come from the calckit package's version.
// The checks are one function, `workflowProblems`, shown to fail on a broken copy of the workflow as well.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { convertWorkflowTemplate, NoOperationTraceWriter, parseWorkflow } from '@actions/workflow-parser';
import { parse as parseYaml } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-ignore: a plain .mjs script without type declarations
import { workspaces } from '../../scripts/versions.mjs';
import { ROOT, userEnv } from './helpers.js';

interface Step {
  id?: string;
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, string | number | boolean>;
  env?: Record<string, string>;
}
interface Workflow {
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  jobs: Record<string, { permissions?: Record<string, string>; steps: Step[] }>;
}
interface Manifest {
  name: string;
  version: string;
  scripts?: Record<string, string>;
}

const WORKFLOWS = join(ROOT, '.github', 'workflows');
const RELEASE = join(WORKFLOWS, 'release.yml');
const all = (workspaces as (root?: string) => Array<{ dir: string; manifest: Manifest }>)(ROOT);
const rootManifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest;
const releasingDoc = readFileSync(join(ROOT, 'docs', 'releasing.md'), 'utf8');
// Pinned by major tag: no commit SHA of a release could be verified for it (docs/releasing.md says so).
const PINNED_BY_TAG = new Set(['changesets/action@v1']);
const RELEASE_PERMISSIONS = { contents: 'write', 'pull-requests': 'write', 'id-token': 'write' };
const temporaryDirs: string[] = [];

afterAll(() => {
  for (const dir of temporaryDirs) rmSync(dir, { recursive: true, force: true });
});

/** GitHub's workflow parser's errors for this text (schema, expressions, keys). */
async function parserErrors(name: string, content: string): Promise<string[]> {
  const parsed = parseWorkflow({ name, content }, new NoOperationTraceWriter());
  const errors = parsed.context.errors.getErrors().map((e) => e.message);
  if (errors.length > 0 || !parsed.value) return errors;
  const template = await convertWorkflowTemplate(parsed.context, parsed.value);
  return (template.errors ?? []).map((e) => e.Message);
}

/** `npm run <script>` with an optional `-w`/`--workspace <dir or name>`, in any step's script or input. */
function npmRuns(text: string): Array<{ script: string; workspace?: string }> {
  return [...text.matchAll(/npm run ([\w:.-]+)((?:\s+(?:-w|--workspace)[ =]\S+)?)/g)].map((m) => ({
    script: m[1]!,
    ...(m[2] ? { workspace: m[2].trim().replace(/^(-w|--workspace)[ =]/, '') } : {}),
  }));
}

const vsixOfPackageScript = (): string => {
  const script = all.find((w) => w.dir === 'extension')!.manifest.scripts!['package']!;
  return `extension/${/ -o (\S+)/.exec(script)![1]}`;
};

/** Everything wrong with a release workflow's text, as sentences; [] when it is right. */
function workflowProblems(text: string): string[] {
  const problems: string[] = [];
  const workflow = parseYaml(text) as Workflow;
  const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
  for (const { script, workspace } of npmRuns(text)) {
    const manifest = workspace === undefined ? rootManifest : all.find((w) => w.dir === workspace || w.manifest.name === workspace)?.manifest;
    if (!manifest) problems.push(`npm run ${script} -w ${workspace}: no such workspace`);
    else if (!manifest.scripts?.[script]) problems.push(`npm run ${script}${workspace ? ` -w ${workspace}` : ''}: no such script in ${workspace ?? 'the root package.json'}`);
  }
  for (const [, secret] of text.matchAll(/secrets\.([A-Za-z_][\w]*)/g)) {
    if (secret !== 'GITHUB_TOKEN' && !releasingDoc.includes(`\`${secret}\``)) problems.push(`secret ${secret} is not documented in docs/releasing.md`);
  }
  if (JSON.stringify(workflow.permissions ?? null) !== '{}') problems.push('the workflow grants permissions at its top level: grant them per job');
  for (const [id, job] of Object.entries(workflow.jobs)) {
    if (JSON.stringify(job.permissions) !== JSON.stringify(RELEASE_PERMISSIONS)) problems.push(`job ${id}: permissions ${JSON.stringify(job.permissions)}, expected ${JSON.stringify(RELEASE_PERMISSIONS)}`);
  }
  for (const step of steps) {
    if (step.run?.includes('${{')) problems.push(`step "${step.name ?? step.run}": an expression inside a script (pass it through env)`);
    if (step.uses && !step.uses.startsWith('./') && !PINNED_BY_TAG.has(step.uses)) {
      const line = text.split('\n').find((l) => l.includes(`uses: ${step.uses}`)) ?? '';
      if (!/@[0-9a-f]{40} # v\d+\.\d+\.\d+$/.test(line.trim())) problems.push(`${step.uses}: not pinned to a full commit SHA with its version in a comment`);
    }
  }
  const vsix = vsixOfPackageScript();
  const vsixPaths = steps.map((s) => s.env?.['VSIX']).filter((v): v is string => v !== undefined);
  if (vsixPaths.length === 0) problems.push('no step names the .vsix (env VSIX)');
  for (const path of vsixPaths) if (path !== vsix) problems.push(`the workflow attaches ${path}; the extension's package script writes ${vsix}`);
  if (!steps.some((s) => s.run?.includes('gh release upload') && s.env?.['VSIX'])) problems.push('no step uploads the .vsix to the GitHub release');
  if (!steps.some((s) => s.run?.includes('npm run package -w extension'))) problems.push('no step packages the extension');
  const versionStep = steps.find((s) => s.id === 'version');
  if (versionStep?.run?.trim() !== 'node scripts/release-version.mjs') problems.push('the version step does not run scripts/release-version.mjs (the calckit package\'s version)');
  const tagStep = steps.find((s) => /git push .*refs\/tags\/\$MAJOR_TAG/.test(s.run ?? ''));
  if (!tagStep) problems.push('no step pushes the Action\'s major tag');
  else if (tagStep.env?.['TAG'] !== '${{ steps.version.outputs.tag }}' || tagStep.env?.['MAJOR_TAG'] !== '${{ steps.version.outputs.major-tag }}') problems.push('the tag step does not take its tags from the version step');
  const changesets = steps.find((s) => s.uses?.startsWith('changesets/action@'));
  if (!changesets) problems.push('no changesets/action step');
  else {
    if (changesets.id !== 'changesets') problems.push('the changesets/action step has no id "changesets" (the later steps read its outputs)');
    if (changesets.with?.['publish'] !== 'npm run release') problems.push('changesets/action does not publish with npm run release');
  }
  for (const step of steps) {
    if (step.if !== undefined && step.if !== "steps.changesets.outputs.published == 'true'") problems.push(`step "${step.name}": unexpected condition ${step.if}`);
  }
  return problems;
}

/** A store step's script run in bash as the runner would, with this environment. */
function runStep(step: Step, env: Record<string, string>): { status: number | null; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'calckit-workflow-'));
  temporaryDirs.push(dir);
  const script = join(dir, 'step.sh');
  writeFileSync(script, step.run!);
  const result = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], { cwd: ROOT, env: userEnv(env), encoding: 'utf8', timeout: 30_000 });
  return { status: result.status, output: result.stdout + result.stderr };
}

const releaseText = readFileSync(RELEASE, 'utf8');
const release = parseYaml(releaseText) as Workflow;
const releaseSteps = Object.values(release.jobs).flatMap((job) => job.steps);

describe('the GitHub Actions workflows', () => {
  it.each(readdirSync(WORKFLOWS).filter((f) => /\.ya?ml$/.test(f)))('%s is accepted by GitHub\'s workflow parser', async (file) => {
    expect(await parserErrors(file, readFileSync(join(WORKFLOWS, file), 'utf8'))).toEqual([]);
  });

  it('the parser check is real: a misspelt permission is an error', async () => {
    expect((await parserErrors('broken.yml', releaseText.replace('id-token: write', 'id-tokens: write'))).length).toBeGreaterThan(0);
  });

  it('release.yml runs on pushes to main and by hand', () => {
    expect(release.on).toEqual({ push: { branches: ['main'] }, workflow_dispatch: null });
  });

  it('release.yml: scripts exist, secrets documented, least permissions, the .vsix path, the Action tags from calckit\'s version', () => {
    expect(workflowProblems(releaseText)).toEqual([]);
  });

  it('workflowProblems finds a misspelt script, an undocumented secret, a broader permission and another .vsix path', () => {
    const broken = releaseText
      .replace('publish: npm run release', 'publish: npm run relaese')
      .replace('npm run package -w extension', 'npm run pakage -w extension')
      .replace('secrets.VSCE_PAT', 'secrets.MARKETPLACE_TOKEN')
      .replace('pull-requests: write', 'pull-requests: write\n      packages: write')
      .replace('VSIX: extension/dist/calckit.vsix', 'VSIX: extension/calckit.vsix');
    const problems = workflowProblems(broken).join('\n');
    expect(problems).toContain('npm run relaese: no such script in the root package.json');
    expect(problems).toContain('npm run pakage -w extension: no such script in extension');
    expect(problems).toContain('secret MARKETPLACE_TOKEN is not documented');
    expect(problems).toContain('"packages":"write"');
    expect(problems).toContain('the workflow attaches extension/calckit.vsix; the extension\'s package script writes extension/dist/calckit.vsix');
  });

  it('the version step gives the calckit package\'s version and the Action\'s tags', () => {
    const dir = mkdtempSync(join(tmpdir(), 'calckit-workflow-'));
    temporaryDirs.push(dir);
    const outputFile = join(dir, 'output');
    writeFileSync(outputFile, '');
    const step = releaseSteps.find((s) => s.id === 'version')!;
    const result = runStep(step, { GITHUB_OUTPUT: outputFile });
    expect(result.status, result.output).toBe(0);
    const version = all.find((w) => w.manifest.name === 'calckit')!.manifest.version;
    const outputs = Object.fromEntries(readFileSync(outputFile, 'utf8').trim().split('\n').map((line) => line.split('=') as [string, string]));
    expect(outputs).toEqual({ version, tag: `v${version}`, 'major-tag': `v${version.split('.')[0]}` });
  });

  it.each(['VSCE_PAT', 'OVSX_PAT'])('the store step skips with a notice when %s is not set', (secret) => {
    const step = releaseSteps.find((s) => s.env?.[secret] !== undefined)!;
    expect(step.env![secret]).toBe(`\${{ secrets.${secret} }}`);
    const result = runStep(step, { [secret]: '', VSIX: step.env!['VSIX']! });
    expect(result.status, result.output).toBe(0);
    expect(result.output).toMatch(new RegExp(`^::notice title=[^:]+::${secret} is not set`, 'm'));
  });

  it('ci.yml runs .ci/run on pull requests, reading the repository only', () => {
    const ci = parseYaml(readFileSync(join(WORKFLOWS, 'ci.yml'), 'utf8')) as Workflow;
    expect(Object.keys(ci.on)).toContain('pull_request');
    expect(ci.permissions).toEqual({ contents: 'read' });
    const steps = Object.values(ci.jobs).flatMap((job) => job.steps);
    expect(steps.map((s) => s.run).filter(Boolean)).toEqual(['bash .ci/run']);
  });
});
