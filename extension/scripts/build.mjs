// Bundles the extension (dist/extension.js, `vscode` external) and the language server (dist/server.js) with esbuild,
// as CommonJS for VS Code's extension host; and the web extension (package.json "browser": dist/web/extension.js,
// for the browser, CommonJS as VS Code's web worker extension host loads it) with the language server's browser
// bundle beside it (dist/web/server.js, the Web Worker script). Run from anywhere: `npm run build -w extension`.
import { build } from 'esbuild';
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const dist = join(root, 'dist');
mkdirSync(dist, { recursive: true });
// The bundles are CommonJS (only the sources are ES modules: src/package.json); said here too, whatever a parent says.
writeFileSync(join(dist, 'package.json'), '{ "type": "commonjs" }\n');

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: 'linked',
  // Workspace packages resolve to their TypeScript sources, like vitest does.
  conditions: ['source'],
  logLevel: 'warning',
  legalComments: 'none',
  minify: true,
};

await build({
  ...common,
  entryPoints: [join(root, 'src/extension.ts')],
  outfile: join(dist, 'extension.js'),
  external: ['vscode'],
});

// The language server is bundled from its own entry (it reads --node-ipc / --stdio from argv).
const serverEntry = join(root, '..', 'packages', 'language-server', 'src', 'bin.ts');
if (!existsSync(serverEntry)) throw new Error(`the language server entry ${serverEntry} is missing`);
await build({ ...common, entryPoints: [serverEntry], outfile: join(dist, 'server.js') });

// The web extension: nothing Node may be bundled into it (a Node built-in fails the build instead of being shimmed).
const web = join(dist, 'web');
mkdirSync(web, { recursive: true });
await build({
  ...common,
  platform: 'browser',
  target: 'es2022',
  // vscode-languageclient/browser and its protocol packages are published for the "browser" condition.
  conditions: ['source', 'browser'],
  entryPoints: [join(root, 'src/web/extension.ts')],
  outfile: join(web, 'extension.js'),
  external: ['vscode'],
});
// The language server's browser bundle (an IIFE worker script) is made by the language server's own build.
const browserServer = join(root, '..', 'packages', 'language-server', 'dist', 'browser', 'calckit-language-server.js');
if (!existsSync(browserServer)) {
  throw new Error(`the language server's browser bundle ${browserServer} is missing: run node packages/language-server/scripts/bundle.mjs (npm run build does) first`);
}
copyFileSync(browserServer, join(web, 'server.js'));
console.log(`built ${dist}/extension.js, server.js, web/extension.js and web/server.js`);
