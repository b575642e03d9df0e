// What a rule sees during one lint pass: the pass's shared facts, its own id, options and severity, and report().
import type { DatasetColumn, Node, ParseResult } from '@calckit/formula';
import { keepCommentsOut } from './fixer.js';
import { fillTemplate } from './messages.js';
import type { Semantics } from './semantics/index.js';
import type { Fix, Fixer, LintMessage, ProjectInfo, ReportDescriptor, ResolvedConfig, Rule, RuleContext, RuleMeta, RuleOptions, Severity, Suggestion } from './types.js';

/** One pass's facts, shared by every rule's context. */
export interface Pass {
  readonly text: string;
  readonly parse: ParseResult;
  readonly semantics: Semantics;
  readonly schema: readonly DatasetColumn[] | undefined;
  readonly project: ProjectInfo | undefined;
  readonly filePath: string | undefined;
  readonly config: ResolvedConfig;
  readonly rules: readonly Rule[];
  /** Whether a node holds parts the parser had to patch up (see fixer.ts's brokenTest). */
  readonly isBroken: (node: Node) => boolean;
  readonly fixer: Fixer;
  /** Where report() puts the pass's messages. */
  readonly messages: LintMessage[];
}

/**
 * A rule's context for one pass. A class: its methods live once on the prototype and every context has one shape,
 * where an object literal with conditional spreads made a hidden class per combination and three closures per rule on
 * every lint.
 */
export class PassContext implements RuleContext {
  readonly text: string;
  readonly parse: ParseResult;
  readonly semantics: Semantics;
  readonly schema: readonly DatasetColumn[] | undefined;
  readonly project: ProjectInfo | undefined;
  readonly filePath: string | undefined;
  readonly #pass: Pass;
  readonly #meta: RuleMeta;
  readonly #severity: Exclude<Severity, 'off'>;

  constructor(
    pass: Pass,
    meta: RuleMeta,
    severity: Exclude<Severity, 'off'>,
    readonly options: RuleOptions,
  ) {
    this.#pass = pass;
    this.#meta = meta;
    this.#severity = severity;
    this.text = pass.text;
    this.parse = pass.parse;
    this.semantics = pass.semantics;
    this.schema = pass.schema;
    this.project = pass.project;
    this.filePath = pass.filePath;
  }

  get id(): string {
    return this.#meta.id;
  }

  sourceOf(node: Node): string {
    return this.text.slice(node.range.start.offset, node.range.end.offset);
  }

  isEnabled(id: string): boolean {
    const s = this.#pass.config.rules[id];
    return s !== undefined && s.severity !== 'off' && this.#pass.rules.some((r) => r.meta.id === id);
  }

  report(d: ReportDescriptor): void {
    const meta = this.#meta;
    const pass = this.#pass;
    const template = meta.messages[d.messageId];
    if (template === undefined) throw new Error(`rule ${meta.id} reported unknown messageId "${d.messageId}"`);
    const range = d.range ?? d.node?.range;
    if (!range) throw new Error(`rule ${meta.id} reported without a node or range`);
    // A node the parser had to patch up has missing parts: rewriting it would guess at the author's intent.
    const broken = d.node !== undefined && pass.parse.errors.length > 0 && pass.isBroken(d.node);
    const given: Fix | undefined = broken ? undefined : typeof d.fix === 'function' ? d.fix(pass.fixer) : d.fix;
    const fix = given && keepCommentsOut(pass.parse, given);
    if (fix && meta.fixable !== 'code') throw new Error(`rule ${meta.id} offered a fix but its meta is not fixable`);
    const suggestions: Suggestion[] | undefined = broken
      ? undefined
      : d.suggest?.map((s) => ({
          desc: fillTemplate(meta.messages[s.messageId] ?? s.messageId, s.data),
          fix: keepCommentsOut(pass.parse, typeof s.fix === 'function' ? s.fix(pass.fixer) : s.fix),
        }));
    // Every message has the same fields, `fix` and `suggestions` undefined when there are none: spreading them in only
    // when present gave messages four shapes, and the first lints of a user's formula threw away the code compiled on
    // the others (traced over stdio: this function, deoptimised for a wrong map, on every server's first changes).
    pass.messages.push({
      ruleId: meta.id,
      severity: this.#severity,
      message: fillTemplate(template, d.data),
      messageId: d.messageId,
      range,
      fix: fix || undefined,
      suggestions: suggestions && suggestions.length > 0 ? suggestions : undefined,
    });
  }
}
