// The few LSP shapes the page reads, as the protocol defines them. vscode-languageserver-protocol is not among this
// package's dependencies (@codemirror/lsp-client takes it along): declaring it would change the shared lock file.
export interface Position {
  readonly line: number;
  readonly character: number;
}

export interface Range {
  readonly start: Position;
  readonly end: Position;
}

export interface Diagnostic {
  readonly range: Range;
  readonly severity?: 1 | 2 | 3 | 4;
  readonly code?: number | string;
  readonly message: string | { readonly kind: string; readonly value: string };
}

export interface PublishDiagnosticsParams {
  readonly uri: string;
  readonly version?: number | null;
  readonly diagnostics: readonly Diagnostic[];
}

export interface TextEdit {
  readonly range: Range;
  readonly newText: string;
}

export interface CodeAction {
  readonly title: string;
  readonly kind?: string;
  readonly diagnostics?: readonly Diagnostic[];
  readonly edit?: { readonly changes?: Readonly<Record<string, readonly TextEdit[]>> };
}

/** A command instead of a code action (its `command` is the command's id): the page does not run commands. */
export interface Command {
  readonly title: string;
  readonly command: string;
}

export interface SemanticTokensLegend {
  readonly tokenTypes: readonly string[];
  readonly tokenModifiers: readonly string[];
}

export interface SemanticTokens {
  readonly data: readonly number[];
}
