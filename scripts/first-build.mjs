// npm's `postinstall` at the root (run by `npm ci` / `npm install` here): builds once when nothing is built yet, so
// that `npx calckit` works right after the first install of a clone. It is also how pre-commit's node hooks get a
// built calckit: pre-commit installs this repository with `npm install`, then packs the root and parses the tarball's
// name from `npm pack`'s output (see .pre-commit-hooks.yaml). That is why this is not `prepare` or `prepack`: npm pack
// runs those, and their banner on stdout would corrupt the name.
// An existing build is left alone (`npm run build` is the contributors' step), and a failed build does not fail the
// install: the bins then say what to run.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
if (!existsSync(new URL('../packages/cli/dist/calckit.js', import.meta.url))) {
  process.stderr.write('calckit: first install, building (npm run build)\n');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: ['ignore', 2, 2], shell: process.platform === 'win32' });
  if (result.status !== 0) process.stderr.write('calckit: the build failed (see above); run `npm run build` once it is fixed\n');
}
