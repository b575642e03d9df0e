// The lint step of push: a seam the lint package will fill. Today it reports analyzeCalculation's problems as errors;
// when @calckit/lint exposes its API, only this file changes (same input, same output).
import { analyzeCalculation } from '@calckit/formula';
import type { DatasetColumn } from '@calckit/project';

export interface PushLintProblem {
  readonly severity: 'error' | 'warning';
  readonly code: string;
  readonly message: string;
  readonly line: number;
  readonly column: number;
}

export interface PushLintOptions {
  readonly serviceName: string;
  readonly schema?: readonly DatasetColumn[] | undefined;
  /** The project's `lint` section, for the lint package's rule settings (unused until it lands). */
  readonly lintSettings?: Readonly<Record<string, unknown>>;
  /** Absolute path of the file (for per-file overrides). */
  readonly file?: string;
}

/** Problems that should stop a push of this expression (errors) or be shown (warnings). */
export function lintForPush(expression: string, options: PushLintOptions): PushLintProblem[] {
  const analysis = analyzeCalculation(expression, {
    serviceName: options.serviceName,
    ...(options.schema !== undefined ? { schema: options.schema } : {}),
  });
  return analysis.problems.map((p) => ({ severity: 'error', code: p.code, message: p.message, line: p.line, column: p.column }));
}
