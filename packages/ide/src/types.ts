// Plain data shared by the language features: offset spans, settings, and the results each feature returns.
// Everything is in UTF-16 offsets of the document text; the language server converts to LSP positions.
import { DEFAULT_SERVICE_NAME, type DatasetColumn } from '@calckit/formula';

/** A half-open span `[start, end)` of UTF-16 offsets. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/** Replace `span` with `newText`. */
export interface TextEdit {
  readonly span: Span;
  readonly newText: string;
}

/** A calculation of the project, offered as a nested calculation (`SVC_BEAST_MODE(id)`). */
export interface ProjectCalculationInfo {
  readonly id: number;
  readonly name?: string;
  readonly dataset?: string;
  /** Where its formula lives (an absolute path or URI, as the host knows it): the target of "go to definition". */
  readonly file?: string;
}

/** What the features know beyond the text: all optional, so a lone file still gets every feature. */
export interface IdeSettings {
  /** The service's name (`SVC`): prefixes nested calculations and operator names. */
  readonly serviceName?: string;
  /** The dataset's columns, when the project file maps this formula to a dataset with a schema. */
  readonly schema?: readonly DatasetColumn[];
  /** The project's calculations, for nested calculation completion and hover. */
  readonly calculations?: readonly ProjectCalculationInfo[];
  /** This formula's own calculation id: not offered as a nested calculation of itself. */
  readonly selfId?: number;
  /** Show the formula's result type as an inlay hint (default true). */
  readonly inlayResultType?: boolean;
  /** Lint rule severities by rule id (`off` | `info` | `warn` | `error`), over the project's settings. */
  readonly rules?: Readonly<Record<string, string>>;
  /** The project file's `lint` section, passed through to the linter. */
  readonly lintConfig?: Readonly<Record<string, unknown>>;
  /** The file's path relative to the project root (`/`-separated): selects the lint section's `overrides`. */
  readonly filePath?: string;
  /** The ids nested in calculation `id` (undefined when the project does not know it), for the nesting-depth rule. */
  readonly nestedIds?: (id: number) => readonly number[] | undefined;
  /** The project file's `format` section, passed through to the formatter. */
  readonly formatConfig?: Readonly<Record<string, unknown>>;
}

export { DEFAULT_SERVICE_NAME };

/**
 * `settings` with every field present (undefined when absent), always in this order. Settings made by this one function
 * (each document's, by the language server, and its warm-up's) share one object shape: the code that reads them, on
 * every keystroke, is optimised once for all of them. Settings of different shapes made V8 throw away the code the
 * warm-up had optimised at the user's first edit, and compile it again over the next hundred edits.
 */
export function ideSettings(settings: IdeSettings): IdeSettings {
  return {
    serviceName: settings.serviceName,
    schema: settings.schema,
    calculations: settings.calculations,
    selfId: settings.selfId,
    inlayResultType: settings.inlayResultType,
    rules: settings.rules,
    lintConfig: settings.lintConfig,
    filePath: settings.filePath,
    nestedIds: settings.nestedIds,
    formatConfig: settings.formatConfig,
  };
}

export function serviceNameOf(settings: IdeSettings): string {
  return settings.serviceName && settings.serviceName.length > 0 ? settings.serviceName : DEFAULT_SERVICE_NAME;
}

export type CompletionKind = 'function' | 'keyword' | 'column' | 'calculation' | 'unit' | 'specifier' | 'operator';

export interface CompletionItem {
  readonly label: string;
  readonly kind: CompletionKind;
  /** One line shown beside the label (a signature, a column type). */
  readonly detail?: string;
  /** Markdown. */
  readonly documentation?: string;
  /** The text inserted; a snippet (`${1:x}` placeholders) when `snippet` is true. */
  readonly insertText: string;
  readonly snippet?: boolean;
  /** The text replaced by `insertText` (the word being typed; empty at the cursor). */
  readonly replace: Span;
  /** Used for filtering instead of the label (e.g. a column's name with its backtick). */
  readonly filterText?: string;
  readonly sortText: string;
  readonly preselect?: boolean;
  readonly deprecated?: boolean;
}

export interface CompletionResult {
  readonly items: readonly CompletionItem[];
  /** True when typing more may add items that are not in the list (the client should ask again). */
  readonly incomplete: boolean;
}

export interface Hover {
  /** Markdown. */
  readonly contents: string;
  readonly span: Span;
}

export interface ParameterInfo {
  readonly label: string;
  /** Where `label` stands in the signature's label: [start, end) in UTF-16 code units. Two parameters may read the
   * same (`NULLIF(ANY, ANY)`): these tell them apart. */
  readonly offsets: readonly [number, number];
  readonly documentation?: string;
}

export interface SignatureHelp {
  readonly label: string;
  readonly documentation?: string;
  readonly parameters: readonly ParameterInfo[];
  /** Index into `parameters` (the variadic parameter repeats: the index is clamped to it). */
  readonly activeParameter: number;
}

export type SemanticTokenType = 'function' | 'variable' | 'string' | 'number' | 'keyword' | 'operator' | 'comment' | 'macro';
export type SemanticTokenModifier = 'defaultLibrary' | 'deprecated' | 'readonly';

export interface SemanticToken {
  readonly start: number;
  readonly length: number;
  readonly type: SemanticTokenType;
  readonly modifiers: readonly SemanticTokenModifier[];
}

export interface FoldingRange {
  readonly span: Span;
  readonly kind?: 'comment' | 'region';
}

export interface Highlight {
  readonly span: Span;
  readonly kind: 'read' | 'text';
}

export interface InlayHint {
  readonly offset: number;
  readonly label: string;
  readonly tooltip?: string;
}

export type Severity = 'error' | 'warning' | 'info' | 'hint';

export interface Fix {
  readonly title: string;
  readonly edits: readonly TextEdit[];
}

export interface Diagnostic {
  readonly span: Span;
  readonly severity: Severity;
  /** A rule id or a syntax error code. */
  readonly code: string;
  readonly message: string;
  /** `calckit` for syntax and analysis problems; lint messages keep their own source too. */
  readonly source: string;
  /** A safe automatic fix (applied by "fix all"). */
  readonly fix?: Fix;
  /** Alternatives the user picks from (never applied automatically). */
  readonly suggestions?: readonly Fix[];
}

export interface CodeAction {
  readonly title: string;
  readonly kind: 'quickfix' | 'source.fixAll.calckit';
  readonly edits: readonly TextEdit[];
  /** Indexes into the diagnostics the action was computed from. */
  readonly diagnostics: readonly number[];
  readonly preferred?: boolean;
}

export interface DocumentSymbol {
  readonly name: string;
  readonly detail?: string;
  readonly kind: 'function' | 'field' | 'calculation';
  readonly span: Span;
  readonly selection: Span;
}
