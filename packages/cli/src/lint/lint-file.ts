// Linting one file or text: settings from the project, the lint call, the result as reporters want it.
import { readFileSync } from 'node:fs';
import { lintText, type LintMessage, type ResolvedConfig } from '@calckit/lint';
import type { FileResult } from '@calckit/lint';
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

export function lintJob(job: LintJob, resolver: ProjectResolver, options: LintRunOptions): FileResult {
  const settings = resolver.settingsFor(job.file);
  let text: string;
  try {
    text = job.text ?? readFileSync(job.file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new SettingsError(`calckit lint: cannot read ${job.displayPath}: ${code === 'EACCES' ? 'permission denied' : code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
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
