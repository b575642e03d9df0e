// The lint step of push: @calckit/lint with the project's `lint` settings. Errors stop a file's push; warnings are
// shown. Kept behind this one function type so push does not depend on how linting is configured.
import { RULES, isIgnored, lintText, parseLintConfig, type LintConfig } from '@calckit/lint';
import type { DatasetColumn } from '@calckit/project';

export interface PushLintProblem {
  readonly severity: 'error' | 'warning';
  readonly code: string;
  readonly message: string;
  readonly line: number;
  readonly column: number;
}

/** Lints one expression of one file (path relative to the project root, `/`-separated). */
export type PushLinter = (expression: string, file: { readonly path: string; readonly schema?: readonly DatasetColumn[] | undefined }) => PushLintProblem[];

/** The project's `lint` section is invalid: push stops before sending anything (exit 2). */
export class PushLintConfigError extends Error {
  override readonly name = 'PushLintConfigError';
}

/**
 * Validates the `lint` settings once and returns the linter push applies to each file. `nestedIds` (the project
 * index's, for the service's name) lets nested-calculation-depth refuse what the service would (ILLEGAL_DEPTH).
 */
export function createPushLinter(options: {
  readonly serviceName: string;
  readonly lintSettings?: Readonly<Record<string, unknown>>;
  readonly nestedIds?: (id: number) => readonly number[] | undefined;
}): PushLinter {
  let config: LintConfig;
  try {
    config = parseLintConfig(options.lintSettings ?? {}, RULES);
  } catch (error) {
    throw new PushLintConfigError(`calckit.json: ${(error as Error).message}`);
  }
  const nestedIds = options.nestedIds;
  const project = { serviceName: options.serviceName, nestedIds: (id: number) => nestedIds?.(id) };
  return (expression, file) => {
    if (isIgnored(config, file.path)) return [];
    const result = lintText(expression, {
      config,
      filePath: file.path,
      project,
      ...(file.schema !== undefined ? { schema: file.schema } : {}),
    });
    return result.messages.map((m) => ({
      severity: m.severity === 'error' ? 'error' : 'warning',
      code: m.ruleId,
      message: m.message,
      line: m.range.start.line,
      column: m.range.start.column,
    }));
  };
}
