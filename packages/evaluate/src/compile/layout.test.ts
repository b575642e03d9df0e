// The compiler's files keep one concern each: small, each opening with a comment that says its job, and none but the
// entry importing the dispatching compiler back (the others reach it through compiled.ts's ExpressionCompiler).
// Guards against the compiler growing back into one file of many concerns.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('..', import.meta.url));
const FOLDER = join(SRC, 'compile');
/** Most lines a file of the compiler may have. */
const MAX_LINES = 300;

/** The compiler's sources: the files of src/compile/ (tests aside), and a src/compile.ts if one stands beside them. */
function compilerSources(): { name: string; text: string }[] {
  const files = existsSync(FOLDER) ? readdirSync(FOLDER).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).map((f) => join('compile', f)) : [];
  if (existsSync(join(SRC, 'compile.ts'))) files.push('compile.ts');
  return files.map((name) => ({ name, text: readFileSync(join(SRC, name), 'utf8') }));
}

describe("the compiler's files", () => {
  const sources = compilerSources();

  it('are the files of src/compile/, entered by compile/index.ts', () => {
    expect(sources.map((s) => s.name)).toContain(join('compile', 'index.ts'));
    expect(sources.map((s) => s.name)).not.toContain('compile.ts');
  });

  it(`have at most ${MAX_LINES} lines each`, () => {
    const long = sources.filter((s) => s.text.split('\n').length > MAX_LINES).map((s) => `${s.name}: ${s.text.split('\n').length} lines`);
    expect(long).toEqual([]);
  });

  it('open with a comment saying their job', () => {
    expect(sources.filter((s) => !/^\/\/ \S/.test(s.text)).map((s) => s.name)).toEqual([]);
  });

  it('import the dispatching compiler only from the entry', () => {
    const importers = sources.filter((s) => /from '\.\/compiler\.js'/.test(s.text)).map((s) => s.name);
    expect(importers).toEqual([join('compile', 'index.ts')]);
  });
});
