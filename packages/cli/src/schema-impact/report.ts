// The impact's report in each format: text (the column changes per dataset, then lint's stylish report of the
// findings), json (one document: changes, findings with file:line:col and rule, what --fix renamed), sarif (lint's
// SARIF reporter, lint's rules and the impact's own). Paths are relative to the working directory.
import { REPORTERS, RULES, escapeForTerminal, type FileResult } from '@calckit/lint';
import type { ColumnChange } from '@calckit/project';
import { VERSION } from '../version.js';
import { IMPACT_RULES } from './impact-rules.js';
import type { DatasetImpact, ImpactResult } from './impact.js';
import type { ColumnRenameResult } from './rename-column.js';

export const IMPACT_FORMATS = ['text', 'json', 'sarif'] as const;
export type ImpactFormat = (typeof IMPACT_FORMATS)[number];

const bt = (name: string): string => '`' + name.replace(/`/g, '``') + '`';

export function describeChange(change: ColumnChange): string {
  switch (change.kind) {
    case 'added':
      return `added ${bt(change.after.name)} (${change.after.type})`;
    case 'removed':
      return `removed ${bt(change.before.name)}`;
    case 'renamed':
      return `renamed ${bt(change.before.name)} → ${bt(change.after.name)} (id ${change.after.id})`;
    case 'type-changed':
      return `type of ${bt(change.after.name)} ${change.before.type} → ${change.after.type}`;
  }
}

function changeLines(datasets: readonly DatasetImpact[]): string[] {
  return datasets.map((d) => `dataset ${d.dataset}: ${d.changes.length === 0 ? 'no change' : d.changes.map(describeChange).join(', ')}`);
}

function fixedLines(fixed: readonly ColumnRenameResult[]): string[] {
  return fixed.map((r) => {
    const refs = r.files.reduce((n, f) => n + f.edits.length, 0);
    const where = r.files.map((f) => `${f.path} (${f.edits.length})`).join(', ');
    return `fixed: renamed ${bt(r.oldName)} → ${bt(r.newName)} in dataset ${r.dataset}: ${refs} reference${refs === 1 ? '' : 's'}${where ? ` in ${where}` : ''}${r.schemaFile !== undefined ? `, and in ${r.schemaFile}` : ''}`;
  });
}

export interface ImpactReportInput {
  readonly impact: ImpactResult;
  readonly fixed: readonly ColumnRenameResult[];
  readonly format: ImpactFormat;
  readonly color: boolean;
  readonly exitCode: number;
}

/** The report for stdout; `notes` go to stderr (with sarif and json, stdout holds the one document). */
export function renderImpact(input: ImpactReportInput): { report: string; notes: string[] } {
  const { impact, fixed, format } = input;
  if (format === 'sarif') {
    const report = REPORTERS['sarif']!(impact.results, { color: false, rules: [...RULES, ...IMPACT_RULES], toolVersion: VERSION });
    return { report: `${report}\n`, notes: [...changeLines(impact.datasets), ...fixedLines(fixed)] };
  }
  if (format === 'json') {
    const document = {
      datasets: impact.datasets,
      findings: impact.results.flatMap((r: FileResult) =>
        r.messages.map((m) => ({
          file: r.filePath,
          line: m.range.start.line,
          column: m.range.start.column,
          endLine: m.range.end.line,
          endColumn: m.range.end.column,
          rule: m.fatal ? null : m.ruleId,
          severity: m.severity === 'error' ? 'error' : 'warning',
          message: m.message,
        })),
      ),
      fixed,
      exitCode: input.exitCode,
    };
    return { report: `${JSON.stringify(document, null, 2)}\n`, notes: [] };
  }
  const lines = [...changeLines(input.impact.datasets), ...fixedLines(fixed)].map(escapeForTerminal).join('\n');
  const stylish = REPORTERS['stylish']!(impact.results, { color: input.color, rules: [...RULES, ...IMPACT_RULES], toolVersion: VERSION });
  return { report: `${lines}\n\n${stylish === '' ? 'no formula breaks or changes meaning\n' : stylish.replace(/^\n+/, '')}`, notes: [] };
}
