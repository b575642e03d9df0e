// `calckit format [--check] [--write] <paths|globs|->`: formats formula files in place (Prettier's --write, the
// default here), checks them (--check: exit 1 listing unformatted files), or formats standard input to standard output.
// Files must be UTF-8 text (@calckit/project's readFormulaFile) and are replaced through its atomic writer (mode, owner
// and symbolic links kept). Directories and globs select *.calc files; a file named on the command line is formatted
// whatever its extension.
import { lstat, stat } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import type { Command } from 'commander';
import { glob, isDynamicPattern } from 'tinyglobby';
import { formatText, resolveFormatOptions, DEFAULT_FORMAT_OPTIONS, type FormatResult, type ResolvedFormatOptions } from '@calckit/format';
import { FileAccessError, FileEncodingError, ProjectIndex, decodeFormulaText, isInside, readFormulaFile, writeFormulaFile } from '@calckit/project';
import { CliExit, EXIT_FINDINGS, EXIT_OK, EXIT_USAGE } from '../exit.js';
import { readStdinBytes } from '../io.js';

export interface FormatCommandOptions {
  readonly check?: boolean;
  readonly write?: boolean;
  /** A project file to read the `format` section from, instead of the nearest calckit.json. */
  readonly config?: string;
  /** The path standard input stands for: finds its project file and names it in messages. */
  readonly stdinFilename?: string;
  readonly lineWidth?: string;
  readonly indent?: string;
  readonly keywordCase?: string;
  readonly functionCase?: string;
  /** False with --no-error-on-unmatched-pattern. */
  readonly errorOnUnmatchedPattern?: boolean;
}

/** What happened to one input. */
export interface FormatOutcome {
  readonly path: string;
  /** `not-text`: not UTF-8 text (or binary), refused; `unwritable`: formatted but could not be written. */
  readonly status: 'formatted' | 'unchanged' | 'syntax-error' | 'unreadable' | 'not-text' | 'unwritable' | 'internal-error';
  readonly message?: string;
}

export interface FormatCommandResult {
  readonly exitCode: number;
  /** Formatted text (standard input) or the list of unformatted or rewritten files. */
  readonly stdout: string;
  /** Warnings, errors and the summary, one per line. */
  readonly stderr: string[];
  readonly outcomes: FormatOutcome[];
}

export interface FormatIo {
  readonly cwd: string;
  /** Standard input: its bytes (checked for UTF-8 like a file's) or its text. */
  readonly readStdin: () => Promise<string | Uint8Array>;
}

/** Files a directory argument stands for; a glob's matches are filtered to them too. */
const FORMULA_GLOB = '**/*.calc';
const isFormulaFile = (path: string): boolean => path.endsWith('.calc');
const IGNORED_DIRS = ['**/node_modules/**', '**/.git/**', '**/dist/**'];

/** Command-line options that override the project file, by formatter option. */
const FLAG_OPTIONS = [
  ['lineWidth', 'lineWidth', Number],
  ['indent', 'indent', Number],
  ['keywordCase', 'keywordCase', String],
  ['functionCase', 'functionCase', String],
] as const;

function flagOverrides(options: FormatCommandOptions): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [flag, key, convert] of FLAG_OPTIONS) {
    const value = options[flag];
    if (value !== undefined) out[key] = convert(value);
  }
  return out;
}

/** Resolves formatter options per file: defaults, then the project file's `format` section, then flags. */
class OptionsResolver {
  private readonly byProjectFile = new Map<string, ResolvedFormatOptions>();
  private readonly index: ProjectIndex;

  constructor(
    options: FormatCommandOptions,
    private readonly flags: Record<string, unknown>,
  ) {
    this.index = new ProjectIndex(options.config !== undefined ? { config: options.config } : {});
  }

  /**
   * The options for a file (or, with `folder`, for text formatted in that folder). Throws CliExit(2) on a project file
   * that cannot be read or a `format` section or flag that is invalid.
   */
  forPath(path: string, folder = false): ResolvedFormatOptions {
    const projectFile = folder ? this.index.projectFileIn(path) : this.index.projectFileFor(path);
    const key = projectFile ?? '';
    const cached = this.byProjectFile.get(key);
    if (cached) return cached;
    let base = DEFAULT_FORMAT_OPTIONS;
    if (projectFile !== undefined) {
      let section: unknown;
      try {
        section = this.index.load(projectFile).project.format;
      } catch (error) {
        throw new CliExit(EXIT_USAGE, `calckit format: ${error instanceof Error ? error.message : String(error)}`);
      }
      const fromProject = resolveFormatOptions(section);
      if (fromProject.problems.length > 0) {
        throw new CliExit(EXIT_USAGE, fromProject.problems.map((p) => `calckit format: ${projectFile}: ${p}`).join('\n'));
      }
      base = fromProject.options;
    }
    const fromFlags = resolveFormatOptions(this.flags, base);
    if (fromFlags.problems.length > 0) {
      throw new CliExit(EXIT_USAGE, fromFlags.problems.map((p) => `calckit format: --${p.replace(/^format\./, '').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`).join('\n'));
    }
    this.byProjectFile.set(key, fromFlags.options);
    return fromFlags.options;
  }

