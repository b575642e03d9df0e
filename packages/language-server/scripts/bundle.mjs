// Bundles the language server into dist/calckit-language-server.js (run by the `calckit-language-server` bin) with
// esbuild (scripts/node-bundle.mjs): an editor starts the server when it opens a formula, and the bundle answers
// `initialize` in about a third of the time the modules took to load one by one (0.6 s). The lint worker thread runs
// the same file (bin.ts).
import { fileURLToPath } from 'node:url';
import { bundleForNode } from '../../../scripts/node-bundle.mjs';

await bundleForNode({
  absWorkingDir: fileURLToPath(new URL('..', import.meta.url)),
  entryPoints: { 'calckit-language-server': 'dist/bin.js' },
});
