// The release's version and the git tags it gets, for the release workflow (.github/workflows/release.yml):
//   node scripts/release-version.mjs
// writes `version=X.Y.Z`, `tag=vX.Y.Z` and `major-tag=vX` to $GITHUB_OUTPUT (or prints them without it).
// The version is the `calckit` package's, which every workspace shares (scripts/versions.mjs checks they agree): it is
// also the version of the GitHub Action at the repository's root, whose users write `calckit/calckit@vX`.
import { appendFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ROOT, versionProblems } from './versions.mjs';

/** The outputs for the version of the repository at `root`; throws when the versions are out of step. */
export function releaseVersion(root = ROOT) {
  const { version, problems } = versionProblems(root);
  if (problems.length > 0) throw new Error(`versions out of step:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  const match = /^(\d+)\.\d+\.\d+$/.exec(version);
  if (!match) throw new Error(`calckit's version ${version} is no release version (X.Y.Z)`);
  return { version, tag: `v${version}`, 'major-tag': `v${match[1]}` };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    const lines = Object.entries(releaseVersion()).map(([key, value]) => `${key}=${value}\n`).join('');
    if (process.env.GITHUB_OUTPUT) appendFileSync(process.env.GITHUB_OUTPUT, lines);
    process.stdout.write(lines);
  } catch (error) {
    process.stderr.write(`release-version: ${error.message}\n`);
    process.exitCode = 1;
  }
}
