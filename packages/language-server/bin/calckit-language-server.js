#!/usr/bin/env node
// The `calckit-language-server` bin. npm links bins when it installs, which in a clone of the repository is before
// `npm run build` has made dist/: this committed file is what npm links, and it runs dist/bin.js once it exists
// (also as the server's lint worker thread, which runs the script the server was started with).
import { existsSync } from 'node:fs';

const server = new URL('../dist/bin.js', import.meta.url);
if (existsSync(server)) {
  await import(server.href);
} else {
  process.stderr.write('calckit-language-server: dist/bin.js is missing: run `npm run build` first (at the root of the calckit repository)\n');
  process.exitCode = 2;
}
