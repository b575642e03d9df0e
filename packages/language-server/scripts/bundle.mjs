// Bundles the language server with esbuild, from the modules tsc built:
// - dist/calckit-language-server.js (run by the `calckit-language-server` bin), through scripts/node-bundle.mjs: an
//   editor starts the server when it opens a formula, and the bundle answers `initialize` in about a third of the time
//   the modules took to load one by one (0.6 s). The lint worker thread runs the same file (bin.ts).
// - dist/browser/calckit-language-server.js: the server for a browser's Web Worker (browser-main.ts), a classic worker
//   script (IIFE), minified, the one server bundle the workbench page and VS Code for the Web run. Its source map is
//   written beside it and not shipped (package.json `files`). No Node shim: a module that reaches a Node built-in fails
//   the build here (and test/architecture.test.ts), to be fixed at its import.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { bundleForNode } from '../../../scripts/node-bundle.mjs';

const absWorkingDir = fileURLToPath(new URL('..', import.meta.url));

await bundleForNode({
  absWorkingDir,
  entryPoints: { 'calckit-language-server': 'dist/bin.js' },
});

await build({
  absWorkingDir,
  entryPoints: { 'calckit-language-server': 'dist/browser-main.js' },
  outdir: 'dist/browser',
  bundle: true,
  platform: 'browser',
  format: 'iife',
  target: 'es2022',
  minify: true,
  sourcemap: true,
  logLevel: 'warning',
});
