// Bundles the CLI into dist/calckit.js (run by the `calckit` bin, bin/calckit.js) with esbuild: one file starts in a fraction of the time
// that resolving several hundred modules (Chevrotain's lodash-es above all) takes. The lint worker is bundled beside
// it as dist/worker.js, where the bundled pool looks for it. The emulator stays outside the bundle (it finds its
// sandbox worker and default fixtures next to its own files, and native SQLite cannot be bundled); `serve` and
// `demo` load it only when they run.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
await build({
  absWorkingDir: root,
  entryPoints: { calckit: 'dist/main.js', worker: 'dist/lint/worker.js' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: ['@calckit/emulator', 'better-sqlite3'],
  // ESM output that still meets the CommonJS packages it bundles: `require`, and `__filename` / `__dirname` (used by
  // write-file-atomic) under names of their own, so that no bundled module's declarations collide with them.
  banner: {
    js: [
      "import { createRequire as __calckitCreateRequire } from 'node:module';",
      "import { fileURLToPath as __calckitFileURLToPath } from 'node:url';",
      'const require = __calckitCreateRequire(import.meta.url);',
      'const __calckitFilename = __calckitFileURLToPath(import.meta.url);',
      "const __calckitDirname = __calckitFileURLToPath(new URL('.', import.meta.url));",
    ].join(' '),
  },
  define: { __filename: '__calckitFilename', __dirname: '__calckitDirname' },
  logLevel: 'warning',
  sourcemap: true,
});
