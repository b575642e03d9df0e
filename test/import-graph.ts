// The import graph of the workspace's sources, for the architecture test's rule against import cycles. Every import
// counts, type-only ones too: `import type` is erased from the build, yet the two files still depend on each other
// (neither can be understood, moved or tested without the other). So imports are read from the TypeScript text
// itself (esbuild's output has lost them, and TypeScript 7 has no JavaScript API): a small scanner that skips
// comments, string and template text and regular expressions, then reads the module specifier of every
// `import … from`, `import '…'`, `import x = require('…')`, `export … from` and `import('…')` (a dynamic import, or
// an import type such as `import('./a.js').A`).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { shortestCycle, stronglyConnectedGroups } from '../packages/project/src/graph-cycles.js';

export type ImportKind = 'import' | 'import type' | 'export from' | 'export type from' | 'import()';

export interface ModuleImport {
  readonly specifier: string;
  readonly kind: ImportKind;
}

interface Token {
  readonly text: string;
  /** The value of a string literal; undefined for any other token. */
  readonly string?: string;
}

/** Keywords after which a `/` starts a regular expression, not a division. */
const BEFORE_REGEX = new Set(['return', 'typeof', 'case', 'do', 'else', 'in', 'instanceof', 'new', 'void', 'delete', 'throw', 'yield', 'await', 'of']);
const IDENTIFIER = /[A-Za-z0-9_$\u0080-\uffff]/;

/** The tokens of a TypeScript or JavaScript source that an import is made of: words, punctuation and string literals;
 * comments, template text and regular expressions are skipped (their text may look like an import and is none). */
export function tokensOf(source: string): Token[] {
  const tokens: Token[] = [];
  // Open braces: `{` of code, or `${` of a template (whose `}` resumes the template's text).
  const braces: Array<'code' | 'template'> = [];
  let i = 0;
  const n = source.length;
  const regexAllowed = () => {
    const last = tokens[tokens.length - 1];
    // After a value (a string, template, regular expression, name or number, a closing bracket) `/` divides.
    if (last === undefined) return true;
    if (last.string !== undefined || last.text === '`…`' || last.text === '/…/') return false;
    if (IDENTIFIER.test(last.text[0]!)) return BEFORE_REGEX.has(last.text);
    return last.text !== ')' && last.text !== ']';
  };
  /** Reads template text from i (just after ` or the } of a ${…}) to its closing ` or to the next ${. */
  const templateText = () => {
    while (i < n) {
      const c = source[i]!;
      if (c === '\\') i += 2;
      else if (c === '`') {
        i++;
        tokens.push({ text: '`…`' });
        return;
      } else if (c === '$' && source[i + 1] === '{') {
        i += 2;
        braces.push('template');
        return;
      } else i++;
    }
  };
  while (i < n) {
    const c = source[i]!;
    if (c === '/' && source[i + 1] === '/') {
      while (i < n && source[i] !== '\n') i++;
    } else if (c === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 2;
    } else if (c === "'" || c === '"') {
      let value = '';
      i++;
      while (i < n && source[i] !== c && source[i] !== '\n') {
        if (source[i] === '\\') i++;
        value += source[i] ?? '';
        i++;
      }
      i++;
      tokens.push({ text: `${c}${value}${c}`, string: value });
    } else if (c === '`') {
      i++;
      templateText();
    } else if (c === '/' && regexAllowed()) {
      let inClass = false;
      i++;
      while (i < n && source[i] !== '\n') {
        const r = source[i]!;
        if (r === '\\') i++;
        else if (r === '[') inClass = true;
        else if (r === ']') inClass = false;
        else if (r === '/' && !inClass) break;
        i++;
      }
      i++;
      while (i < n && IDENTIFIER.test(source[i]!)) i++;
      tokens.push({ text: '/…/' });
    } else if (c === '{') {
      braces.push('code');
      tokens.push({ text: c });
      i++;
    } else if (c === '}') {
      i++;
      if (braces.pop() === 'template') templateText();
      else tokens.push({ text: c });
    } else if (IDENTIFIER.test(c)) {
      const start = i;
      while (i < n && IDENTIFIER.test(source[i]!)) i++;
      tokens.push({ text: source.slice(start, i) });
    } else if (/\s/.test(c)) {
      i++;
    } else {
      tokens.push({ text: c });
      i++;
    }
  }
  return tokens;
}

