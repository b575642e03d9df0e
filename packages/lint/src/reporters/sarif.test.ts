// The SARIF reporter's log against the official SARIF 2.1.0 JSON schema (vendored as
// test/lint/sarif-schema-2.1.0.json from https://raw.githubusercontent.com/oasis-tcs/sarif-spec/master/Schemata/sarif-schema-2.1.0.json,
// its $id), for every shape of problem it writes: fixes, empty and multi-line ranges, unknown rules, odd paths.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { Log } from 'sarif';
import { describe, expect, it } from 'vitest';
import { RULES } from '../rules/index.js';
import type { LintMessage } from '../types.js';
import type { FileResult } from './index.js';
import { sarif } from './sarif.js';

const SCHEMA = join(import.meta.dirname, '../../../../test/lint/sarif-schema-2.1.0.json');
const validate = (() => {
  const ajv = new Ajv.default({ strict: false, allErrors: true });
  addFormats.default(ajv);
  return ajv.compile(JSON.parse(readFileSync(SCHEMA, 'utf8')));
})();

const at = (line: number, column: number, endLine: number, endColumn: number) => ({ start: { line, column, offset: column - 1 }, end: { line: endLine, column: endColumn, offset: endColumn - 1 } });
const file = (filePath: string, messages: LintMessage[]): FileResult => ({ filePath, source: 'SUM(`Sales`)\n/ 0', messages, errorCount: messages.length, warningCount: 0, fixableErrorCount: 0, fixableWarningCount: 0 });

const RESULTS = [
  file('formulas/margin.calc', [
    { ruleId: 'argument-count', severity: 'error', message: 'SUM takes 1 argument', range: at(1, 1, 1, 13) },
    { ruleId: 'keyword-case', severity: 'warn', message: 'lower-case keyword', range: at(1, 1, 1, 4), fix: { range: [0, 3], text: 'SUM' } },
    // An empty range (an insertion point) and a range over two lines.
    { ruleId: 'syntax-error', severity: 'error', message: 'expected )', range: at(2, 4, 2, 4) },
    { ruleId: 'syntax-error', severity: 'error', message: 'unclosed', range: at(1, 5, 2, 1) },
    // A problem of no registered rule (a directive's own id): no ruleIndex.
    { ruleId: 'unused-disable-directive', severity: 'warn', message: 'unused', range: at(1, 1, 1, 2) },
  ]),
  file('formulas/Ventes 2024 – été #1.calc', []),
  file('formulas\\windows\\path.calc', [{ ruleId: 'argument-count', severity: 'error', message: 'x', range: at(1, 1, 1, 2) }]),
];

function log(docsUrl?: string): Log {
  const text = sarif(RESULTS, { color: false, rules: RULES, toolVersion: '1.2.3', ...(docsUrl ? { docsUrl } : {}) });
  const parsed: unknown = JSON.parse(text);
  expect(validate(parsed), JSON.stringify(validate.errors, null, 2)).toBe(true);
  return parsed as Log;
}

describe('sarif', () => {
  it.each([
    ['without rule pages', undefined],
    ['with rule pages', 'https://docs.example.org/calckit/rules/'],
  ])('validates against the SARIF 2.1.0 schema, %s', (_, docsUrl) => {
    const run = log(docsUrl).runs[0]!;
    expect(run.tool.driver.rules).toHaveLength(RULES.length);
    expect(run.tool.driver.rules![0]!.helpUri).toBe(docsUrl ? `${docsUrl}${RULES[0]!.meta.id}.md` : undefined);
    expect(run.artifacts!.map((a) => a.location!.uri)).toEqual(['formulas/margin.calc', 'formulas/Ventes%202024%20%E2%80%93%20%C3%A9t%C3%A9%20%231.calc', 'formulas/windows/path.calc']);
  });

  it('writes regions with 1-based columns and an exclusive end, never empty', () => {
    const results = log().runs[0]!.results!;
    expect(results.map((r) => r.locations![0]!.physicalLocation!.region)).toEqual([
      { startLine: 1, startColumn: 1, endLine: 1, endColumn: 13 },
      { startLine: 1, startColumn: 1, endLine: 1, endColumn: 4 },
      { startLine: 2, startColumn: 4, endLine: 2, endColumn: 5 },
      { startLine: 1, startColumn: 5, endLine: 2, endColumn: 1 },
      { startLine: 1, startColumn: 1, endLine: 1, endColumn: 2 },
      { startLine: 1, startColumn: 1, endLine: 1, endColumn: 2 },
    ]);
  });

  it('links results to their rule and artifact, and writes a fix as a replacement', () => {
    const run = log().runs[0]!;
    const [first, fixed, , , directive, other] = run.results!;
    expect(run.tool.driver.rules![first!.ruleIndex!]!.id).toBe('argument-count');
    expect(first!.level).toBe('error');
    expect(fixed!.level).toBe('warning');
    expect(directive!.ruleIndex).toBeUndefined();
    expect(other!.locations![0]!.physicalLocation!.artifactLocation!.index).toBe(2);
    expect(fixed!.fixes).toEqual([
      {
        description: { text: 'calckit lint --fix' },
        artifactChanges: [{ artifactLocation: { uri: 'formulas/margin.calc', uriBaseId: '%SRCROOT%', index: 0 }, replacements: [{ deletedRegion: { charOffset: 0, charLength: 3 }, insertedContent: { text: 'SUM' } }] }],
      },
    ]);
  });
});
