// The lint engine: parse once, build one semantic model, run every enabled rule's visitors in a single walk,
// then apply inline directives and (optionally) fixes. Pure: no I/O, no global state.
import { parseFormula, walkWithAncestors, type DatasetColumn, type FormulaAnalysis, type Node, type ParseResult } from '@calckit/formula';
import { resolveConfig, type LintConfig } from './config.js';
import { applyDirectives, parseDirectives } from './directives.js';
import { applyFixes } from './fix.js';
import { brokenTest, makeFixer, removeComment } from './fixer.js';
import { fillTemplate } from './messages.js';
import { RULES } from './rules/index.js';
import { buildSemantics } from './semantics/index.js';
import { PassContext, type Pass } from './rule-context.js';
import { TreeMemo } from './tree-memo.js';
import type { LintMessage, LintResult, ProjectInfo, ResolvedConfig, Rule, RuleVisitors } from './types.js';

export interface LintOptions {
  /** The validated `lint` section (see parseLintConfig); `overrides` are matched against `filePath`. */
  readonly config?: LintConfig;
  /** An already resolved configuration (see resolveConfig); takes precedence over `config`. */
  readonly resolvedConfig?: ResolvedConfig;
  /** The dataset's columns: enables the unknown-column and schema-typed rules. */
  readonly schema?: readonly DatasetColumn[];
  /** The file's path relative to the project root (`/`-separated): selects `overrides`; shown in results. */
  readonly filePath?: string;
  readonly project?: ProjectInfo;
  /** Apply fixes (up to 10 passes) and return the fixed text as `output`. */
  readonly fix?: boolean;
  /** The rule set (default: every built-in rule). */
  readonly rules?: readonly Rule[];
  /** A parse of `text` the caller already has (the language server keeps one per document): not parsed again. */
  readonly parse?: ParseResult;
  /** The semantic model of `parse` the caller already has, built with this `schema` and the project's service name
   * (the language server keeps one per document version): used with `parse`, not built again. */
  readonly model?: FormulaAnalysis;
}

