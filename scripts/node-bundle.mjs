// One file for Node.js from a package's built modules, with esbuild: a command starts in a fraction of the time that
// resolving several hundred modules (Chevrotain's lodash-es above all) takes. Used by the CLI (packages/cli/scripts/
// bundle.mjs) and the language server (packages/language-server/scripts/bundle.mjs).
import { build } from 'esbuild';

/**
 * Bundles `entryPoints` (name → built module, relative to `absWorkingDir`) into `outdir` as ES modules with source
 * maps. The output still meets the CommonJS packages it bundles: `require`, and `__filename` / `__dirname` (used by
 * write-file-atomic) under names of their own, so that no bundled module's declarations collide with them.
 */
export async function bundleForNode({ absWorkingDir, entryPoints, outdir = 'dist', external = [] }) {
  await build({
    absWorkingDir,
    entryPoints,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external,
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
}
