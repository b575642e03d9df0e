// textDocument/references across the project's formula files: for a column, every use in the formula files of the
// same dataset (the document alone when the project maps it to none); for a nested calculation, every call of it in the
// project and, with includeDeclaration, its own formula file. Files open in the editor answer from their current text.
import type { Location } from 'vscode-languageserver';
import { documentReferences, referenceTargetAt } from '@calckit/ide';
import { onDocument, type Feature } from '../context.js';
import { toOffset, toRange } from '../convert.js';
import { documentProject, usersOf } from '../project-uses.js';

const FILE_START = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

export const references: Feature = {
  capabilities: () => ({ referencesProvider: true }),
  register(ctx) {
    ctx.connection.onReferences(
      onDocument(ctx, 'textDocument/references', [] as Location[], async ({ text, doc }, _settings, params): Promise<Location[]> => {
        const target = referenceTargetAt(doc, toOffset(text, params.position));
        if (!target) return [];
        const uri = params.textDocument.uri;
        const where = await documentProject(ctx, uri);
        // Outside a project's files, the document's own uses of the same thing are all there is.
        const inDocument = () =>
          documentReferences(doc)
            .filter((r) => (r.kind === 'column' && target.kind === 'column' ? r.name === target.name : r.kind === 'calculation' && target.kind === 'calculation' && r.id === target.id && r.service === target.service))
            .map((r) => ({ uri, range: toRange(text, r.span) }));
        if (!where) return inDocument();
        const { projects, graph, self } = where;
        const out: Location[] = [];
        if (target.kind === 'column') {
          // Column names belong to a dataset: the same name in another dataset is another column.
          if (self?.dataset === undefined) return inDocument();
          for (const use of usersOf(ctx, projects, graph, { dataset: self.dataset, column: target.name })) for (const range of use.ranges) out.push({ uri: projects.uriOfFile(use.calculation.file), range });
          return out;
        }
        if (target.service !== graph.serviceName) return inDocument();
        const declared = graph.calculation(target.id);
        if (params.context.includeDeclaration && declared) out.push({ uri: projects.uriOfFile(declared.file), range: FILE_START });
        for (const use of usersOf(ctx, projects, graph, { id: target.id })) for (const range of use.ranges) out.push({ uri: projects.uriOfFile(use.calculation.file), range });
        // A document the project does not map still calls it.
        if (!self) out.push(...inDocument());
        return out;
      }),
    );
  },
};
