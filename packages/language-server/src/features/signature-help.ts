// textDocument/signatureHelp → ide signatureHelp().
import { signatureHelp as ideSignatureHelp } from '@calckit/ide';
import type { SignatureHelp } from 'vscode-languageserver';
import { onDocument, type Feature } from '../context.js';
import { toOffset } from '../convert.js';

export const signatureHelp: Feature = {
  capabilities: () => ({ signatureHelpProvider: { triggerCharacters: ['(', ','], retriggerCharacters: [')'] } }),
  register(ctx) {
    ctx.connection.onSignatureHelp(
      onDocument(ctx, 'textDocument/signatureHelp', null, ({ text, doc }, settings, params): SignatureHelp | null => {
        const help = ideSignatureHelp(doc, toOffset(text, params.position), settings);
        if (!help) return null;
        return {
          signatures: [{
            label: help.label,
            ...(help.documentation ? { documentation: { kind: 'markdown', value: help.documentation } } : {}),
            parameters: help.parameters.map((p) => ({ label: p.label, ...(p.documentation ? { documentation: p.documentation } : {}) })),
            activeParameter: help.activeParameter,
          }],
          activeSignature: 0,
          activeParameter: help.activeParameter,
        };
      }),
    );
  },
};
