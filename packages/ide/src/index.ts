// Public API of @calckit/ide: language features as pure functions of (parsed document, offset, settings) returning
// plain data in UTF-16 offsets. No I/O, no LSP types: packages/language-server adapts these to the protocol.
export * from './types.js';
export { createDocument, type IdeDocument } from './document.js';
export { modelOf, describeResult } from './analysis.js';
export { complete, functionSnippet, type CompletionContext } from './completion.js';
export { plainTextOfSnippet } from './snippets.js';
export { markdownToPlainText } from './plain-text.js';
export { hover } from './hover.js';
export { signatureHelp } from './signature-help.js';
export { semanticTokens, SEMANTIC_TOKEN_TYPES, SEMANTIC_TOKEN_MODIFIERS } from './semantic-tokens.js';
export { foldingRanges } from './folding.js';
export { selectionRanges } from './selection-ranges.js';
export { documentHighlights } from './highlight.js';
export { prepareRename, rename, renameColumnEdits, newColumnName, checkColumnName, columnToRename, RenameError, type RenameTarget } from './rename.js';
export { inlayHints } from './inlay-hints.js';
export { documentSymbols } from './symbols.js';
export { coreDiagnostics, diagnose, type Linter } from './diagnostics.js';
export { diagnosticsAfterTriviaEdit, type DiagnosedText } from './reuse-diagnostics.js';
export { EDITOR_MAX_PROBLEMS, limitDiagnostics } from './limit-diagnostics.js';
export { codeActions, fixAllEdits, FIX_ALL_KIND, type CodeActionRequest } from './code-actions.js';
export { applyEdits, minimalEdits } from './text-edits.js';
export { formatDocument, formatDocumentRange, type EditorFormatting } from './formatting.js';
export { definition, type Definition } from './definition.js';
export { documentReferences, referenceTargetAt, type FormulaReference } from './references.js';
export { testValuesHover, showCell as showTestCell, type TestValuesInput, type TestValuesOptions } from './test-values.js';