  /** For a file inside a project: the project's folder, which the file must not leave through a symbolic link. */
  within(path: string): { projectRoot?: string } {
    const projectFile = this.index.projectFileFor(path);
    const root = projectFile !== undefined ? dirname(projectFile) : undefined;
    return root !== undefined && isInside(root, path) ? { projectRoot: root } : {};
  }
}

/**
 * Expands paths, directories and globs to files, in a stable order; unmatched patterns are reported. Directories and
 * globs give *.calc files only (`format '*'` leaves `notes.bak` alone); a path named as such is taken as it is.
 */
async function expand(patterns: readonly string[], cwd: string): Promise<{ files: string[]; unmatched: string[]; nonFormulaOnly: Set<string> }> {
  const files = new Set<string>();
  const unmatched: string[] = [];
  const nonFormulaOnly = new Set<string>();
  for (const pattern of patterns) {
    const absolute = resolve(cwd, pattern);
    const info = await stat(absolute).catch(() => undefined);
    // A path that exists but cannot be followed (a dangling link) is named, so that reading it reports why.
    const link = info ? undefined : await lstat(absolute).catch(() => undefined);
    let matches: string[];
    if (info?.isFile() || link) matches = [absolute];
    else if (info?.isDirectory()) matches = await glob(FORMULA_GLOB, { cwd: absolute, absolute: true, ignore: IGNORED_DIRS });
    else if (isDynamicPattern(pattern)) {
      const all = await glob(pattern, { cwd, absolute: true, ignore: IGNORED_DIRS });
      matches = all.filter(isFormulaFile);
      if (matches.length === 0 && all.length > 0) nonFormulaOnly.add(pattern);
    } else matches = [];
    if (matches.length === 0) unmatched.push(pattern);
    for (const m of matches.sort()) files.add(m);
  }
  return { files: [...files], unmatched, nonFormulaOnly };
}

