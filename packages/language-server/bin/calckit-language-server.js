#!/usr/bin/env node
// The `calckit-language-server` bin. npm links bins when it installs, which in a clone of the repository is before
// `npm run build` has made dist/: this committed file is what npm links, and it runs the bundled server
// (dist/calckit-language-server.js) once it exists, or the built modules (dist/bin.js) of a build made before the
// bundle was. It is also the script of the server's lint worker thread, which runs the script the server started with.
import { existsSync } from 'node:fs';

const server = [new URL('../dist/calckit-language-server.js', import.meta.url), new URL('../dist/bin.js', import.meta.url)].find((file) => existsSync(file));
if (server) {
  await import(server.href);
} else {
  process.stderr.write('calckit-language-server: dist/calckit-language-server.js is missing: run `npm run build` first (at the root of the calckit repository)\n');
  process.exitCode = 2;
}
