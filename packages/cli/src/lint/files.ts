// Which files `calckit lint` reads: paths, directories (searched for *.calc) and globs (their *.calc matches), minus
// ignored ones. Only a file named on the command line is linted whatever its extension.
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { glob, isDynamicPattern } from 'tinyglobby';

export const FORMULA_GLOB = '**/*.calc';
/** What directories and globs select: formula files. */
export const isFormulaFile = (path: string): boolean => path.endsWith('.calc');
const ALWAYS_IGNORED = ['**/node_modules/**', '**/.git/**'];

export interface ExpandResult {
  /** Absolute paths, sorted, without duplicates. */
  readonly files: string[];
  /** Patterns that matched no file (or, for globs, no *.calc file). */
  readonly unmatched: string[];
  /** Globs among `unmatched` that matched files other than *.calc (worth saying: they are skipped on purpose). */
  readonly nonFormulaOnly: ReadonlySet<string>;
  /** Files named directly (not found through a directory or a glob). */
  readonly explicit: ReadonlySet<string>;
}

export async function expandPatterns(patterns: readonly string[], cwd: string): Promise<ExpandResult> {
  const files = new Set<string>();
  const explicit = new Set<string>();
  const unmatched: string[] = [];
  const nonFormulaOnly = new Set<string>();
  for (const pattern of patterns) {
    const absolute = resolve(cwd, pattern);
    let found: string[] = [];
    let stat;
    try {
      stat = statSync(absolute);
    } catch {
      stat = undefined;
    }
    if (stat?.isFile()) {
      found = [absolute];
      explicit.add(resolve(absolute));
    }
    else if (stat?.isDirectory()) found = await glob(FORMULA_GLOB, { cwd: absolute, absolute: true, ignore: ALWAYS_IGNORED, dot: false });
    else if (isDynamicPattern(pattern)) {
      const all = await glob(pattern.replace(/\\/g, '/'), { cwd, absolute: true, ignore: ALWAYS_IGNORED, dot: false });
      found = all.filter(isFormulaFile);
      if (found.length === 0 && all.length > 0) nonFormulaOnly.add(pattern);
    }
    if (found.length === 0) unmatched.push(pattern);
    for (const f of found) files.add(resolve(f));
  }
  return { files: [...files].sort(), unmatched, explicit, nonFormulaOnly };
}
