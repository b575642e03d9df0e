// The web extension as built and packaged (after `npm run build -w extension`): package.json's `browser` entry and the
// worker's server exist, the entry bundles no Node module, the .vsix takes both, and every contributed command is
// either run in the browser or answers there that it needs the desktop, as the README's "In the browser" table says.
import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { datasetColumnSchema } from '@calckit/project';
import { COLUMN_TYPES } from '@calckit/formula/vocabulary';
import { describe, expect, it } from 'vitest';
import { DESKTOP_ONLY_COMMANDS, DESKTOP_REASONS, WEB_COMMANDS } from './desktop-only-commands.js';

const extensionRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const manifest = JSON.parse(readFileSync(join(extensionRoot, 'package.json'), 'utf8')) as {
  type?: string;
  main: string;
  browser?: string;
  contributes: { commands: Array<{ command: string; title: string }>; configuration: { properties: Record<string, { items?: unknown }> } };
};
const built = (relative: string): string => {
  const file = join(extensionRoot, relative);
  if (!existsSync(file)) throw new Error(`${relative} is missing: build the extension first (npm run build -w extension)`);
  return readFileSync(file, 'utf8');
};
const WEB_SERVER = 'dist/web/server.js';
const NODE_BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
/** The modules a bundle loads with a bare `require("…")` (not a property's `x.require("…")`, as lodash probes Node). */
const requiredBy = (bundle: string): string[] => [...bundle.matchAll(/(?<![.\w$])require\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1] ?? '');

describe('the web extension bundle', () => {
  it("is package.json's browser entry, beside the desktop's main", () => {
    expect(manifest.browser).toBe('./dist/web/extension.js');
    expect(manifest.main).toBe('./dist/extension.js');
  });

  it('is loaded as CommonJS by the web worker extension host, which refuses ES modules', () => {
    // VS Code 1.100 takes an extension for an ES module when its `main` ends in .mjs, or when package.json says
    // "type": "module" and `main` (absent in a web-only package) does not end in .cjs: its web worker extension host
    // then refuses to activate it ("ESM modules are not supported in the web worker extension host").
    expect(manifest.type).toBeUndefined();
    expect(manifest.browser?.endsWith('.mjs')).toBe(false);
  });

  it('requires nothing but vscode, and names no Node module', () => {
    const bundle = built(manifest.browser ?? 'missing browser entry');
    expect([...new Set(requiredBy(bundle))]).toEqual(['vscode']);
    expect(bundle).not.toMatch(/["']node:[a-z_/]+["']/);
    expect(bundle).not.toMatch(/require\(["']fs["']\)/);
  });

  it('has the language server worker script beside it, a classic script that loads no Node module', () => {
    const server = built(WEB_SERVER);
    expect(server.length).toBeGreaterThan(100_000);
    expect(requiredBy(server).filter((name) => NODE_BUILTINS.has(name))).toEqual([]);
    expect(server).not.toMatch(/["']node:(fs|path|child_process|worker_threads|os|url|v8)["']/);
    // A classic worker script: no ES module syntax at its top level.
    expect(server).not.toMatch(/^\s*(import|export)\s/m);
  });

  it('and its server go into the .vsix', () => {
    const kept = readFileSync(join(extensionRoot, '.vscodeignore'), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('!'))
      .map((line) => line.slice(1).trim());
    expect(kept).toContain(manifest.browser?.replace(/^\.\//, ''));
    expect(kept).toContain(WEB_SERVER);
  });
});

describe('commands in the browser', () => {
  const contributed = manifest.contributes.commands.map((c) => c.command).sort();

  it('every contributed command is either run in the browser or answers that it needs the desktop, once', () => {
    const decided = [...WEB_COMMANDS, ...DESKTOP_ONLY_COMMANDS.map((c) => c.id)];
    expect(new Set(decided).size).toBe(decided.length);
    expect([...decided].sort()).toEqual(contributed);
  });

  it("the README's \"In the browser\" table lists each command with its title and whether it runs", () => {
    const readme = readFileSync(join(extensionRoot, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## In the browser'));
    expect(section.startsWith('## In the browser')).toBe(true);
    for (const { command, title } of manifest.contributes.commands) {
      const row = section.split('\n').find((line) => line.startsWith('|') && line.includes(`*${title}*`));
      expect(row, `a table row for ${command} ("${title}")`).toBeDefined();
      const desktopOnly = DESKTOP_ONLY_COMMANDS.some((c) => c.id === command);
      expect(row, command).toContain(desktopOnly ? 'desktop only' : 'yes');
    }
  });

  it('each reason names what the browser lacks', () => {
    expect(DESKTOP_REASONS.service).toContain('CORS');
    expect(DESKTOP_REASONS.token).toContain('secret storage');
    expect(DESKTOP_REASONS.process).toContain('process');
  });
});

describe('the calckit.schema setting', () => {
  it("describes a column as a schema file does: the vocabulary's column types, the same fields", () => {
    const items = manifest.contributes.configuration.properties['calckit.schema']?.items as {
      required: string[];
      properties: Record<string, { enum?: string[] }>;
    };
    expect(items.properties.type?.enum).toEqual([...COLUMN_TYPES]);
    expect(Object.keys(items.properties).sort()).toEqual(Object.keys(datasetColumnSchema.shape).sort());
    expect(items.required).toEqual(['name', 'type']);
  });
});
