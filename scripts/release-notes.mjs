// The notes of one release, for its GitHub release: the section of that version in the calckit package's changelog
// (packages/cli/CHANGELOG.md, written by `changeset version`; every package shares the version).
//   node scripts/release-notes.mjs 0.2.0 > notes.md
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from './versions.mjs';

export const CHANGELOG = join('packages', 'cli', 'CHANGELOG.md');

/** The text under `## <version>` up to the next version's heading, without the heading itself. */
export function releaseNotes(version, root = ROOT) {
  const lines = readFileSync(join(root, CHANGELOG), 'utf8').split('\n');
  const start = lines.findIndex((line) => line.trim() === `## ${version}`);
  if (start < 0) throw new Error(`${CHANGELOG} has no section "## ${version}"`);
  const end = lines.findIndex((line, i) => i > start && /^## /.test(line));
  return `${lines.slice(start + 1, end < 0 ? undefined : end).join('\n').trim()}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const version = process.argv[2];
  if (!version) {
    process.stderr.write('usage: node scripts/release-notes.mjs <version>\n');
    process.exitCode = 2;
  } else {
    try {
      process.stdout.write(releaseNotes(version));
    } catch (error) {
      process.stderr.write(`release-notes: ${error.message}\n`);
      process.exitCode = 1;
    }
  }
}
