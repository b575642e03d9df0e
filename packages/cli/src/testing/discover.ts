// Which test files `calckit test` runs: for a directory, every `*.calc.test.json|yaml|yml` under it plus the test files
// beside each formula the project maps there (the project index's calculations); for a formula file, its test files;
// a test file as named. Without paths: the project of the working directory (its root), else the working directory.
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { glob, isDynamicPattern } from 'tinyglobby';
import { TEST_FILE_SUFFIXES, isTestFile, testFilePathsFor } from '@calckit/evaluate';
import { isInside, type ProjectIndex } from '@calckit/project';

/** Test files found by searching: `<formula>.calc.test.json|yaml|yml` (a named file is taken whatever its name). */
const TEST_GLOB = `**/*.calc.test.{${TEST_FILE_SUFFIXES.map((s) => s.slice('.test.'.length)).join(',')}}`;
const ALWAYS_IGNORED = ['**/node_modules/**', '**/.git/**'];

export interface DiscoverResult {
  /** Absolute paths of test files, sorted, without duplicates. */
  readonly files: string[];
  /** Paths that name nothing, or nothing with tests. */
  readonly unmatched: string[];
  /** The folders searched (what --watch watches). */
  readonly roots: string[];
}

/** The test files of a formula file that exist beside it. */
export const testFilesOf = (formula: string): string[] => testFilePathsFor(formula).filter((f) => existsSync(f));

export async function discoverTestFiles(paths: readonly string[], cwd: string, index: ProjectIndex): Promise<DiscoverResult> {
  const files = new Set<string>();
  const unmatched: string[] = [];
  const roots = new Set<string>();
  let targets = paths;
  if (targets.length === 0) {
    let root = cwd;
    try {
      root = index.projectIn(cwd)?.project.root ?? cwd;
    } catch {
      // A broken project file is reported when a test needs it.
    }
    targets = [root];
  }
  for (const path of targets) {
    const absolute = resolve(cwd, path);
    let stat;
    try {
      stat = statSync(absolute);
    } catch {
      stat = undefined;
    }
    let found: string[] = [];
    if (stat?.isFile()) {
      found = isTestFile(absolute) ? [absolute] : testFilesOf(absolute);
      roots.add(resolve(absolute, '..'));
    } else if (stat?.isDirectory()) {
      roots.add(absolute);
      found = await glob(TEST_GLOB, { cwd: absolute, absolute: true, ignore: ALWAYS_IGNORED, dot: false });
      // Formulas the project maps under this folder whatever their names: their tests too.
      try {
        const project = index.projectIn(absolute)?.project;
        for (const calc of project?.calculations ?? []) {
          if (calc.file === absolute || isInside(absolute, calc.file)) found.push(...testFilesOf(calc.file));
        }
      } catch {
        // As above.
      }
    } else if (isDynamicPattern(path)) {
      roots.add(cwd);
      found = (await glob(path.replace(/\\/g, '/'), { cwd, absolute: true, ignore: ALWAYS_IGNORED, dot: false })).flatMap((f) => (isTestFile(f) ? [f] : testFilesOf(f)));
    }
    // Without paths, an empty project is "no test files", not a path that matched nothing.
    if (found.length === 0 && paths.length > 0) unmatched.push(path);
    for (const f of found) files.add(resolve(f));
  }
  return { files: [...files].sort(), unmatched, roots: [...roots] };
}
