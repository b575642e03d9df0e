// The invariants of ARCHITECTURE.md that code can check: the pure packages import no node:*, vscode or network code,
// every package imports only what its package.json declares (dependencies point one way), no import cycle (between
// files or packages), one vocabulary, one project index, and no memo that keeps young trees alive through minor GCs.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { parse as parseJs, type Node as JsNode } from 'acorn';
import { build, transformSync, type Plugin } from 'esbuild';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileCycles, importGraph, moduleImports, packageCycles, sourceFiles, workspacePackages, type ImportGraph } from './import-graph.js';

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

/** Specifiers a file loads at run time: every import or re-export but `import type … from` (under
 * verbatimModuleSyntax, `import { type A } from 'x'` still loads x). */
function runtimeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)\s(?!type\s)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g)].map((m) => m[1] ?? m[2] ?? m[3]!);
}

/** The language server's browser-safe core: every source under src/ but the Node platform (src/node/) and the Node
 * entries that start it (bin.ts, the command line's; index.ts, the package's main entry). */
const SERVER_SRC = join(root, 'packages', 'language-server', 'src');
const SERVER_NODE_ENTRIES = new Set(['bin.ts', 'index.ts'].map((f) => join(SERVER_SRC, f)));
const serverCore = () => sources(SERVER_SRC).filter((f) => !f.startsWith(join(SERVER_SRC, 'node') + '/') && !SERVER_NODE_ENTRIES.has(f));

/** What a browser build of `entry` reaches that is Node's (`importer: specifier`), bundled from the sources. */
async function nodeBuiltinsReached(entry: string): Promise<string[]> {
  const reached: string[] = [];
  const recordBuiltins: Plugin = {
    name: 'record-node-builtins',
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        if (!BUILTINS.has(args.path) && !args.path.startsWith('node:')) return undefined;
        reached.push(`${args.importer.slice(root.length + 1)}: ${args.path}`);
        return { path: args.path, external: true };
      });
    },
  };
  await build({ entryPoints: [entry], bundle: true, platform: 'browser', format: 'iife', write: false, conditions: ['source'], logLevel: 'silent', plugins: [recordBuiltins] });
  return reached;
}

