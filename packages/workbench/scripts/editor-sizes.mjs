// Measures what a minimal editor costs the page: CodeMirror 6 (basicSetup; then with @codemirror/lsp-client) from
// this package, and Monaco from a scratch folder outside the repository (it is no dependency):
//   mkdir /tmp/monaco-size && cd /tmp/monaco-size && npm init -y && npm i monaco-editor
//   node packages/workbench/scripts/editor-sizes.mjs --monaco /tmp/monaco-size
// Each entry is bundled by esbuild (minified, ESM, browser) and its JS and CSS compressed with node:zlib (gzip level
// 9, brotli quality 11). The README's "Why CodeMirror" table is its output.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const PACKAGE = fileURLToPath(new URL('..', import.meta.url));

/** The row of the editor the page is built on: CodeMirror with its LSP client, no language server. */
export const EDITOR_WITH_LSP_CLIENT = 'CodeMirror 6 + @codemirror/lsp-client';

const entries = (monaco) => [
  ['CodeMirror 6 (basicSetup)', PACKAGE, `import { EditorView, basicSetup } from 'codemirror';
new EditorView({ doc: 'SUM(1)', extensions: [basicSetup], parent: document.body });`],
  [EDITOR_WITH_LSP_CLIENT, PACKAGE, `import { EditorView, basicSetup } from 'codemirror';
import { LSPClient, languageServerSupport } from '@codemirror/lsp-client';
const client = new LSPClient({});
new EditorView({ doc: 'SUM(1)', extensions: [basicSetup, languageServerSupport(client, 'file:///a.calc')], parent: document.body });`],
  ...(monaco ? [
    ['Monaco (editor.api, no languages)', monaco, `import * as monaco from 'monaco-editor/editor/editor.api.js';
monaco.editor.create(document.body, { value: 'SUM(1)', language: 'plaintext' });`],
    ['Monaco editor worker (required)', monaco, `import 'monaco-editor/editor/editor.worker.start.js';`],
    ['Monaco (package main, all languages)', monaco, `import * as monaco from 'monaco-editor';
monaco.editor.create(document.body, { value: 'SUM(1)', language: 'sql' });`],
  ] : []),
];

/** Bytes of `contents` compressed as a static host would serve it: gzip level 9 and brotli quality 11 (node:zlib). */
export function compressedSizes(contents) {
  return {
    gzip: gzipSync(contents, { level: 9 }).length,
    brotli: brotliCompressSync(contents, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/**
 * Each minimal editor bundled by esbuild, its JS and CSS summed: [{ name, raw, gzip, brotli }] in bytes. Monaco's rows
 * only with `monaco`, the folder it is installed in. bench/workbench.mjs compares the page with
 * EDITOR_WITH_LSP_CLIENT's row.
 */
export async function measureEditorBundles({ monaco } = {}) {
  const scratch = mkdtempSync(join(tmpdir(), 'calckit-editor-sizes-'));
  try {
    const rows = [];
    for (const [name, resolveFrom, source] of entries(monaco)) {
      const entry = join(scratch, 'entry.js');
      writeFileSync(entry, source);
      const result = await build({
        entryPoints: [entry], bundle: true, minify: true, write: false, format: 'esm', platform: 'browser', outdir: join(scratch, 'out'),
        nodePaths: [join(resolveFrom, 'node_modules'), join(PACKAGE, '../../node_modules')], logLevel: 'error',
        loader: { '.ttf': 'file', '.woff': 'file', '.woff2': 'file', '.svg': 'file' },
      });
      const row = { name, raw: 0, gzip: 0, brotli: 0 };
      for (const file of result.outputFiles.filter((f) => /\.(js|css)$/.test(f.path))) {
        const sizes = compressedSizes(file.contents);
        row.raw += file.contents.length;
        row.gzip += sizes.gzip;
        row.brotli += sizes.brotli;
      }
      rows.push(row);
    }
    return rows;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const i = process.argv.indexOf('--monaco');
  const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
  console.log('| Bundle | minified | gzip | brotli |\n|---|---:|---:|---:|');
  for (const row of await measureEditorBundles({ monaco: i > 0 ? process.argv[i + 1] : undefined })) {
    console.log(`| ${row.name} | ${kib(row.raw)} | ${kib(row.gzip)} | ${kib(row.brotli)} |`);
  }
}