function describeProblem(name: string, result: FormatResult): string {
  if (result.status === 'syntax-error') {
    const first = result.errors[0]!;
    const more = result.errors.length > 1 ? ` (and ${result.errors.length - 1} more)` : '';
    return `${name}:${first.range.start.line}:${first.range.start.column}: warning: not formatted, the formula has a syntax error: ${first.message}${more}`;
  }
  return `${name}: error: not formatted, the formatter failed its own checks (please report this): ${result.message ?? ''}`;
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The command's logic: returns what to print and the exit code; the only side effect is writing files. */
export async function runFormat(patterns: readonly string[], options: FormatCommandOptions, io: FormatIo): Promise<FormatCommandResult> {
  const stderr: string[] = [];
  const outcomes: FormatOutcome[] = [];
  let stdout = '';
  if (patterns.length === 0) throw new CliExit(EXIT_USAGE, "calckit format: give files, directories or globs to format, or '-' for standard input");
  if (options.check && options.write) throw new CliExit(EXIT_USAGE, 'calckit format: --check and --write cannot be combined');
  const resolver = new OptionsResolver(options, flagOverrides(options));

  if (patterns.includes('-')) {
    if (patterns.length > 1) throw new CliExit(EXIT_USAGE, "calckit format: '-' (standard input) cannot be combined with other paths");
    const name = options.stdinFilename ?? '<stdin>';
    const formatOptions = options.stdinFilename !== undefined ? resolver.forPath(resolve(io.cwd, options.stdinFilename)) : resolver.forPath(io.cwd, true);
    const input = await io.readStdin();
    let text: string;
    try {
      text = typeof input === 'string' ? input : decodeFormulaText(input, name);
    } catch (error) {
      if (!(error instanceof FileEncodingError)) throw error;
      // Nothing on standard output: a pipeline must not take an empty text for the formatted formula.
      const message = `calckit format: ${error.message}`;
      return { exitCode: EXIT_USAGE, stdout: '', stderr: [message], outcomes: [{ path: name, status: 'not-text', message }] };
    }
    const result = formatText(text, formatOptions);
    if (result.status !== 'formatted') stderr.push(describeProblem(name, result));
    const status = result.status === 'formatted' ? (result.changed ? 'formatted' : 'unchanged') : result.status;
    outcomes.push({ path: name, status });
    if (options.check) {
      if (result.changed) stdout = `${name}\n`;
      return { exitCode: status === 'internal-error' ? EXIT_USAGE : result.changed ? EXIT_FINDINGS : EXIT_OK, stdout, stderr, outcomes };
    }
    return { exitCode: status === 'internal-error' ? EXIT_USAGE : EXIT_OK, stdout: result.text, stderr, outcomes };
  }

  const { files, unmatched, nonFormulaOnly } = await expand(patterns, io.cwd);
  let failed = false;
  for (const pattern of unmatched) {
    if (options.errorOnUnmatchedPattern === false) continue;
    const hint = nonFormulaOnly.has(pattern) ? ' (directories and globs select *.calc files only: name other files one by one)' : '';
    stderr.push(`calckit format: no files match '${pattern}'${hint}`);
    failed = true;
  }
  for (const file of files) {
    const name = relative(io.cwd, file) || file;
    let text: string;
    try {
      text = readFormulaFile(file, { displayPath: name, ...resolver.within(file) });
    } catch (error) {
      if (!(error instanceof FileAccessError || error instanceof FileEncodingError)) throw error;
      // Not UTF-8 text: refused, never rewritten (decoding it would turn each bad byte into U+FFFD).
      const message = `calckit format: ${error.message}`;
      stderr.push(message);
      outcomes.push({ path: name, status: error instanceof FileEncodingError ? 'not-text' : 'unreadable', message });
      failed = true;
      continue;
    }
    const result = formatText(text, resolver.forPath(file));
    if (result.status !== 'formatted') {
      const message = describeProblem(name, result);
      stderr.push(message);
      outcomes.push({ path: name, status: result.status, message });
      if (result.status === 'internal-error') failed = true;
      continue;
    }
    if (!result.changed) {
      outcomes.push({ path: name, status: 'unchanged' });
      continue;
    }
    if (options.check) {
      stdout += `${name}\n`;
    } else {
      try {
        // Atomic (temporary file, fsync, rename), keeping mode and owner, through a symbolic link to its target.
        await writeFormulaFile(file, result.text, { displayPath: name, ...resolver.within(file) });
      } catch (error) {
        if (!(error instanceof FileAccessError || error instanceof FileEncodingError)) throw error;
        const message = `calckit format: ${error.message}`;
        stderr.push(message);
        outcomes.push({ path: name, status: 'unwritable', message });
        failed = true;
        continue;
      }
      stdout += `${name}\n`;
    }
    outcomes.push({ path: name, status: 'formatted' });
  }

  const count = (s: FormatOutcome['status']): number => outcomes.filter((o) => o.status === s).length;
  const changed = count('formatted');
  const skipped = count('syntax-error');
  const failures = count('not-text') + count('unreadable') + count('unwritable') + count('internal-error');
  const parts = [
    options.check ? `${plural(changed, 'file')} not formatted` : `${plural(changed, 'file')} formatted`,
    `${count('unchanged')} already formatted`,
    ...(skipped > 0 ? [`${skipped} skipped (syntax errors)`] : []),
    ...(failures > 0 ? [`${failures} failed (see above)`] : []),
  ];
  stderr.push(`calckit format: ${parts.join(', ')}${options.check && changed > 0 ? "; run 'calckit format' on them to fix" : ''}`);
  const exitCode = failed ? EXIT_USAGE : options.check && changed > 0 ? EXIT_FINDINGS : EXIT_OK;
  return { exitCode, stdout, stderr, outcomes };
}

export function register(program: Command): void {
  program
    .command('format')
    .description('format formula files in place (canonical case, spacing, CASE layout, line width); --check only reports')
    .argument('[paths...]', "files, directories (their *.calc files) or globs, at least one; '-' formats standard input to standard output")
    .option('--check', 'write nothing; list unformatted files and exit 1 if there are any')
    .option('--write', 'rewrite files in place (the default; accepted for Prettier habits)')
    .option('--config <file>', 'read the `format` section of this project file instead of the nearest calckit.json')
    .option('--stdin-filename <path>', 'the path standard input stands for (finds its calckit.json, names it in messages)')
    .option('--line-width <n>', `line width in display columns, 20-1000 (default: the project's format.lineWidth, else ${DEFAULT_FORMAT_OPTIONS.lineWidth})`)
    .option('--indent <n>', `spaces per indentation level, 0-16 (default: the project's format.indent, else ${DEFAULT_FORMAT_OPTIONS.indent})`)
    .option('--keyword-case <case>', 'case of keywords: upper, lower or preserve (default: the project\'s format.keywordCase, else upper)')
    .option('--function-case <case>', 'case of function names: upper, lower or preserve (default: the project\'s format.functionCase, else upper)')
    .option('--no-error-on-unmatched-pattern', 'do not fail when a path or glob matches no file')
    .action(async (paths: string[], options: FormatCommandOptions) => {
      const result = await runFormat(paths, options, { cwd: process.cwd(), readStdin: readStdinBytes });
      process.stdout.write(result.stdout);
      for (const line of result.stderr) process.stderr.write(`${line}\n`);
      if (result.exitCode !== EXIT_OK) throw new CliExit(result.exitCode);
    });
}
