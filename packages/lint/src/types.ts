// The linter's public data shapes: rules (meta + create), the context a rule reports through, messages and fixes.
// Everything here is plain data so the CLI, the language server and tests share one vocabulary.
import type { DatasetColumn, Node, NodeKind, NodeOfKind, ParseResult, Range } from '@calckit/formula';
import type { Semantics } from './semantics/index.js';

export type Severity = 'off' | 'warn' | 'error';
export type Category = 'problem' | 'suggestion' | 'layout';

/** One option of a rule, described as data: validated by config.ts, rendered by docs.ts. */
export type OptionSpec =
  | { readonly type: 'enum'; readonly values: readonly string[]; readonly default: string; readonly description: string }
  | { readonly type: 'boolean'; readonly default: boolean; readonly description: string }
  | { readonly type: 'number'; readonly default: number; readonly min?: number; readonly description: string }
  | { readonly type: 'string[]'; readonly default: readonly string[]; readonly description: string };

export type OptionValue = string | boolean | number | readonly string[];
export type RuleOptions = Readonly<Record<string, OptionValue>>;

/** A documentation example: the formula, and whether the rule reports it. */
export interface DocExample {
  readonly code: string;
  readonly reported: boolean;
  readonly note?: string;
}

/** A rule's description. `M` is the union of its message ids, so reports and tests naming another id fail to compile. */
export interface RuleMeta<M extends string = string> {
  readonly id: string;
  /** One line, imperative or descriptive, no trailing period. */
  readonly description: string;
  readonly category: Category;
  readonly defaultSeverity: Severity;
  /** 'code' when the rule offers automatic fixes; suggestions are never applied by --fix. */
  readonly fixable?: 'code';
  readonly hasSuggestions?: boolean;
  /** Needs a dataset schema (reports nothing without one). */
  readonly requiresSchema?: boolean;
  /** Needs the project file (reports nothing without one). */
  readonly requiresProject?: boolean;
  /** Its report names the whole mistake at its range: other rules' messages starting there (or right at its end) are
   * left out. One mistake, one message: `DATE FORMAT(` is a split function name, not also a bare column `DATE`, a
   * stray `FORMAT` and a wrong argument count. */
  readonly ownsRange?: boolean;
  /** Message templates by id; `{{name}}` placeholders are filled from the report's data. */
  readonly messages: Readonly<Record<M, string>>;
  readonly options?: Readonly<Record<string, OptionSpec>>;
  readonly docs: {
    /** Why the rule exists: a paragraph of Markdown. */
    readonly rationale: string;
    readonly examples: readonly DocExample[];
    /** The dataset schema the examples are linted against (rules that need one). */
    readonly schema?: readonly DatasetColumn[];
    /** Options the examples are linted with (rules whose defaults report nothing). */
    readonly options?: RuleOptions;
  };
}

/** A text edit: replace `[range[0], range[1])` (offsets) with `text`. */
export interface Fix {
  readonly range: readonly [number, number];
  readonly text: string;
}

export interface Suggestion {
  readonly desc: string;
  readonly fix: Fix;
}

export interface LintMessage {
  /**
   * The rule's id; `null` is never used: directive problems have their own ids (see directives.ts). For a fatal
   * message, what stopped the lint (`file-encoding`, `binary-file`, `file-access`, `internal-error`): not a rule; nor is
   * `too-many-problems`, the note on the problems a file has past the cap (limits.ts). The json reporter prints `null`
   * for these.
   */
  readonly ruleId: string;
  /**
   * The file could not be linted at all (ESLint's fatal message): it is the file's only message, an error. Its text,
   * its bytes or its reading failed, or the linter itself failed on it (an internal error: a bug in calckit).
   */
  readonly fatal?: boolean;
  readonly severity: 'warn' | 'error';
  readonly message: string;
  readonly messageId?: string;
  readonly range: Range;
  /** A rule's messages have both fields, undefined when there is none (one shape for the code that reads them). */
  readonly fix?: Fix;
  readonly suggestions?: readonly Suggestion[];
}

