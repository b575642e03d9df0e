// textDocument/signatureHelp → ide signatureHelp(). Each parameter is named by its offsets in the signature's label
// when the client takes them (`labelOffsetSupport`); otherwise by a string that occurs first where the parameter
// stands, since a client highlights a string label's first occurrence (`NULLIF(ANY, ANY)`: the second is ` ANY`).
import { signatureHelp as ideSignatureHelp } from '@calckit/ide';
import type { ParameterInformation, SignatureHelp } from 'vscode-languageserver';
import { onDocument, type Feature } from '../context.js';
import { toOffset } from '../convert.js';
import { markup, signatureDocumentationFormat } from '../markup.js';

/** The shortest text of `label` ending at `end` and starting at or before `start` whose first occurrence is there. */
export function firstOccurringLabel(label: string, [start, end]: readonly [number, number]): string {
  let from = start;
  while (from > 0 && label.indexOf(label.slice(from, end)) !== from) from--;
  return label.slice(from, end);
}

export const signatureHelp: Feature = {
  capabilities: () => ({ signatureHelpProvider: { triggerCharacters: ['(', ','], retriggerCharacters: [')'] } }),
  register(ctx) {
    ctx.connection.onSignatureHelp(
      onDocument(ctx, 'textDocument/signatureHelp', null, ({ text, doc }, settings, params): SignatureHelp | null => {
        const help = ideSignatureHelp(doc, toOffset(text, params.position), settings);
        if (!help) return null;
        const information = ctx.client().textDocument?.signatureHelp?.signatureInformation;
        const offsets = information?.parameterInformation?.labelOffsetSupport === true;
        const format = signatureDocumentationFormat(ctx.client());
        return {
          signatures: [{
            label: help.label,
            ...(help.documentation ? { documentation: markup(format, help.documentation) } : {}),
            parameters: help.parameters.map((p): ParameterInformation => ({
              label: offsets ? [p.offsets[0], p.offsets[1]] : firstOccurringLabel(help.label, p.offsets),
              ...(p.documentation ? { documentation: p.documentation } : {}),
            })),
            activeParameter: help.activeParameter,
          }],
          activeSignature: 0,
          activeParameter: help.activeParameter,
        };
      }),
    );
  },
};