/** A rule threw (a defect in the rule, never in the input): names the rule and the file. */
export class RuleError extends Error {
  override readonly name = 'RuleError';
  constructor(
    readonly ruleId: string,
    readonly filePath: string | undefined,
    override readonly cause: unknown,
  ) {
    super(`rule ${ruleId} failed${filePath !== undefined ? ` on ${filePath}` : ''}: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

/** Rules whose messages directives cannot suppress: a formula that does not parse is never "fine". */
const UNSUPPRESSIBLE: ReadonlySet<string> = new Set(['syntax-error']);
export const DIRECTIVE_RULE_ID = 'unused-directive';
const MAX_FIX_PASSES = 10;

/** Leaves out, in place, the messages that start inside the range of a message of a rule that owns its range, or
 * right where it ends (the `(` after a split name is where the inner call's argument count would be reported). */
function dropOwned(messages: LintMessage[], rules: readonly Rule[]): void {
  const owners = new Set(rules.filter((r) => r.meta.ownsRange).map((r) => r.meta.id));
  if (owners.size === 0) return;
  const owned = messages.filter((m) => owners.has(m.ruleId)).map((m) => m.range);
  if (owned.length === 0) return;
  const inside = (m: LintMessage) => !owners.has(m.ruleId) && owned.some((r) => r.start.offset <= m.range.start.offset && m.range.start.offset <= r.end.offset);
  let kept = 0;
  for (const m of messages) if (!inside(m)) messages[kept++] = m;
  messages.length = kept;
}

/** One lint pass over `text` (no fixing). */
function lintOnce(text: string, options: LintOptions, rules: readonly Rule[], config: ResolvedConfig): LintMessage[] {
  const given = options.parse !== undefined && options.parse.text === text;
  const parse = given ? options.parse! : parseFormula(text);
  const memo = new TreeMemo();
  // The walk's path (the node visited and its ancestors), read by the semantics' parentOf as the walk goes.
  const ancestors: Node[] = [];
  const semantics = buildSemantics(parse, options.schema, options.project?.serviceName, given ? options.model : undefined, memo, ancestors);
  const isBroken = brokenTest(parse.errors, memo);
  const fixer = makeFixer(parse);
  const messages: LintMessage[] = [];
  type Handler = { readonly id: string; readonly fn: (node: Node, parent: Node | undefined) => void };
  const handlers = new Map<string, Handler[]>();
  const starts: Array<{ readonly id: string; readonly fn: () => void }> = [];
  const ends: Array<{ readonly id: string; readonly fn: () => void }> = [];

  const pass: Pass = {
    text,
    parse,
    semantics,
    schema: options.schema,
    project: options.project,
    filePath: options.filePath,
    config,
    rules,
    isBroken,
    fixer,
    messages,
  };
  for (const rule of rules) {
    const setting = config.rules[rule.meta.id];
    if (!setting || setting.severity === 'off' || rule.meta.id === DIRECTIVE_RULE_ID) continue;
    const meta = rule.meta;
    const context = new PassContext(pass, meta, setting.severity, setting.options);
    const visitors: RuleVisitors = rule.create(context);
    for (const [key, fn] of Object.entries(visitors)) {
      if (typeof fn !== 'function') continue;
      if (key === 'onStart') starts.push({ id: meta.id, fn: fn as () => void });
      else if (key === 'onEnd') ends.push({ id: meta.id, fn: fn as () => void });
      else {
        const list = handlers.get(key) ?? [];
        list.push({ id: meta.id, fn: fn as (node: Node, parent: Node | undefined) => void });
        handlers.set(key, list);
      }
    }
  }

  let current = '';
  try {
    for (const h of starts) {
      current = h.id;
      h.fn();
    }
    if (handlers.size > 0) {
      walkWithAncestors(parse.formula, ancestors, (node, path) => {
        const list = handlers.get(node.kind);
        if (list) {
          const parent = path.length > 1 ? path[path.length - 2] : undefined;
          for (const h of list) {
            current = h.id;
            h.fn(node, parent);
          }
        }
      });
    }
    for (const h of ends) {
      current = h.id;
      h.fn();
    }
  } catch (error) {
    throw new RuleError(current, options.filePath, error);
  }

  dropOwned(messages, rules);
  const directives = parseDirectives(parse.trivia, parse.lines);
  if (directives.length === 0) return messages;
  const located = messages.map((m) => ({ m, ruleId: m.ruleId, line: m.range.start.line, offset: m.range.start.offset }));
  const { kept, unused } = applyDirectives(directives, located, UNSUPPRESSIBLE);
  const out = kept.map((k) => k.m);
  const directiveSetting = config.rules[DIRECTIVE_RULE_ID];
  const directiveRule = rules.find((r) => r.meta.id === DIRECTIVE_RULE_ID);
  if (directiveRule && directiveSetting && directiveSetting.severity !== 'off') {
    const say = (messageId: string, data: Record<string, string>): string => fillTemplate(directiveRule.meta.messages[messageId] ?? messageId, data);
    const known = new Set(rules.map((r) => r.meta.id));
    for (const { directive, rules: idle } of unused) {
      const range = parse.lines.rangeOf(directive.start, directive.end);
      const unknown = idle.filter((r) => !known.has(r));
      for (const r of unknown) {
        out.push({ ruleId: DIRECTIVE_RULE_ID, severity: directiveSetting.severity, messageId: 'unknownRule', message: say('unknownRule', { rule: r }), range });
      }
      const unusedKnown = idle.filter((r) => known.has(r));
      if (idle.length === 0 || unusedKnown.length > 0) {
        const whole = idle.length === 0 || idle.length === directive.rules.length;
        const what = idle.length === 0 ? '' : ` for ${unusedKnown.map((r) => `'${r}'`).join(', ')}`;
        out.push({
          ruleId: DIRECTIVE_RULE_ID,
          severity: directiveSetting.severity,
          messageId: 'unused',
          message: say('unused', { kind: directive.kind, what }),
          range,
          ...(whole && unknown.length === 0 ? { fix: removeComment(text, directive.start, directive.end) } : {}),
        });
      }
    }
  }
  return out;
}

function summarise(source: string, messages: LintMessage[], filePath: string | undefined, output: string | undefined): LintResult {
  messages.sort((a, b) => a.range.start.offset - b.range.start.offset || a.range.end.offset - b.range.end.offset || a.ruleId.localeCompare(b.ruleId));
  let errorCount = 0;
  let warningCount = 0;
  let fixableErrorCount = 0;
  let fixableWarningCount = 0;
  for (const m of messages) {
    if (m.severity === 'error') {
      errorCount++;
      if (m.fix) fixableErrorCount++;
    } else {
      warningCount++;
      if (m.fix) fixableWarningCount++;
    }
  }
  return {
    ...(filePath !== undefined ? { filePath } : {}),
    messages,
    errorCount,
    warningCount,
    fixableErrorCount,
    fixableWarningCount,
    ...(output !== undefined ? { output } : {}),
    source,
  };
}

/** Lints one formula. With `fix`, applies fixes until none remain (at most 10 passes) and lints the result. */
export function lintText(text: string, options: LintOptions = {}): LintResult {
  const rules = options.rules ?? RULES;
  const config = options.resolvedConfig ?? resolveConfig(options.config, rules, options.filePath);
  let messages = lintOnce(text, options, rules, config);
  if (!options.fix) return summarise(text, messages, options.filePath, undefined);
  let current = text;
  for (let pass = 0; pass < MAX_FIX_PASSES; pass++) {
    const { output, fixed } = applyFixes(current, messages);
    if (!fixed) break;
    current = output;
    messages = lintOnce(current, options, rules, config);
  }
  // Messages refer to the fixed text, so `source` is that text.
  return summarise(current, messages, options.filePath, current !== text ? current : undefined);
}
