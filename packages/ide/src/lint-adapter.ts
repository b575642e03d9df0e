// The linter plugged into the features: @calckit/lint's messages as diagnostics, with its fixes and suggestions.
// The client's rule severities (`off` | `info` | `warn` | `error`) go over the project's `lint` section; `info`
// lints as a warning and is shown as information.
import { INTERNAL_ERROR, lintText, parseLintConfig, resolveConfig, RULES, type LintConfig, type LintMessage, type LintOptions, type ResolvedConfig, type RuleEntry } from '@calckit/lint';
import { modelOf } from './analysis.js';
import type { IdeDocument } from './document.js';
import { serviceNameOf, type Diagnostic, type Fix, type IdeSettings } from './types.js';

interface ResolvedLint {
  readonly config: LintConfig | undefined;
  readonly info: ReadonlySet<string>;
  /** Set when the configuration was invalid and a fallback is in use. */
  readonly problem?: string;
}

const configCache = new WeakMap<object, Map<string, ResolvedLint>>();
const NO_SECTION = {};

/** The lint section with the client's severities applied (memoised per section object and client rules). */
function resolveLint(settings: IdeSettings): ResolvedLint {
  const section = (settings.lintConfig ?? NO_SECTION) as Record<string, unknown>;
  const key = JSON.stringify(settings.rules ?? {});
  let bySection = configCache.get(section);
  if (!bySection) configCache.set(section, (bySection = new Map()));
  const hit = bySection.get(key);
  if (hit) return hit;
  const projectRules = (section['rules'] ?? {}) as Record<string, RuleEntry>;
  const rules: Record<string, RuleEntry> = { ...projectRules };
  const info = new Set<string>();
  for (const [id, severity] of Object.entries(settings.rules ?? {})) {
    const level = severity === 'info' ? 'warn' : severity;
    if (severity === 'info') info.add(id);
    const current = projectRules[id];
    // Keep the project's options when the client only changes the severity.
    rules[id] = (Array.isArray(current) && current.length > 1 ? [level, current[1]] : level) as RuleEntry;
  }
  let resolved: ResolvedLint;
  try {
    resolved = { config: parseLintConfig({ ...section, rules }, RULES), info };
  } catch (error) {
    const problem = error instanceof Error ? error.message : String(error);
    try {
      resolved = { config: parseLintConfig(section, RULES), info: new Set(), problem };
    } catch {
      resolved = { config: undefined, info: new Set(), problem };
    }
  }
  if (bySection.size > 20) bySection.clear(); // settings churn: keep the memo small
  bySection.set(key, resolved);
  return resolved;
}

const resolvedCache = new WeakMap<LintConfig, Map<string, ResolvedConfig>>();
const NO_CONFIG: LintConfig = {};

/** The effective rule settings for one file (memoised: every keystroke would otherwise resolve them again). */
function resolvedFor(config: LintConfig | undefined, filePath: string | undefined): ResolvedConfig {
  const key = config ?? NO_CONFIG;
  let byPath = resolvedCache.get(key);
  if (!byPath) resolvedCache.set(key, (byPath = new Map()));
  let resolved = byPath.get(filePath ?? '');
  if (!resolved) {
    resolved = resolveConfig(config, RULES, filePath);
    if (byPath.size > 1000) byPath.clear();
    byPath.set(filePath ?? '', resolved);
  }
  return resolved;
}

function toFix(title: string, fix: { range: readonly [number, number]; text: string }): Fix {
  return { title, edits: [{ span: { start: fix.range[0], end: fix.range[1] }, newText: fix.text }] };
}

function toDiagnostic(m: LintMessage, info: ReadonlySet<string>): Diagnostic {
  return {
    span: { start: m.range.start.offset, end: m.range.end.offset },
    severity: m.severity === 'error' ? 'error' : info.has(m.ruleId) ? 'info' : 'warning',
    code: m.ruleId,
    message: m.message,
    source: 'calckit',
    ...(m.fix ? { fix: toFix(`Fix: ${m.message}`, m.fix) } : {}),
    ...(m.suggestions ? { suggestions: m.suggestions.map((s) => toFix(s.desc, s.fix)) } : {}),
  };
}

