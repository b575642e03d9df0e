// The `lint` section of calckit.json: validation with one clear message per problem, and resolution of the
// effective rule settings for a file (defaults from each rule's meta, then `rules`, then matching `overrides`).
import picomatch from 'picomatch/posix.js';
import { closestNames, orList } from './suggest.js';
import type { OptionSpec, OptionValue, ResolvedConfig, Rule, RuleOptions, RuleSetting, Severity } from './types.js';

/** A rule's entry as written: a severity, or `[severity, options]`. */
export type RuleEntry = Severity | readonly [Severity] | readonly [Severity, Readonly<Record<string, unknown>>];

export interface LintOverride {
  readonly files: readonly string[];
  readonly excludedFiles?: readonly string[];
  readonly rules: Readonly<Record<string, RuleEntry>>;
}

/** The validated `lint` section. */
export interface LintConfig {
  readonly rules?: Readonly<Record<string, RuleEntry>>;
  readonly overrides?: readonly LintOverride[];
  /** Globs (relative to the project root) of files the CLI never lints. */
  readonly ignores?: readonly string[];
}

export interface ConfigIssue {
  /** Dotted path inside the lint section, e.g. `rules.bare-column[1].style`. */
  readonly field: string;
  readonly message: string;
}

export class LintConfigError extends Error {
  override readonly name = 'LintConfigError';
  constructor(readonly issues: readonly ConfigIssue[]) {
    super(issues.map((i) => (i.field ? `lint.${i.field}: ${i.message}` : `lint: ${i.message}`)).join('\n'));
  }
}

const SEVERITIES: readonly string[] = ['off', 'warn', 'error'];
const NUMERIC_SEVERITY: Readonly<Record<number, Severity>> = { 0: 'off', 1: 'warn', 2: 'error' };
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function checkOption(spec: OptionSpec, value: unknown): string | undefined {
  switch (spec.type) {
    case 'enum':
      return typeof value === 'string' && spec.values.includes(value) ? undefined : `must be one of ${orList(spec.values, '"')}`;
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'must be true or false';
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be a number';
      return spec.min !== undefined && value < spec.min ? `must be at least ${spec.min}` : undefined;
    case 'string[]':
      return Array.isArray(value) && value.every((v) => typeof v === 'string') ? undefined : 'must be an array of strings';
  }
}

function checkRules(raw: unknown, path: string, byId: ReadonlyMap<string, Rule>, issues: ConfigIssue[]): Record<string, RuleEntry> {
  const out: Record<string, RuleEntry> = {};
  if (!isRecord(raw)) {
    issues.push({ field: path, message: 'must be an object mapping rule ids to "off", "warn", "error" or [severity, options]' });
    return out;
  }
  for (const [id, entry] of Object.entries(raw)) {
    const field = `${path}.${id}`;
    const rule = byId.get(id);
    if (!rule) {
      const near = closestNames(id, byId.keys());
      issues.push({ field, message: `unknown rule "${id}"${near.length ? `; did you mean ${orList(near, '"')}?` : ''} (run \`calckit rules\` for the list)` });
      continue;
    }
    const [sevRaw, options] = Array.isArray(entry) ? [entry[0], entry[1]] : [entry, undefined];
    const severity = typeof sevRaw === 'number' ? NUMERIC_SEVERITY[sevRaw] : typeof sevRaw === 'string' && SEVERITIES.includes(sevRaw) ? (sevRaw as Severity) : undefined;
    if (severity === undefined) {
      issues.push({ field: Array.isArray(entry) ? `${field}[0]` : field, message: 'severity must be "off", "warn" or "error"' });
      continue;
    }
    if (Array.isArray(entry) && entry.length > 2) {
      issues.push({ field, message: 'must be [severity] or [severity, options]' });
      continue;
    }
    if (options === undefined) {
      out[id] = [severity];
      continue;
    }
    if (!isRecord(options)) {
      issues.push({ field: `${field}[1]`, message: 'options must be an object' });
      continue;
    }
    const specs = rule.meta.options ?? {};
    let ok = true;
    for (const [name, value] of Object.entries(options)) {
      const spec = specs[name];
      if (!spec) {
        const known = Object.keys(specs);
        issues.push({ field: `${field}[1].${name}`, message: known.length ? `unknown option; "${id}" accepts ${orList(known, '"')}` : `"${id}" takes no options` });
        ok = false;
        continue;
      }
      const problem = checkOption(spec, value);
      if (problem) {
        issues.push({ field: `${field}[1].${name}`, message: problem });
        ok = false;
      }
    }
    if (ok) out[id] = [severity, options];
  }
  return out;
}

function checkGlobs(raw: unknown, field: string, issues: ConfigIssue[]): string[] | undefined {
  const list = typeof raw === 'string' ? [raw] : raw;
  if (!Array.isArray(list) || list.length === 0 || !list.every((g) => typeof g === 'string' && g.length > 0)) {
    issues.push({ field, message: 'must be a glob or a non-empty array of globs (relative to the project file)' });
    return undefined;
  }
  return list as string[];
}

