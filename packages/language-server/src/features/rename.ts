// textDocument/prepareRename and /rename → ide prepareRename() and the rename of a column. In a formula file of a
// project's dataset, one WorkspaceEdit over every formula file of that dataset and its schema file (the platform's
// ProjectHost: node/dataset-rename.ts);
// elsewhere, within the document. `documentChanges` with versions when the client supports them, else `changes`.
import { ResponseError, ErrorCodes, type TextDocumentEdit, type WorkspaceEdit } from 'vscode-languageserver';
import { columnToRename, newColumnName, prepareRename, renameColumnEdits, RenameError } from '@calckit/ide';
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
          const column = columnToRename(doc, toOffset(text, params.position));
          const newName = newColumnName(params.newName);
          const files = ctx.projects?.datasetRename(ctx.documents, text.uri, column.name, newName);
          if (files === undefined) return { changes: { [text.uri]: toTextEdits(text, renameColumnEdits(doc, column.name, newName)) } };
          if (ctx.client().workspace?.workspaceEdit?.documentChanges === true) {
            const documentChanges: TextDocumentEdit[] = files.map((f) => ({ textDocument: { uri: f.uri, version: f.version }, edits: toTextEdits(f.text, f.edits) }));
            return { documentChanges };
          }
          return { changes: Object.fromEntries(files.map((f) => [f.uri, toTextEdits(f.text, f.edits)])) };
        } catch (error) {
          // A refused rename is the user's to read, not a server failure.
          if (error instanceof RenameError) return new ResponseError<void>(ErrorCodes.InvalidParams, error.message);
          throw error;
        }
      }),
    );
  },
};
