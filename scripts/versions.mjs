// One version for every workspace package, and every dependency between them pinned to it exactly.
//   node scripts/versions.mjs            check (exit 1 and a list of problems when out of step)
//   node scripts/versions.mjs set 0.2.0  set the root's and every workspace's version and inter-package dependency
//   node scripts/versions.mjs sync       set the root's version to the calckit package's (after `changeset version`,
//                                        which versions the workspaces but never the private root), then check
// `npm run pack` checks before it packs; test/package/versions.test.ts checks in every test run.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'];

/** The workspaces of the root package.json: `{ dir, file, manifest }`, in the root's order. */
export function workspaces(root = ROOT) {
  const rootManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return rootManifest.workspaces.map((dir) => {
    const file = join(root, dir, 'package.json');
    return { dir, file, manifest: JSON.parse(readFileSync(file, 'utf8')) };
  });
}

/** The version all workspaces share (that of the `calckit` package), and what is out of step with it. */
export function versionProblems(root = ROOT) {
  const all = workspaces(root);
  const names = new Set(all.map((w) => w.manifest.name));
  const version = all.find((w) => w.manifest.name === 'calckit')?.manifest.version;
  const problems = [];
  if (!version) problems.push('no workspace named calckit with a version');
  // The root's version names the tarball pre-commit packs from this repository (see .pre-commit-hooks.yaml).
  const rootVersion = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
  if (rootVersion !== version) problems.push(`package.json (the root): version ${rootVersion}, expected ${version}`);
  for (const { dir, manifest } of all) {
    if (manifest.version !== version) problems.push(`${dir}: version ${manifest.version}, expected ${version}`);
    for (const field of DEPENDENCY_FIELDS) {
      for (const [name, spec] of Object.entries(manifest[field] ?? {})) {
        if (names.has(name) && spec !== version) problems.push(`${dir}: ${field}.${name} is ${JSON.stringify(spec)}, expected exactly "${version}"`);
      }
    }
  }
  return { version, problems };
}

/** Sets the root's version to that of the `calckit` workspace (what `changeset version` leaves behind). */
export function syncRootVersion(root = ROOT) {
  const version = workspaces(root).find((w) => w.manifest.name === 'calckit')?.manifest.version;
  if (!version) throw new Error('no workspace named calckit with a version');
  const file = join(root, 'package.json');
  const text = readFileSync(file, 'utf8');
  const updated = text.replace(/^(\s*"version"\s*:\s*)"[^"]*"/m, `$1"${version}"`);
  if (updated !== text) writeFileSync(file, updated);
  return version;
}

/** Sets the root's and every workspace's version, and the workspaces' dependencies on each other, to `version`. */
export function setVersion(version, root = ROOT) {
  if (!/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(version)) throw new Error(`not a version: ${version}`);
  const all = workspaces(root);
  const names = new Set(all.map((w) => w.manifest.name));
  for (const file of [join(root, 'package.json'), ...all.map((w) => w.file)]) {
    // Re-read right before writing: the text is changed in place, so the file's own layout is kept.
    let text = readFileSync(file, 'utf8');
    text = text.replace(/^(\s*"version"\s*:\s*)"[^"]*"/m, `$1"${version}"`);
    // Inside the dependency objects only (they hold no nested braces): the bin named calckit must stay as it is.
    const fields = DEPENDENCY_FIELDS.join('|');
    text = text.replace(new RegExp(`("(?:${fields})"\\s*:\\s*\\{)([^{}]*)\\}`, 'g'), (_, head, body) =>
      `${head}${body.replace(/"([^"]+)"(\s*:\s*)"[^"]*"/g, (entry, name, colon) => (names.has(name) ? `"${name}"${colon}"${version}"` : entry))}}`,
    );
    JSON.parse(text);
    writeFileSync(file, text);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [command, argument] = process.argv.slice(2);
  if (command === 'set' && argument) {
    setVersion(argument);
    process.stdout.write(`every workspace is now at ${argument}: run npm install to update package-lock.json\n`);
  } else if (command === undefined || command === 'check' || command === 'sync') {
    if (command === 'sync') syncRootVersion();
    const { version, problems } = versionProblems();
    if (problems.length > 0) {
      process.stderr.write(`versions out of step:\n${problems.map((p) => `  ${p}`).join('\n')}\n`);
      process.exitCode = 1;
    } else {
      process.stdout.write(`every workspace at ${version}\n`);
    }
  } else {
    process.stderr.write('usage: node scripts/versions.mjs [check | sync | set <version>]\n');
    process.exitCode = 2;
  }
}
