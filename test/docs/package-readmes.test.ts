// The README of each published package that users install or embed is its npm page: it says what the package is
// for, how to install it, and links the docs; its TypeScript examples compile against the published types and run,
// each `console.log(…); // → text` printing that text. Guards against bare npm pages and examples that drift from
// the code. (The calckit README's `npx calckit` lines are run by test/cli/readme-commands.test.ts.)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { format } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readPage } from './markdown.js';

const ROOT = join(import.meta.dirname, '..', '..');
/** The packages whose READMEs this test holds: the CLI, and the libraries that had no page of their own. */
const PACKAGES = ['cli', 'format', 'ide', 'lint', 'project'] as const;
const MIN_LINES = 30;
const MAX_LINES = 80;
/** Where the examples run: a formula repository, for those that read calckit.json and formula files. */
const FORMULA_REPOSITORY = join(ROOT, 'examples');

const readmePath = (dir: string): string => join(ROOT, 'packages', dir, 'README.md');
const packageName = (dir: string): string => (JSON.parse(readFileSync(join(ROOT, 'packages', dir, 'package.json'), 'utf8')) as { name: string }).name;

export interface CodeExample {
  /** 1-based line of the README where the block's code starts. */
  readonly line: number;
  readonly code: string;
}

/** The ```ts blocks of a Markdown page. */
export function typeScriptBlocks(markdown: string): CodeExample[] {
  const blocks: CodeExample[] = [];
  let open: { line: number; lines: string[] } | undefined;
  markdown.split('\n').forEach((text, index) => {
    if (open === undefined) {
      if (/^```(ts|typescript)\s*$/.test(text)) open = { line: index + 2, lines: [] };
    } else if (/^```\s*$/.test(text)) {
      blocks.push({ line: open.line, code: `${open.lines.join('\n')}\n` });
      open = undefined;
    } else open.lines.push(text);
  });
  return blocks;
}

/** A `console.log(args); // → expected` line: what the reader is told it prints. */
const PRINTS = /^(\s*)console\.log\((.*)\);\s*\/\/ → (.*)$/;

/** The example with each checked console.log turned into a call that records what it printed; lines stay in place. */
export function withChecks(code: string): { code: string; expected: number } {
  let expected = 0;
  const lines = code.split('\n').map((line) => {
    const match = PRINTS.exec(line);
    if (!match) return line;
    expected++;
    return `${match[1]}(globalThis as any).__readmePrints([${match[2]}], ${JSON.stringify(match[3])});`;
  });
  return { code: lines.join('\n'), expected };
}

const examples = PACKAGES.flatMap((dir) =>
  existsSync(readmePath(dir)) ? typeScriptBlocks(readFileSync(readmePath(dir), 'utf8')).map((block, index) => ({ dir, index, ...block })) : [],
);

describe('the README of each published package', () => {
  it.each(PACKAGES)('packages/%s/README.md says what the package is, how to install it, and links the docs', (dir) => {
    // Before: none of these five packages had a README; npm showed their pages bare.
    expect(existsSync(readmePath(dir)), `packages/${dir}/README.md`).toBe(true);
    const text = readFileSync(readmePath(dir), 'utf8');
    const name = packageName(dir);
    expect(text.split('\n')[0]).toBe(`# ${name}`);
    const lines = text.trimEnd().split('\n').length;
    expect(lines).toBeGreaterThanOrEqual(MIN_LINES);
    expect(lines).toBeLessThanOrEqual(MAX_LINES);
    expect(text).toMatch(new RegExp(`npm install (--save-dev )?${name.replace('/', '\\/')}\\n`));
    const docsLinks = readPage(text).links.filter((link) => link.target.startsWith('../../docs/'));
    expect(docsLinks.map((link) => link.target)).toContain('../../docs/README.md');
  });

  it('the libraries say that most users install calckit instead', () => {
    for (const dir of PACKAGES.filter((d) => d !== 'cli')) {
      expect(readFileSync(readmePath(dir), 'utf8'), dir).toMatch(/Most users never install this package.*\[`calckit`\]\(\.\.\/cli\/README\.md\)/s);
    }
  });

  it('the calckit README links the reference page of every command', () => {
    const text = readFileSync(readmePath('cli'), 'utf8');
    const linked = new Set(readPage(text).links.map((link) => link.target.split('#')[0]));
    const pages = readPage(readFileSync(join(ROOT, 'docs/commands/README.md'), 'utf8'))
      .links.map((link) => link.target.split('#')[0]!)
      .filter((target) => target.endsWith('.md') && !target.includes('/'));
    expect(pages.length).toBeGreaterThan(10);
    const missing = [...new Set(pages)].filter((page) => !linked.has(`../../docs/commands/${page}`));
    expect(missing, `not linked from packages/cli/README.md: ${missing.join(', ')}`).toEqual([]);
  });
});

describe('the TypeScript examples of the package READMEs', () => {
  let folder = '';

  beforeAll(() => {
    // Inside the repository (its /tmp/ is ignored by git), so the examples resolve the workspace's packages.
    mkdirSync(join(ROOT, 'tmp'), { recursive: true });
    folder = mkdtempSync(join(ROOT, 'tmp', 'readme-examples-'));
    writeFileSync(join(folder, 'package.json'), '{ "type": "module", "private": true }\n');
    const compilerOptions = { noEmit: true, composite: false, declaration: false, declarationMap: false, sourceMap: false };
    const tsconfig = { extends: relative(folder, join(ROOT, 'tsconfig.base.json')), compilerOptions, include: ['*.example.ts'] };
    writeFileSync(join(folder, 'tsconfig.json'), `${JSON.stringify(tsconfig, null, 2)}\n`);
    for (const example of examples) {
      writeFileSync(join(folder, `${example.dir}-${example.index}.example.ts`), example.code);
      writeFileSync(join(folder, `${example.dir}-${example.index}.run.ts`), withChecks(example.code).code);
    }
  });

  afterAll(() => {
    if (folder !== '') rmSync(folder, { recursive: true, force: true });
  });

  it('are there: one at least for each library', () => {
    expect(new Set(examples.map((e) => e.dir))).toEqual(new Set(PACKAGES.filter((d) => d !== 'cli')));
  });

  it('compile against the packages as published (their built types), with the project\'s strict settings', () => {
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    let output = '';
    try {
      execFileSync(process.execPath, [tsc, '-p', join(folder, 'tsconfig.json')], { encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? error);
    }
    // A README line is the example file's line plus the block's first line, less one.
    const located = output.replace(/\S*?(\w+)-(\d+)\.example\.ts\((\d+),(\d+)\)/g, (_, dir: string, index: string, line: string, column: string) => {
      const example = examples.find((e) => e.dir === dir && e.index === Number(index))!;
      return `packages/${dir}/README.md:${example.line + Number(line) - 1}:${column}`;
    });
    expect(located).toBe('');
  }, 120_000);

  it.each(examples.map((e) => [`packages/${e.dir}/README.md:${e.line}`, e] as const))('%s runs and prints what it says', async (_, example) => {
    const { expected } = withChecks(example.code);
    expect(expected, 'an example shows what it prints (console.log(…); // → text)').toBeGreaterThan(0);
    const printed: { expected: string; actual: string }[] = [];
    (globalThis as Record<string, unknown>)['__readmePrints'] = (args: unknown[], text: string) => printed.push({ expected: text, actual: format(...args) });
    const quiet = vi.spyOn(console, 'log').mockImplementation(() => {});
    // No service settings from the environment: the examples must not depend on them.
    const env = Object.keys(process.env).filter((key) => key.startsWith('CALCKIT_'));
    const saved = env.map((key) => [key, process.env[key]] as const);
    for (const key of env) delete process.env[key];
    const cwd = process.cwd();
    process.chdir(FORMULA_REPOSITORY);
    try {
      await import(pathToFileURL(join(folder, `${example.dir}-${example.index}.run.ts`)).href);
    } finally {
      process.chdir(cwd);
      for (const [key, value] of saved) process.env[key] = value;
      quiet.mockRestore();
      delete (globalThis as Record<string, unknown>)['__readmePrints'];
    }
    expect(printed.map((p) => p.actual)).toEqual(printed.map((p) => p.expected));
    expect(printed).toHaveLength(expected);
  });
});

describe('the example reader itself', () => {
  it('finds ts blocks with their first line, and turns only the lines that say what they print into checks', () => {
    const blocks = typeScriptBlocks('# x\n\n```ts\nconst a = 1;\nconsole.log(a); // → 1\n```\n\n```sh\nnpm i\n```\n');
    expect(blocks).toEqual([{ line: 4, code: 'const a = 1;\nconsole.log(a); // → 1\n' }]);
    const checked = withChecks('console.log(a, `b`); // → 1 → b\nconsole.log(c);\n');
    expect(checked.expected).toBe(1);
    expect(checked.code).toBe('(globalThis as any).__readmePrints([a, `b`], "1 → b");\nconsole.log(c);\n');
  });
});
