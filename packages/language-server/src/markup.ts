// What the client can show: Markdown or plain text (LSP MarkupContent), and whether it takes snippets. The features
// write Markdown (ide); a client that does not list `markdown` among a feature's formats gets it as plain text
// (ide's markdownToPlainText), never Markdown it would show raw.
import { MarkupKind, type ClientCapabilities, type MarkupContent } from 'vscode-languageserver';
import { markdownToPlainText } from '@calckit/ide';

/** The format to use from a capability's list (in the client's order of preference); plain text when it lists none
 * we write (LSP: a client that states no format may only be sent plain text). */
export function markupKindOf(formats: readonly string[] | undefined): MarkupKind {
  return formats?.find((f): f is MarkupKind => f === MarkupKind.Markdown || f === MarkupKind.PlainText) ?? MarkupKind.PlainText;
}

/** Plain texts made so far: most are the catalogue's documentation, asked for again with every completion list. */
const plainTexts = new Map<string, string>();
const MAX_PLAIN_TEXTS = 2_000;

/** Markdown as the client shows it. */
export function markup(kind: MarkupKind, markdown: string): MarkupContent {
  if (kind === MarkupKind.Markdown) return { kind, value: markdown };
  let value = plainTexts.get(markdown);
  if (value === undefined) {
    value = markdownToPlainText(markdown);
    if (plainTexts.size >= MAX_PLAIN_TEXTS) plainTexts.clear();
    plainTexts.set(markdown, value);
  }
  return { kind, value };
}

export const hoverFormat = (client: ClientCapabilities) => markupKindOf(client.textDocument?.hover?.contentFormat);
export const completionDocumentationFormat = (client: ClientCapabilities) => markupKindOf(client.textDocument?.completion?.completionItem?.documentationFormat);
export const signatureDocumentationFormat = (client: ClientCapabilities) =>
  markupKindOf(client.textDocument?.signatureHelp?.signatureInformation?.documentationFormat);
export const snippetSupport = (client: ClientCapabilities) => client.textDocument?.completion?.completionItem?.snippetSupport === true;