/** Validates a raw `lint` section; throws LintConfigError listing every problem. */
export function parseLintConfig(raw: unknown, rules: readonly Rule[]): LintConfig {
  const issues: ConfigIssue[] = [];
  if (raw === undefined || raw === null) return {};
  if (!isRecord(raw)) throw new LintConfigError([{ field: '', message: 'must be an object with "rules", "overrides" and "ignores"' }]);
  const byId = new Map(rules.map((r) => [r.meta.id, r]));
  const known = new Set(['rules', 'overrides', 'ignores']);
  for (const key of Object.keys(raw)) {
    if (!known.has(key)) issues.push({ field: key, message: `unknown setting; the lint section accepts ${orList([...known], '"')}` });
  }
  const config: { rules?: Record<string, RuleEntry>; overrides?: LintOverride[]; ignores?: string[] } = {};
  if (raw['rules'] !== undefined) config.rules = checkRules(raw['rules'], 'rules', byId, issues);
  if (raw['ignores'] !== undefined) {
    const globs = checkGlobs(raw['ignores'], 'ignores', issues);
    if (globs) config.ignores = globs;
  }
  if (raw['overrides'] !== undefined) {
    if (!Array.isArray(raw['overrides'])) issues.push({ field: 'overrides', message: 'must be an array of { "files": [...], "rules": {...} }' });
    else {
      config.overrides = [];
      raw['overrides'].forEach((o: unknown, i: number) => {
        const field = `overrides[${i}]`;
        if (!isRecord(o)) {
          issues.push({ field, message: 'must be an object { "files": [...], "rules": {...} }' });
          return;
        }
        for (const key of Object.keys(o)) {
          if (key !== 'files' && key !== 'excludedFiles' && key !== 'rules') issues.push({ field: `${field}.${key}`, message: 'unknown setting; an override accepts "files", "excludedFiles" and "rules"' });
        }
        const files = checkGlobs(o['files'], `${field}.files`, issues);
        const excluded = o['excludedFiles'] === undefined ? [] : checkGlobs(o['excludedFiles'], `${field}.excludedFiles`, issues);
        const ruleEntries = o['rules'] === undefined ? {} : checkRules(o['rules'], `${field}.rules`, byId, issues);
        if (files && excluded) config.overrides!.push({ files, ...(excluded.length ? { excludedFiles: excluded } : {}), rules: ruleEntries });
      });
    }
  }
  if (issues.length > 0) throw new LintConfigError(issues);
  return config;
}

function settingOf(rule: Rule, entry: RuleEntry | undefined, base: RuleSetting): RuleSetting {
  if (entry === undefined) return base;
  const [severity, options] = typeof entry === 'string' ? [entry, undefined] : [entry[0], entry[1]];
  // Options given replace the base's named options; options not given keep the base (ESLint merges over defaults).
  return { severity, options: options ? { ...base.options, ...(options as RuleOptions) } : base.options };
}

/** Default options of a rule from its meta. */
export function defaultOptions(rule: Rule): RuleOptions {
  const out: Record<string, OptionValue> = {};
  for (const [name, spec] of Object.entries(rule.meta.options ?? {})) out[name] = spec.default;
  return out;
}

const matcherCache = new Map<string, (path: string) => boolean>();
function matches(globs: readonly string[], path: string): boolean {
  return globs.some((glob) => {
    let m = matcherCache.get(glob);
    if (m === undefined) {
      // A glob without a slash matches at any depth (`*.calc`), as in ESLint's overrides.
      const compiled = picomatch(glob, { dot: true, basename: !glob.includes('/') });
      m = (p: string) => compiled(p);
      matcherCache.set(glob, m);
    }
    return m(path);
  });
}

/** Whether a project-relative path (`/`-separated) matches an override's globs. */
export function overrideApplies(override: LintOverride, relativePath: string): boolean {
  return matches(override.files, relativePath) && !(override.excludedFiles && matches(override.excludedFiles, relativePath));
}

/** Whether a project-relative path matches the section's `ignores`. */
export function isIgnored(config: LintConfig, relativePath: string): boolean {
  return config.ignores !== undefined && matches(config.ignores, relativePath);
}

/**
 * Every rule's effective setting for a file: meta defaults, then `rules`, then each override whose globs match
 * `relativePath` (project-relative, `/`-separated), in order.
 */
export function resolveConfig(config: LintConfig | undefined, rules: readonly Rule[], relativePath?: string): ResolvedConfig {
  const out: Record<string, RuleSetting> = {};
  const overrides = relativePath === undefined ? [] : (config?.overrides ?? []).filter((o) => overrideApplies(o, relativePath));
  for (const rule of rules) {
    const id = rule.meta.id;
    let setting: RuleSetting = { severity: rule.meta.defaultSeverity, options: defaultOptions(rule) };
    setting = settingOf(rule, config?.rules?.[id], setting);
    for (const o of overrides) setting = settingOf(rule, o.rules[id], setting);
    out[id] = setting;
  }
  return { rules: out };
}