/** Words that end the search for an `export … from` clause's specifier: the export declares something instead. */
const NOT_EXPORT_FROM = new Set([';', '=', 'import', 'export', 'const', 'let', 'var', 'function', 'class', 'interface', 'enum', 'default', 'declare', 'abstract', 'async', 'namespace']);

/** Every module a source imports, with how. */
export function moduleImports(source: string): ModuleImport[] {
  const tokens = tokensOf(source);
  const found: ModuleImport[] = [];
  const text = (at: number) => tokens[at]?.text;
  const stringAt = (at: number) => tokens[at]?.string;
  for (let at = 0; at < tokens.length; at++) {
    const word = text(at);
    // `x.import`, `{ import: … }` and `import.meta` are no imports.
    if ((word !== 'import' && word !== 'export') || text(at - 1) === '.' || text(at + 1) === ':' || text(at + 1) === '.') continue;
    if (word === 'import' && text(at + 1) === '(') {
      const specifier = stringAt(at + 2);
      if (specifier !== undefined) found.push({ specifier, kind: 'import()' });
      continue;
    }
    if (word === 'import' && stringAt(at + 1) !== undefined) {
      found.push({ specifier: stringAt(at + 1)!, kind: 'import' });
      continue;
    }
    // `import type { A }`, `import type * as a`, `import type A from`, `export type { A } from`; not a default
    // import named `type` (`import type from '…'`, `import type, { a } from '…'`).
    const typeOnly = text(at + 1) === 'type' && !['=', 'from', ','].includes(text(at + 2)!);
    if (word === 'export' && !['*', '{'].includes(text(at + 1 + (typeOnly ? 1 : 0))!)) continue;
    // Forward to the clause's string: `from '…'`, or `require('…')` of `import x = require('…')`.
    for (let to = at + 1; to < tokens.length; to++) {
      const specifier = stringAt(to);
      if (specifier !== undefined) {
        const fromClause = text(to - 1) === 'from';
        const required = text(to - 1) === '(' && text(to - 2) === 'require';
        if (fromClause || (word === 'import' && required)) {
          found.push({ specifier, kind: word === 'export' ? (typeOnly ? 'export type from' : 'export from') : typeOnly ? 'import type' : 'import' });
        }
        break;
      }
      if (NOT_EXPORT_FROM.has(text(to)!) && !(word === 'import' && text(to) === '=')) break;
    }
  }
  return found;
}

export interface WorkspacePackage {
  readonly name: string;
  /** The package's folder, absolute. */
  readonly dir: string;
  /** Subpath (`.`, `./schema`) → the source file its `source` export condition names, absolute. */
  readonly sourceExports: ReadonlyMap<string, string>;
  /** Workspace packages its package.json depends on (dependencies of every kind). */
  readonly declared: readonly string[];
}

interface Manifest {
  readonly name: string;
  readonly exports?: Record<string, unknown>;
  readonly dependencies?: Record<string, string>;
  readonly devDependencies?: Record<string, string>;
  readonly peerDependencies?: Record<string, string>;
  readonly optionalDependencies?: Record<string, string>;
}

