// Bundles the extension (dist/extension.js, `vscode` external) and the language server (dist/server.js) with esbuild,
// as CommonJS for VS Code's extension host. Run from anywhere: `npm run build -w extension`.
import { build } from 'esbuild';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const dist = join(root, 'dist');
mkdirSync(dist, { recursive: true });
// The extension's package.json says "type": "module" (for TypeScript and vitest); the bundles are CommonJS.
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

// The language server is bundled from its own stdio/ipc entry (it reads --node-ipc / --stdio from argv).
const serverDir = join(root, '..', 'packages', 'language-server', 'src');
const serverEntry = ['bin.ts', 'main.ts', 'server-main.ts'].map((f) => join(serverDir, f)).find((f) => existsSync(f));
if (serverEntry === undefined) {
  // Until packages/language-server has an entry, the extension runs without it (grammar, snippets, push).
  rmSync(join(dist, 'server.js'), { force: true });
  console.warn(`no language server entry in ${serverDir}: dist/server.js not built`);
} else {
  await build({ ...common, entryPoints: [serverEntry], outfile: join(dist, 'server.js') });
}
console.log(`built ${dist}/extension.js${serverEntry ? ' and server.js' : ''}`);
