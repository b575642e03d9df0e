// The invariants of ARCHITECTURE.md that code can check: the pure packages import no node:*, vscode or network code,
// every package imports only what its package.json declares (dependencies point one way), one vocabulary and one
// project index.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const PURE = ['formula', 'format', 'lint', 'ide', 'evaluate'];
const PACKAGES = readdirSync(join(root, 'packages')).filter((p) => statSync(join(root, 'packages', p)).isDirectory());
const BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
    .map((f) => join(dir, f));
}

/** Bare module specifiers of the import/export-from statements and dynamic imports of a file. */
function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g)) {
    const spec = m[1] ?? m[2] ?? m[3]!;
    if (!spec.startsWith('.')) out.push(spec);
  }
  return out;
}

/** Specifiers imported only as types (`import type … from`): erased from the build, so a `@types/` package serves. */
function typeOnlyImports(file: string): Set<string> {
  return new Set([...readFileSync(file, 'utf8').matchAll(/(?:^|\n)\s*import\s+type\s[^'"]*?from\s+['"]([^'"]+)['"]/g)].map((m) => m[1]!));
}

const packageName = (spec: string) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);

describe('architecture', () => {
  it.each(PURE)('packages/%s imports no node:*, vscode or network code', (pkg) => {
    const offending = sources(join(root, 'packages', pkg, 'src')).flatMap((file) =>
      imports(file)
        .filter((spec) => BUILTINS.has(spec) || spec.startsWith('node:') || spec.startsWith('vscode') || /^(undici|node-fetch|axios|ws)$/.test(packageName(spec)))
        .map((spec) => `${file.slice(root.length + 1)}: ${spec}`),
    );
    expect(offending).toEqual([]);
  });

  it.each(PACKAGES)('packages/%s imports only what its package.json declares', (pkg) => {
    const manifest = JSON.parse(readFileSync(join(root, 'packages', pkg, 'package.json'), 'utf8')) as { dependencies?: Record<string, string>; peerDependencies?: Record<string, string>; devDependencies?: Record<string, string> };
    // Peer dependencies count: the emulator's better-sqlite3 is an optional peer (a native module only serve needs).
    const declared = new Set(Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies }));
    // A type-only import of a package that is only types (lint's SARIF object model) needs its `@types/` package as a
    // development dependency: nothing of it is imported at run time.
    const typesOnly = new Set(Object.keys(manifest.devDependencies ?? {}).filter((d) => d.startsWith('@types/')).map((d) => d.slice('@types/'.length)));
    const undeclared = sources(join(root, 'packages', pkg, 'src')).flatMap((file) =>
      imports(file)
        .filter((spec) => !BUILTINS.has(spec) && !spec.startsWith('node:') && !declared.has(packageName(spec)))
        .filter((spec) => !(typesOnly.has(packageName(spec)) && typeOnlyImports(file).has(spec)))
        .map((spec) => `${file.slice(root.length + 1)}: ${spec}`),
    );
    expect(undeclared).toEqual([]);
  });

  // One concept, one definition: the service's name and the column types live in packages/formula/src/vocabulary.ts.
  it('defines the vocabulary once: no other source spells the default service name or lists the column types', () => {
    const vocabulary = join(root, 'packages', 'formula', 'src', 'vocabulary.ts');
    const files = [...PACKAGES.map((p) => join(root, 'packages', p, 'src')), join(root, 'extension', 'src')].flatMap(sources).filter((f) => f !== vocabulary);
    const SPELLINGS: ReadonlyArray<readonly [string, RegExp]> = [
      ['the default service name', /['"`]SVC['"`]/],
      ['the service-name pattern', /\[A-Za-z\]\[A-Za-z0-9\]\*/],
      ['the column types', /(['"](STRING|LONG|DECIMAL|DOUBLE|DATE|DATETIME)['"],\s*){5}['"](STRING|LONG|DECIMAL|DOUBLE|DATE|DATETIME)['"]/],
    ];
    const found = files.flatMap((file) => {
      // Comments may name things (`SVC_OP_ADD`); only code counts.
      const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '');
      return SPELLINGS.filter(([, re]) => re.test(text)).map(([what]) => `${file.slice(root.length + 1)}: ${what}`);
    });
    expect(found).toEqual([]);
  });

  // One project index: only packages/project (ProjectIndex) finds the project file; everything else asks it.
  it('has one project index: no other source looks for calckit.json itself', () => {
    const files = [...PACKAGES.filter((p) => p !== 'project').map((p) => join(root, 'packages', p, 'src')), join(root, 'extension', 'src')].flatMap(sources);
    // The project file in the folder being climbed (`demo` climbs to its own examples/calckit.json: not discovery).
    const NAMES_PROJECT_FILE = /(?:join|resolve)\(\s*\w+\s*,\s*(?:['"`]calckit\.json['"`]|PROJECT_FILE_NAME)\s*\)/;
    const found = files.flatMap((file) => {
      const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '');
      const problems: string[] = [];
      // The discovery functions that ProjectIndex replaced, should they come back.
      if (/\b(findProjectFile|resolveProject)\s*\(/.test(text)) problems.push('calls findProjectFile or resolveProject');
      // A loop that climbs folders (dirname) looking for the project file by name.
      for (const m of text.matchAll(/\b(?:for|while)\s*\(/g)) {
        const loop = text.slice(m.index, m.index + 400);
        if (loop.includes('dirname(') && NAMES_PROJECT_FILE.test(loop)) problems.push('walks up folders for calckit.json');
      }
      return problems.map((what) => `${file.slice(root.length + 1)}: ${what}`);
    });
    expect(found).toEqual([]);
  });
});