/** The root package.json's workspaces, with what their manifests say. */
export function workspacePackages(root: string): WorkspacePackage[] {
  const folders = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces;
  const manifests = folders.map((folder) => ({ dir: join(root, folder), manifest: JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8')) as Manifest }));
  const names = new Set(manifests.map((m) => m.manifest.name));
  return manifests.map(({ dir, manifest }) => {
    const sourceExports = new Map<string, string>();
    for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
      const source = typeof target === 'object' && target !== null ? (target as Record<string, unknown>)['source'] : undefined;
      if (typeof source === 'string') sourceExports.set(subpath, resolve(dir, source));
    }
    const dependencies = { ...manifest.dependencies, ...manifest.devDependencies, ...manifest.peerDependencies, ...manifest.optionalDependencies };
    return { name: manifest.name, dir, sourceExports, declared: Object.keys(dependencies).filter((d) => names.has(d)) };
  });
}

/** The sources of a folder (TypeScript, or those `extensions` match), tests, declaration files and installed packages
 * left out. */
export function sourceFiles(dir: string, extensions = /\.[cm]?ts$/): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => extensions.test(f) && !/\.test\.[cm]?[jt]s$/.test(f) && !/\.d\.[cm]?ts$/.test(f) && !/(^|\/)node_modules\//.test(f))
    .map((f) => join(dir, f))
    .filter((f) => statSync(f).isFile());
}

export interface ImportEdge {
  readonly from: string;
  readonly to: string;
  readonly kind: ImportKind;
}

export interface ImportGraph {
  /** Every source file, absolute. */
  readonly files: readonly string[];
  /** Imports resolved to source files: relative paths and workspace packages (by their `source` exports). */
  readonly edges: readonly ImportEdge[];
  /** Dependencies between workspace packages, by name, with the file that makes each: a source that imports, or the
   * package.json that declares it (absolute). */
  readonly packageEdges: ReadonlyArray<{ readonly from: string; readonly to: string; readonly via: string }>;
  /** Relative imports of code that name no source file: `file: specifier`. */
  readonly unresolved: readonly string[];
}

/** `./a.js` → the `a.ts` beside the importer (as TypeScript resolves under NodeNext); undefined when no source matches. */
function resolveRelative(importer: string, specifier: string, isSource: (f: string) => boolean): string | undefined {
  const target = resolve(dirname(importer), specifier);
  const candidates = [target.replace(/\.js$/, '.ts').replace(/\.mjs$/, '.mts').replace(/\.cjs$/, '.cts'), target, `${target}.ts`, join(target, 'index.ts')];
  return candidates.find(isSource);
}

/** The import graph of the given packages' sources. */
export function importGraph(packages: readonly WorkspacePackage[], sourcesOf: (pkg: WorkspacePackage) => readonly string[]): ImportGraph {
  const owner = new Map<string, WorkspacePackage>();
  for (const pkg of packages) for (const file of sourcesOf(pkg)) owner.set(file, pkg);
  const byName = new Map(packages.map((p) => [p.name, p]));
  const edges: ImportEdge[] = [];
  const packageEdges: Array<{ from: string; to: string; via: string }> = [];
  const unresolved: string[] = [];
  for (const [file, pkg] of owner) {
    for (const { specifier, kind } of moduleImports(readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('.')) {
        // Other files (JSON, assets) are data, not sources that could import back.
        if (!/\.[cm]?[jt]s$/.test(specifier) && /\.\w+$/.test(specifier)) continue;
        const to = resolveRelative(file, specifier, (f) => owner.has(f));
        if (to === undefined) unresolved.push(`${file}: ${specifier}`);
        else edges.push({ from: file, to, kind });
        continue;
      }
      const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
      const target = byName.get(name);
      if (target === undefined) continue;
      if (target !== pkg) packageEdges.push({ from: pkg.name, to: target.name, via: file });
      const subpath = `.${specifier.slice(name.length)}`;
      const to = target.sourceExports.get(subpath);
      // A subpath exported as a built file only (a bin, a JSON schema) is no source: the package edge stands for it.
      if (to !== undefined && owner.has(to)) edges.push({ from: file, to, kind });
    }
  }
  // What the manifests declare, whether or not a source imports it yet (a source's import is listed first: it says more).
  for (const pkg of packages) for (const to of pkg.declared) packageEdges.push({ from: pkg.name, to, via: join(pkg.dir, 'package.json') });
  return { files: [...owner.keys()], edges, packageEdges, unresolved };
}

/** The strongly connected components of a graph with more than one node or a node that reaches itself: its cycles. */
export function stronglyConnected(nodes: readonly string[], successors: (node: string) => readonly string[]): string[][] {
  return stronglyConnectedGroups(nodes, successors)
    .filter((group) => group.length > 1 || successors(group[0]!).includes(group[0]!))
    .map((group) => group.reverse());
}

/** Cycles that together pass through every node of a strongly connected component: for each node not on a cycle
 * found so far, the shortest cycle through it (breadth first, within the component). Each cycle ends where it starts. */
export function cyclesThrough(component: readonly string[], successors: (node: string) => readonly string[]): string[][] {
  const members = new Set(component);
  const inside = (node: string) => successors(node).filter((next) => members.has(next));
  const covered = new Set<string>();
  const cycles: string[][] = [];
  for (const start of [...component].sort()) {
    if (covered.has(start)) continue;
    const path = [...shortestCycle(start, inside)!, start];
    for (const node of path) covered.add(node);
    cycles.push(path);
  }
  return cycles;
}

const KIND_SHOWN: Readonly<Record<ImportKind, string>> = { import: ' -> ', 'export from': ' -> ', 'import type': ' -[import type]-> ', 'export type from': ' -[export type]-> ', 'import()': ' -[import()]-> ' };

/** Each file cycle as a readable path, `a.ts -> b.ts -[import type]-> a.ts` (paths relative to `root`; an arrow names
 * how the import is made when it is no plain import). */
export function fileCycles(graph: Pick<ImportGraph, 'files' | 'edges'>, root: string): string[] {
  const successors = new Map<string, string[]>();
  const kinds = new Map<string, Set<ImportKind>>();
  for (const { from, to, kind } of graph.edges) {
    const list = successors.get(from) ?? successors.set(from, []).get(from)!;
    if (!list.includes(to)) list.push(to);
    const key = `${from}\0${to}`;
    (kinds.get(key) ?? kinds.set(key, new Set()).get(key)!).add(kind);
  }
  const next = (file: string) => successors.get(file) ?? [];
  const arrow = (from: string, to: string) => {
    const made = kinds.get(`${from}\0${to}`)!;
    const plain = [...made].find((k) => KIND_SHOWN[k] === ' -> ');
    return KIND_SHOWN[plain ?? [...made].sort()[0]!];
  };
  return stronglyConnected(graph.files, next).flatMap((component) =>
    cyclesThrough(component, next).map((cycle) => cycle.map((file, i) => (i === 0 ? '' : arrow(cycle[i - 1]!, file)) + relative(root, file)).join('')),
  );
}

/** Each cycle between packages, `a -> b -> a`, with what makes each step (a file that imports, or a package.json). */
export function packageCycles(graph: Pick<ImportGraph, 'packageEdges'>, root: string): string[] {
  const successors = new Map<string, string[]>();
  const via = new Map<string, string>();
  for (const { from, to, via: where } of graph.packageEdges) {
    const list = successors.get(from) ?? successors.set(from, []).get(from)!;
    if (!list.includes(to)) list.push(to);
    if (!via.has(`${from}\0${to}`)) via.set(`${from}\0${to}`, where);
  }
  const next = (name: string) => successors.get(name) ?? [];
  const names = [...new Set(graph.packageEdges.flatMap((e) => [e.from, e.to]))];
  return stronglyConnected(names, next).flatMap((component) =>
    cyclesThrough(component, next).map((cycle) => {
      const steps = cycle.slice(1).map((to, i) => `${cycle[i]} -> ${to}: ${relative(root, via.get(`${cycle[i]}\0${to}`)!)}`);
      return `${cycle.join(' -> ')} (${steps.join('; ')})`;
    }),
  );
}
