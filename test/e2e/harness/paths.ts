// Where the end-to-end test finds what scripts/e2e/install.sh installed, and where it writes its artefacts.
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../../..', import.meta.url));
export const CODE_SERVER_VERSION = '4.100.3';
export const CACHE = process.env.CALCKIT_E2E_CACHE ?? join(homedir(), '.cache', 'calckit-e2e');
export const CODE_SERVER_ENTRY = join(CACHE, `code-server-${CODE_SERVER_VERSION}`, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
export const CHROMIUM = process.env.CALCKIT_E2E_CHROMIUM ?? '/usr/bin/chromium';
/** The packaged extension under test (`CALCKIT_E2E_VSIX` tests another build, e.g. an older one, against the same scenarios). */
export const VSIX = process.env.CALCKIT_E2E_VSIX ?? join(REPO, 'extension', 'dist', 'calckit.vsix');
export const ARTIFACTS = join(REPO, 'test', 'e2e', 'artifacts');
/** The repository's own CLI (built by npm run build), for "Start Local Emulator" through `calckit.emulator.command`. */
export const REPO_CLI = join(REPO, 'packages', 'cli', 'dist', 'main.js');

/** Says what is missing and how to install it, instead of failing later with a less clear error. */
export function checkInstalled(): void {
  const missing = [CODE_SERVER_ENTRY, CHROMIUM, VSIX].filter((p) => !existsSync(p));
  if (missing.length > 0) {
    throw new Error(`missing ${missing.join(', ')}: run scripts/e2e/install.sh and npm run package -w extension (npm run test:e2e does both)`);
  }
}
