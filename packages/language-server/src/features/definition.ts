// textDocument/definition → ide definition(): a nested calculation's formula file.
import type { LocationLink } from 'vscode-languageserver';
import { definition as ideDefinition } from '@calckit/ide';
import { onDocument, type Feature } from '../context.js';
import { toOffset, toRange } from '../convert.js';

export const definition: Feature = {
  capabilities: () => ({ definitionProvider: true }),
  register(ctx) {
    ctx.connection.onDefinition(
      onDocument(ctx, 'textDocument/definition', [] as LocationLink[], ({ text, doc }, settings, params): LocationLink[] => {
        const target = ideDefinition(doc, toOffset(text, params.position), settings);
        if (!target) return [];
        const file = target.calculation.file;
        const isUri = /^[a-z][a-z0-9+.-]*:/i.test(file) && !/^[a-z]:[\\/]/i.test(file);
        // A path is a project's file: only a platform with projects on disk gives calculations one.
        const uri = isUri ? file : ctx.projects?.uriOfFile(file);
        if (uri === undefined) return [];
        const start = { line: 0, character: 0 };
        return [{ originSelectionRange: toRange(text, target.origin), targetUri: uri, targetRange: { start, end: start }, targetSelectionRange: { start, end: start } }];
      }),
    );
  },
};
