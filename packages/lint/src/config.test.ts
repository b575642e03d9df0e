// Validation of the `lint` section (one clear message per mistake) and resolution of settings per file.
import { describe, expect, it } from 'vitest';
import { LintConfigError, parseLintConfig, resolveConfig, isIgnored } from './config.js';
import { RULES } from './rules/index.js';

const issues = (raw: unknown): string[] => {
  try {
    parseLintConfig(raw, RULES);
  } catch (error) {
    if (error instanceof LintConfigError) return error.issues.map((i) => `${i.field}: ${i.message}`);
    throw error;
  }
  return [];
};

describe('parseLintConfig', () => {
  it('accepts severities, numbers and [severity, options]', () => {
    expect(issues({ rules: { 'bare-column': 'error', 'double-quoted': 0, 'keyword-case': ['warn', { keywords: 'lower' }] } })).toEqual([]);
    expect(issues(undefined)).toEqual([]);
  });
  it('names every mistake with its field', () => {
    expect(
      issues({
        rules: { 'bare-colum': 'error', 'double-quoted': 'loud', 'keyword-case': ['warn', { keywords: 'shout', colour: 1 }] },
        overrides: [{ files: [], rules: {} }, 'x'],
        extra: true,
      }),
    ).toEqual([
      'extra: unknown setting; the lint section accepts "rules", "overrides" or "ignores"',
      'rules.bare-colum: unknown rule "bare-colum"; did you mean "bare-column"? (run `calckit rules` for the list)',
      'rules.double-quoted: severity must be "off", "warn" or "error"',
      'rules.keyword-case[1].keywords: must be one of "upper", "lower" or "preserve"',
      'rules.keyword-case[1].colour: unknown option; "keyword-case" accepts "keywords" or "functions"',
      'overrides[0].files: must be a glob or a non-empty array of globs (relative to the project file)',
      'overrides[1]: must be an object { "files": [...], "rules": {...} }',
    ]);
  });
  it('refuses options for a rule without options, and a non-object section', () => {
    expect(issues({ rules: { 'bare-column': ['warn', { x: 1 }] } })).toEqual(['rules.bare-column[1].x: "bare-column" takes no options']);
    expect(issues([1])).toEqual([': must be an object with "rules", "overrides" and "ignores"']);
  });
  it('the error message prefixes fields with lint.', () => {
    expect(() => parseLintConfig({ rules: { nope: 'off' } }, RULES)).toThrow(/^lint\.rules\.nope: unknown rule/);
  });
});

describe('resolveConfig', () => {
  const config = parseLintConfig(
    {
      rules: { 'bare-column': 'error', 'keyword-case': ['warn', { keywords: 'lower' }] },
      overrides: [
        { files: ['legacy/**'], rules: { 'bare-column': 'off' } },
        { files: '*.draft.calc', excludedFiles: ['keep/**'], rules: { 'keyword-case': ['error', { functions: 'preserve' }] } },
      ],
      ignores: ['drafts/**'],
    },
    RULES,
  );
  it('starts from the meta defaults', () => {
    const r = resolveConfig(undefined, RULES);
    expect(r.rules['division-without-nullif']).toEqual({ severity: 'off', options: {} });
    expect(r.rules['keyword-case']).toEqual({ severity: 'off', options: { keywords: 'upper', functions: 'upper' } });
  });
  it('applies rules, then matching overrides in order, merging options', () => {
    expect(resolveConfig(config, RULES, 'a.calc').rules['bare-column']!.severity).toBe('error');
    expect(resolveConfig(config, RULES, 'legacy/x/a.calc').rules['bare-column']!.severity).toBe('off');
    expect(resolveConfig(config, RULES, 'deep/x.draft.calc').rules['keyword-case']).toEqual({ severity: 'error', options: { keywords: 'lower', functions: 'preserve' } });
    expect(resolveConfig(config, RULES, 'keep/x.draft.calc').rules['keyword-case']!.severity).toBe('warn');
  });
  it('matches ignores', () => {
    expect(isIgnored(config, 'drafts/a.calc')).toBe(true);
    expect(isIgnored(config, 'a.calc')).toBe(false);
  });
});
