// Bundles the CLI into dist/calckit.js (run by the `calckit` bin, bin/calckit.js) with esbuild (scripts/node-bundle.mjs).
// The lint worker is bundled beside it as dist/worker.js, where the bundled pool looks for it. The emulator stays
// outside the bundle (it finds its sandbox worker and default fixtures next to its own files, and native SQLite cannot
// be bundled); `serve` and `demo` load it only when they run. Graphviz (@viz-js/viz, 1.2 MB) stays outside too: only
// `calckit graph --format svg` loads it.
import { fileURLToPath } from 'node:url';
import { bundleForNode } from '../../../scripts/node-bundle.mjs';

await bundleForNode({
  absWorkingDir: fileURLToPath(new URL('..', import.meta.url)),
  entryPoints: { calckit: 'dist/main.js', worker: 'dist/lint/worker.js' },
  external: ['@calckit/emulator', 'better-sqlite3', '@viz-js/viz'],
});
