// textDocument/prepareRename and /rename → ide prepareRename() and rename(), within the document.
import { ResponseError, ErrorCodes, type WorkspaceEdit } from 'vscode-languageserver';
import { prepareRename, rename as ideRename, RenameError } from '@calckit/ide';
import { onDocument, type Feature } from '../context.js';
import { toOffset, toRange, toTextEdits } from '../convert.js';

export const rename: Feature = {
  capabilities: () => ({ renameProvider: { prepareProvider: true } }),
  register(ctx) {
    ctx.connection.onPrepareRename(
      onDocument(ctx, 'textDocument/prepareRename', null, ({ text, doc }, _s, params) => {
        const target = prepareRename(doc, toOffset(text, params.position));
        return target ? { range: toRange(text, target.span), placeholder: target.placeholder } : null;
      }),
    );
    ctx.connection.onRenameRequest(
      onDocument(ctx, 'textDocument/rename', null, ({ text, doc }, _s, params): WorkspaceEdit | null | ResponseError<void> => {
        try {
          const edits = ideRename(doc, toOffset(text, params.position), params.newName);
          return { changes: { [text.uri]: toTextEdits(text, edits) } };
        } catch (error) {
          // A refused rename is the user's to read, not a server failure.
          if (error instanceof RenameError) return new ResponseError<void>(ErrorCodes.InvalidParams, error.message);
          throw error;
        }
      }),
    );
  },
};