/**
 * A calculation's file as lint messages name it: relative to the project's root when this document's own file and its
 * relative path (`filePath`) show where that root is, as the CLI names it; else as the host gave it.
 */
function shownFile(settings: IdeSettings, file: string | undefined): string | undefined {
  const own = settings.selfId !== undefined ? settings.calculations?.find((c) => c.id === settings.selfId)?.file : undefined;
  const rel = settings.filePath;
  if (file === undefined || own === undefined || rel === undefined || !own.endsWith(rel)) return file;
  const root = own.slice(0, own.length - rel.length);
  return file.startsWith(root) ? file.slice(root.length) : file;
}

/** lintText's options for the document: its one parse and model, the project's and the client's settings. */
function lintOptions(doc: IdeDocument, settings: IdeSettings, config: LintConfig | undefined): LintOptions {
  const nestedIds = settings.nestedIds;
  return {
    // The document's one parse: the linter does not parse again.
    parse: doc.parse,
    // And its one semantic model, shared with hover, inlay hints and the core's problems.
    model: modelOf(doc, settings),
    resolvedConfig: resolvedFor(config, settings.filePath),
    ...(settings.schema ? { schema: settings.schema } : {}),
    ...(settings.filePath !== undefined ? { filePath: settings.filePath } : {}),
    project: {
      serviceName: serviceNameOf(settings),
      nestedIds: (id) => nestedIds?.(id),
      ...(settings.selfId !== undefined ? { calculationId: settings.selfId } : {}),
      calculationFile: (id) => shownFile(settings, settings.calculations?.find((c) => c.id === id)?.file),
    },
  };
}

/** Lints the document with the project's and the client's settings. A defect in the linter (an exception) becomes one
 * `internal-error` diagnostic at the start of the file, beside the core's own problems: the file never looks clean
 * because the linter failed. */
export function lintDiagnostics(doc: IdeDocument, settings: IdeSettings, core: (doc: IdeDocument, settings: IdeSettings) => Diagnostic[]): Diagnostic[] {
  const { config, info, problem } = resolveLint(settings);
  let diagnostics: Diagnostic[];
  try {
    diagnostics = lintText(doc.text, lintOptions(doc, settings, config)).messages.map((m) => toDiagnostic(m, info));
  } catch (error) {
    diagnostics = [internalError(error), ...safely(() => core(doc, settings))];
  }
  if (problem) {
    diagnostics.unshift({ span: { start: 0, end: 0 }, severity: 'warning', code: 'lint-config', message: `Lint settings ignored: ${problem}`, source: 'calckit' });
  }
  return diagnostics;
}

/** The document's text after every automatic fix, exactly as `calckit lint --fix` fixes it: lint's own fix passes
 * (fixes that overlap an earlier one wait for the next pass, and each pass is linted again), under the same settings
 * as the diagnostics. The text as it is when nothing is fixed or the linter fails. */
export function fixedText(doc: IdeDocument, settings: IdeSettings): string {
  try {
    return lintText(doc.text, { ...lintOptions(doc, settings, resolveLint(settings).config), fix: true }).output ?? doc.text;
  } catch {
    return doc.text;
  }
}

function internalError(error: unknown): Diagnostic {
  const why = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return {
    span: { start: 0, end: 0 },
    severity: 'error',
    code: INTERNAL_ERROR,
    message: `calckit could not lint this file (internal error: ${why.slice(0, 300)}); only syntax and core problems are shown. Please report this.`,
    source: 'calckit',
  };
}

function safely(f: () => Diagnostic[]): Diagnostic[] {
  try {
    return f();
  } catch {
    return [];
  }
}
