// Bundles the extension (dist/extension.js, `vscode` external) and the language server (dist/server.js) with esbuild,
// as CommonJS for VS Code's extension host. Run from anywhere: `npm run build -w extension`.
import { build } from 'esbuild';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
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

// The language server is bundled from its own entry (it reads --node-ipc / --stdio from argv).
const serverEntry = join(root, '..', 'packages', 'language-server', 'src', 'bin.ts');
if (!existsSync(serverEntry)) throw new Error(`the language server entry ${serverEntry} is missing`);
await build({ ...common, entryPoints: [serverEntry], outfile: join(dist, 'server.js') });
console.log(`built ${dist}/extension.js and server.js`);
