#!/usr/bin/env node
// The `calckit` bin. npm links bins when it installs, which in a clone of the repository is before `npm run build`
// has made dist/: this committed file is what npm links, and it runs the bundle (dist/calckit.js) once it exists.
import { existsSync } from 'node:fs';

const bundle = new URL('../dist/calckit.js', import.meta.url);
if (existsSync(bundle)) {
  await import(bundle.href);
} else {
  process.stderr.write('calckit: dist/calckit.js is missing: run `npm run build` first (at the root of the calckit repository)\n');
  process.exitCode = 2;
}