/** The import graph of every package's sources and the extension's, read once for the tests that ask. */
let workspaceGraph: ImportGraph | undefined;
const sourceGraph = () => (workspaceGraph ??= importGraph(workspacePackages(root), (pkg) => sourceFiles(join(pkg.dir, 'src'))));

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

  it("the language server's core imports no node:*, no vscode-languageserver/node and no value of @calckit/project's main entry", () => {
    const core = serverCore();
    expect(core.length).toBeGreaterThan(20);
    const offending = core.flatMap((file) =>
      runtimeImports(file)
        .filter((spec) => BUILTINS.has(spec) || spec.startsWith('node:') || spec === 'vscode-languageserver/node' || spec === '@calckit/project' || /^\.\.?\/(.*\/)?node\//.test(spec))
        .map((spec) => `${file.slice(root.length + 1)}: ${spec}`),
    );
    expect(offending).toEqual([]);
  });

  it("the language server's browser entry reaches no Node built-in, through any package", async () => {
    expect(await nodeBuiltinsReached(join(SERVER_SRC, 'browser.ts'))).toEqual([]);
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

  // No import cycles: files that import each other (type-only imports too: erased from the build, yet neither file can
  // be read, moved or tested without the other) are one knot; the shared thing belongs in a module of its own.
  it('has no import cycle among the sources of any package (packages/*/src, extension/src), type-only imports included', () => {
    const graph = sourceGraph();
    expect(graph.files.length).toBeGreaterThan(400);
    expect(graph.unresolved).toEqual([]);
    expect(fileCycles(graph, root)).toEqual([]);
  });

  it('has no cycle between packages (what a package imports or its package.json declares)', () => {
    const graph = sourceGraph();
    expect(graph.packageEdges.length).toBeGreaterThan(20);
    expect(packageCycles(graph, root)).toEqual([]);
  });

  // The scripts are leaves (no source imports one: the test above finds no import outside src/), so a cycle could only
  // run among themselves.
  it('has no import cycle among the scripts (scripts/, bench/, and the packages\' and the extension\'s scripts/)', () => {
    const folders = ['scripts', 'bench', 'extension/scripts', ...PACKAGES.map((p) => `packages/${p}/scripts`)];
    const scripts = { name: 'scripts', dir: root, sourceExports: new Map<string, string>(), declared: [] };
    const graph = importGraph([scripts], () => folders.flatMap((folder) => sourceFiles(join(root, folder), /\.[cm]?[jt]s$/)));
    expect(graph.files.length).toBeGreaterThan(30);
    expect(fileCycles(graph, root)).toEqual([]);
  });

  it('finds every kind of import, and not the text that looks like one', () => {
    const source = [
      "import { a } from './a.js';",
      "import type { B } from './b.js';",
      "import { type C, c } from\n  './c.js';",
      "export * from './d.js';",
      "export type { E } from './e.js';",
      "import './f.js';",
      "const g = () => import('./g.js');",
      "type H = typeof import('./h.js');",
      "import i = require('./i.js');",
      "import type from './j.js';",
      "// import { x } from './comment.js';",
      "/* export * from './block-comment.js'; */",
      "const s = 'import x from \"./string.js\"';",
      "const t = `import x from './template.js' ${import('./in-template.js')} import('./template-2.js')`;",
      "const r = /import('.\\/regex.js')/;",
      "const half = 1 / 2; const m = import.meta.url; const o = { import: './key.js' };",
      "export const k = 1; export { a };",
    ].join('\n');
    expect(moduleImports(source)).toEqual([
      { specifier: './a.js', kind: 'import' },
      { specifier: './b.js', kind: 'import type' },
      { specifier: './c.js', kind: 'import' },
      { specifier: './d.js', kind: 'export from' },
      { specifier: './e.js', kind: 'export type from' },
      { specifier: './f.js', kind: 'import' },
      { specifier: './g.js', kind: 'import()' },
      { specifier: './h.js', kind: 'import()' },
      { specifier: './i.js', kind: 'import' },
      { specifier: './j.js', kind: 'import' },
      { specifier: './in-template.js', kind: 'import()' },
    ]);
  });

  it('prints each import cycle as a path, and each cycle between packages with what makes it', () => {
    const f = (name: string) => join(root, 'p', name);
    const files = ['a.ts', 'b.ts', 'c.ts', 'd.ts', 'e.ts'].map(f);
    const edges = [
      { from: f('a.ts'), to: f('b.ts'), kind: 'import' as const },
      { from: f('b.ts'), to: f('a.ts'), kind: 'import type' as const },
      { from: f('b.ts'), to: f('c.ts'), kind: 'import' as const },
      { from: f('c.ts'), to: f('d.ts'), kind: 'import()' as const },
      { from: f('d.ts'), to: f('b.ts'), kind: 'export from' as const },
      { from: f('e.ts'), to: f('e.ts'), kind: 'import' as const },
    ];
    expect(fileCycles({ files, edges }, root)).toEqual([
      'p/a.ts -> p/b.ts -[import type]-> p/a.ts',
      'p/c.ts -[import()]-> p/d.ts -> p/b.ts -> p/c.ts',
      'p/e.ts -> p/e.ts',
    ]);
    const packageEdges = [
      { from: '@x/a', to: '@x/b', via: f('a.ts') },
      { from: '@x/b', to: '@x/a', via: join(root, 'p', 'package.json') },
      { from: '@x/b', to: '@x/c', via: f('b.ts') },
    ];
    expect(packageCycles({ packageEdges }, root)).toEqual(['@x/a -> @x/b -> @x/a (@x/a -> @x/b: p/a.ts; @x/b -> @x/a: p/package.json)']);
  });

  // One concept, one definition: the service's name and the column types live in packages/formula/src/vocabulary.ts.
  // The page's own script stays small: the parser, analysis and evaluator run in the worker, behind LSP requests.
  it("the workbench page imports no parser or evaluator: only the worker imports the language server", () => {
    const allowed = new Set(['@calckit/formula/vocabulary', '@calckit/evaluate/csv']);
    // Imports of values (an `import type` is erased from the build).
    const valueImports = (file: string) =>
      [...readFileSync(file, 'utf8').matchAll(/(?:^|\n)\s*(?:import|export)\s+(?!type\s)[^'"]*?from\s+['"]([^'"]+)['"]|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g)].map((m) => m[1] ?? m[2]!);
    const offending = sources(join(root, 'packages/workbench/src')).flatMap((file) =>
      valueImports(file)
        .filter((spec) => spec.startsWith('@calckit/') && !allowed.has(spec))
        .filter((spec) => !(file.endsWith('/worker.ts') && spec === '@calckit/language-server/browser'))
        .map((spec) => `${file.slice(root.length + 1)}: ${spec}`),
    );
    expect(offending).toEqual([]);
  });

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

  // Memory: per-run answers live on the run's objects. A module-level WeakMap is old while the parses, documents and
  // evaluations it would be keyed by are young, and V8's scavenger keeps an old WeakMap's values alive for young keys;
  // an accessor written in an object literal (or defined on an object) gives that object a hidden class of its own,
  // allocated old, that keeps what the accessor's closure holds alive.
  it('keeps per-run answers on the run: no module-level WeakMap keyed by per-run values, no per-object accessors', () => {
    const files = [...PACKAGES.map((p) => join(root, 'packages', p, 'src')), join(root, 'extension', 'src')].flatMap(sources);
    // Accessors matter where objects are made per parse, document version, lint or evaluation; elsewhere (a service
    // client, the extension's language client) an object with an accessor is made once per process.
    const perRun = new Set([...PURE, 'language-server'].map((p) => join(root, 'packages', p, 'src')));
    const found = files.flatMap((file) =>
      memoryProblems(file)
        .filter((what) => !what.includes('accessor') || [...perRun].some((dir) => file.startsWith(dir)))
        .map((what) => `${file.slice(root.length + 1)}: ${what}`),
    );
    expect(found).toEqual([]);
  });

  it('the language server sets its V8 flags before any other module loads', () => {
    const lines = readFileSync(join(root, 'packages/language-server/src/bin.ts'), 'utf8').split('\n');
    expect(lines.find((l) => l.startsWith('import '))).toBe("import './node/gc-tuning.js';");
  });

  it('the bundled language server runs gc-tuning before any other module', () => {
    // esbuild writes each module under a `// path` comment; CommonJS modules and lazily initialised ones are wrapped
    // (`var require_x = __commonJS(…`, `var init_x = __esm(…`) and run when first required. The first module whose
    // code runs as the bundle loads is the first section without such a wrapper.
    const text = readFileSync(join(root, 'packages/language-server/dist/calckit-language-server.js'), 'utf8');
    const sections = text.split(/^\/\/ (?=\S)/m).slice(1);
    const eager = sections.filter((section) => !/^var \w+ = __(commonJS|esm)\(/m.test(section)).map((section) => section.slice(0, section.indexOf('\n')));
    expect(eager[0]).toBe('dist/node/gc-tuning.js');
  });

  it('finds what the memory rule forbids', () => {
    const problems = memoryProblemsIn(
      'x.ts',
      `const byNode = new WeakMap<Node, number>();
       export function view(n: Node) { return { get size() { return n.size; }, set size(v: number) {} }; }
       Object.defineProperty(model, 'calculation', { get: () => 1 });
       class Fine { get size() { return 1; } }
       const methods = { size() { return 1; } };`,
    );
    expect(problems).toEqual([
      'line 1: module-level WeakMap `byNode` keyed by Node',
      'line 2: accessor `size` in an object literal',
      'line 2: accessor `size` in an object literal',
      'line 3: accessor defined with Object.defineProperty',
    ]);
  });
});

/** Module-level WeakMaps keyed by values that live as long as the process (or a project), by file and name. */
const LONG_LIVED_WEAK_MAPS: ReadonlyMap<string, string> = new Map([
  ['packages/ide/src/lint-adapter.ts#configCache', 'a settings section object'],
  ['packages/ide/src/lint-adapter.ts#resolvedCache', 'LintConfig'],
  ['packages/cli/src/lint/lint-file.ts#errorRulesOnly', 'ResolvedConfig'],
  ['packages/language-server/src/settings.ts#calculationLists', 'Project'],
  ['packages/project/src/lookup.ts#entries', 'Project'],
  ['packages/language-server/src/node/features/test-runs.ts#instances', 'ServerContext'],
]);

function memoryProblems(file: string): string[] {
  const relative = file.slice(root.length + 1);
  return memoryProblemsIn(relative, readFileSync(file, 'utf8')).filter((p) => {
    const name = /WeakMap `(\w+)`/.exec(p)?.[1];
    return name === undefined || !LONG_LIVED_WEAK_MAPS.has(`${relative}#${name}`);
  });
}

/** What the memory rule forbids in one TypeScript source: types erased by esbuild (lines kept), then walked. */
function memoryProblemsIn(name: string, source: string): string[] {
  const lineOfSource = (at: number) => source.slice(0, at).split('\n').length;
  const js = transformSync(source, { loader: 'ts', sourcefile: name, format: 'esm', target: 'es2022', sourcemap: false, minifyWhitespace: false }).code;
  const program = parseJs(js, { ecmaVersion: 'latest', sourceType: 'module', locations: true });
  const problems: Array<[number, string]> = [];
  type AnyNode = JsNode & Record<string, unknown>;
  const isNewWeakMap = (n: unknown) => (n as AnyNode | null)?.type === 'NewExpression' && ((n as AnyNode).callee as AnyNode).name === 'WeakMap';
  for (const statement of program.body as AnyNode[]) {
    const declaration = (statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement) as AnyNode | null;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const d of declaration.declarations as AnyNode[]) {
      if (!isNewWeakMap(d.init)) continue;
      const id = (d.id as AnyNode).name as string;
      // The key type, read from the TypeScript (esbuild erased it).
      const key = new RegExp(`\\b${id}\\b[^=]*=\\s*new WeakMap<\\s*([^,>]+)`).exec(source)?.[1]?.trim() ?? 'an unknown type';
      const at = source.search(new RegExp(`\\b${id}\\b[^=]*=\\s*new WeakMap`));
      problems.push([lineOfSource(at), `module-level WeakMap \`${id}\` keyed by ${key}`]);
    }
  }
  // Accessors: lines come from the original source, found by the accessor's name after esbuild kept lines apart.
  const jsLines = js.split('\n');
  const sourceLine = (jsLine: number, text: RegExp) => {
    const wanted = jsLines[jsLine - 1]!.trim();
    const index = source.split('\n').findIndex((l) => l.trim() === wanted || (text.test(l) && l.includes(wanted.slice(0, 12))));
    return index >= 0 ? index + 1 : jsLine;
  };
  const visit = (n: unknown): void => {
    if (Array.isArray(n)) return n.forEach(visit);
    if (n === null || typeof n !== 'object' || typeof (n as AnyNode).type !== 'string') return;
    const node = n as AnyNode;
    if (node.type === 'ObjectExpression') {
      for (const p of node.properties as AnyNode[]) {
        if (p.type === 'Property' && (p.kind === 'get' || p.kind === 'set')) {
          const key = (p.key as AnyNode).name ?? (p.key as AnyNode).value;
          problems.push([sourceLine((p.loc as { start: { line: number } }).start.line, new RegExp(`\\b(get|set)\\s+${String(key)}\\b`)), `accessor \`${String(key)}\` in an object literal`]);
        }
      }
    }
    if (node.type === 'CallExpression') {
      const callee = node.callee as AnyNode;
      const named = callee.type === 'MemberExpression' && (callee.object as AnyNode).name === 'Object' && /^definePropert(y|ies)$/.test(String((callee.property as AnyNode).name));
      const descriptorHasAccessor = (node.arguments as AnyNode[]).some((a) => a.type === 'ObjectExpression' && JSON.stringify(a, (k, v) => (k === 'loc' ? undefined : v)).match(/"key":\{"type":"Identifier"[^}]*"name":"(get|set)"/));
      if (named && descriptorHasAccessor) problems.push([sourceLine((node.loc as { start: { line: number } }).start.line, /defineProperty/), 'accessor defined with Object.defineProperty']);
    }
    for (const [k, v] of Object.entries(node)) if (k !== 'loc' && typeof v === 'object') visit(v);
  };
  visit(program);
  return problems.sort((a, b) => a[0] - b[0]).map(([line, what]) => `line ${line}: ${what}`);
}