export interface LintResult {
  readonly filePath?: string;
  readonly messages: readonly LintMessage[];
  readonly errorCount: number;
  readonly warningCount: number;
  readonly fixableErrorCount: number;
  readonly fixableWarningCount: number;
  /** The text after fixes, when lint ran with `fix: true` and something changed. */
  readonly output?: string;
  /** The text the messages refer to: the input, or the fixed text when fixes were applied. */
  readonly source: string;
}

/** What a rule may know of the project beyond the file: nested calculations (SVC_BEAST_MODE ids). */
export interface ProjectInfo {
  /** The service's name (prefix of `<NAME>_BEAST_MODE`). */
  readonly serviceName?: string;
  /** The ids of the calculations nested in calculation `id`, or undefined when the project does not know `id`. */
  nestedIds(id: number): readonly number[] | undefined;
  /** The linted file's own calculation id, when the project maps the file to one (a nesting cycle goes through it). */
  readonly calculationId?: number;
  /** Where calculation `id`'s formula lives (relative to the project's root where the host knows it), for messages. */
  calculationFile?(id: number): string | undefined;
}

export interface ReportDescriptor<M extends string = string> {
  readonly messageId: M;
  readonly data?: Readonly<Record<string, string | number>>;
  /** Where: a node (its range) or an explicit range. */
  readonly node?: Node;
  readonly range?: Range;
  readonly fix?: Fix | ((fixer: Fixer) => Fix | undefined);
  readonly suggest?: ReadonlyArray<{ readonly messageId: M; readonly data?: Readonly<Record<string, string | number>>; readonly fix: Fix | ((fixer: Fixer) => Fix) }>;
}

export interface Fixer {
  replace(nodeOrRange: Node | Range, text: string): Fix;
  insertBefore(nodeOrRange: Node | Range, text: string): Fix;
  insertAfter(nodeOrRange: Node | Range, text: string): Fix;
  remove(nodeOrRange: Node | Range): Fix;
  replaceOffsets(start: number, end: number, text: string): Fix;
}

export interface RuleContext<M extends string = string> {
  readonly id: string;
  readonly options: RuleOptions;
  readonly text: string;
  readonly parse: ParseResult;
  readonly semantics: Semantics;
  readonly schema?: readonly DatasetColumn[];
  readonly project?: ProjectInfo;
  readonly filePath?: string;
  /** The source text of a node. */
  sourceOf(node: Node): string;
  /** Whether another rule runs on this file (rules that hand a case to another rule check it is there). */
  isEnabled(ruleId: string): boolean;
  report(descriptor: ReportDescriptor<M>): void;
}

/** Visitors keyed by node kind; `Program:exit` style hooks run once after the walk. */
export type RuleVisitors = {
  readonly [K in NodeKind]?: (node: NodeOfKind<K>, parent: Node | undefined) => void;
} & {
  /** Runs once before the walk (syntax-level rules that read tokens or errors). */
  readonly onStart?: () => void;
  /** Runs once after the walk. */
  readonly onEnd?: () => void;
};

export interface Rule<M extends string = string> {
  readonly meta: RuleMeta<M>;
  create(context: RuleContext<M>): RuleVisitors;
}

/** The rule as written, its message ids inferred from `meta.messages`: `create` may report only those, and the
 * RuleTester's table for it may expect only those. */
export function defineRule<M extends string>(rule: Rule<M>): Rule<M> {
  return rule;
}

/** A rule's setting: severity and options (options merged over the meta defaults). */
export interface RuleSetting {
  readonly severity: Severity;
  readonly options: RuleOptions;
}

/** The effective configuration for one file: every known rule's setting. */
export interface ResolvedConfig {
  readonly rules: Readonly<Record<string, RuleSetting>>;
}
