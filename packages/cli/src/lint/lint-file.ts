// Linting one file or text: settings from the project, the lint call, the result as reporters want it. A file that is
// not UTF-8 text (or is binary) is one fatal error, ESLint's way, and the run goes on with the other files.
import { lintText, type LintMessage, type ResolvedConfig } from '@calckit/lint';
import type { FileResult } from '@calckit/lint';
import { FileAccessError, FileEncodingError, readFormulaFile } from '@calckit/project';
import { SettingsError, type ProjectResolver } from './projects.js';

export interface LintJob {
  /** Absolute path (or the --stdin-filename) used for settings. */
  readonly file: string;
  /** Path to show in reports. */
  readonly displayPath: string;
  /** The text when it does not come from the file (stdin). */
  readonly text?: string;
}

export interface LintRunOptions {
  readonly fix: boolean;
  readonly quiet: boolean;
  /** Keep each file's text in its result (code frames need it; other formats do not, and 10,000 texts add up). */
  readonly keepSource: boolean;
}

/** `--quiet` runs error rules only (ESLint 9): warn rules neither report nor fix. One copy per resolved config. */
const errorRulesOnly = new WeakMap<ResolvedConfig, ResolvedConfig>();
function withoutWarnRules(config: ResolvedConfig): ResolvedConfig {
  let out = errorRulesOnly.get(config);
  if (!out) {
    out = { rules: Object.fromEntries(Object.entries(config.rules).map(([id, s]) => [id, s.severity === 'warn' ? { ...s, severity: 'off' as const } : s])) };
    errorRulesOnly.set(config, out);
  }
  return out;
}

/** Warnings dropped (`--quiet`), counts adjusted. */
export function onlyErrors(result: FileResult): FileResult {
  const messages: LintMessage[] = result.messages.filter((m) => m.severity === 'error');
  return { ...result, messages, warningCount: 0, fixableWarningCount: 0 };
}

/** The one message of a file that could not be linted: its bytes are not formula text. */
export function fatalResult(displayPath: string, error: FileEncodingError): FileResult {
  const at = { line: error.line, column: error.column, offset: 0 };
  const message: LintMessage = {
    ruleId: error.kind === 'binary' ? 'binary-file' : 'file-encoding',
    fatal: true,
    severity: 'error',
    message: error.detail, // the reporters name the file
    range: { start: at, end: { ...at, column: at.column + 1 } },
  };
  return { filePath: displayPath, messages: [message], errorCount: 1, warningCount: 0, fixableErrorCount: 0, fixableWarningCount: 0, source: '' };
}

/** A file's text; throws FileEncodingError for one that is not UTF-8 text, SettingsError (exit 2) for one that cannot be read. */
export function readJobText(job: LintJob): string {
  if (job.text !== undefined) return job.text;
  try {
    return readFormulaFile(job.file, { displayPath: job.displayPath });
  } catch (error) {
    if (error instanceof FileAccessError) throw new SettingsError(`calckit lint: ${error.message}`);
    throw error;
  }
}

export function lintJob(job: LintJob, resolver: ProjectResolver, options: LintRunOptions): FileResult {
  const settings = resolver.settingsFor(job.file);
  let text: string;
  try {
    text = readJobText(job);
  } catch (error) {
    if (error instanceof FileEncodingError) return fatalResult(job.displayPath, error);
    throw error;
  }
  const result = lintText(text, {
    resolvedConfig: options.quiet ? withoutWarnRules(settings.resolved) : settings.resolved,
    ...(settings.schema ? { schema: settings.schema } : {}),
    ...(settings.projectInfo ? { project: settings.projectInfo } : {}),
    ...(settings.relativePath !== undefined ? { filePath: settings.relativePath } : {}),
    fix: options.fix,
  });
  const out: FileResult = { ...result, filePath: job.displayPath, ...(options.keepSource ? {} : { source: '' }) };
  return options.quiet ? onlyErrors(out) : out;
}
