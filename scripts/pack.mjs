// `npm run pack`: builds, then packs every publishable workspace (all but the private ones: the root and the VS Code
// extension) into one folder, ready for `npm install --save-dev <folder>/*.tgz` in a formula repository.
//   node scripts/pack.mjs [--out <dir>] [--no-build] [--json]
// Default folder: dist/npm/ (ignored by git). The tarballs there are replaced on each run.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT, versionProblems, workspaces } from './versions.mjs';

const { values } = parseArgs({
  options: { out: { type: 'string', default: join(ROOT, 'dist', 'npm') }, build: { type: 'boolean', default: true }, 'no-build': { type: 'boolean' }, json: { type: 'boolean' } },
  allowNegative: true,
});
const out = resolve(values.out);
const build = values.build && !values['no-build'];
const log = (line) => process.stderr.write(`${line}\n`);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs npm at the root; its output goes to stderr unless `capture` (then it is returned). */
function run(args, capture = false) {
  const result = spawnSync(npm, args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', capture ? 'pipe' : 2, 'inherit'], shell: process.platform === 'win32' });
  if (result.status !== 0) {
    log(`npm ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(2);
  }
  return result.stdout;
}

const { version, problems } = versionProblems();
if (problems.length > 0) {
  log(`versions out of step (node scripts/versions.mjs set <version> puts them in step):\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(2);
}

if (build) {
  run(['run', 'build']);
}

const publishable = workspaces().filter((w) => !w.manifest.private);
mkdirSync(out, { recursive: true });
for (const file of readdirSync(out)) if (file.endsWith('.tgz')) rmSync(join(out, file));

const packed = JSON.parse(run(['pack', '--json', '--pack-destination', out, ...publishable.flatMap((w) => ['-w', w.dir])], true));
const tarballs = packed.map((p) => ({ name: p.name, version: p.version, file: join(out, p.filename), size: p.size, unpackedSize: p.unpackedSize, files: p.files.length }));

if (values.json) {
  process.stdout.write(`${JSON.stringify({ version, out, tarballs }, null, 2)}\n`);
} else {
  const where = relative(process.cwd(), out) || '.';
  for (const t of tarballs) log(`  ${relative(process.cwd(), t.file)}  ${(t.size / 1024).toFixed(0)} KB, ${t.files} files`);
  log(`\n${tarballs.length} packages at ${version} in ${where}/. In a formula repository:\n  npm install --save-dev ${where}/*.tgz`);
}
