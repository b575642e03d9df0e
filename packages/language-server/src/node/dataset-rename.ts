// A column's rename across the dataset of a formula file: every formula file the project maps to that dataset (an open
// document's current text, else the file on disk) gets its references to the column rewritten at their exact ranges
// (ide's renameColumnEdits), and the dataset's schema file its column's "name" when it has that column and not yet the
// new name (the id kept: project's schemaColumnRenameEdit). Undefined when the file belongs to no dataset of a project:
// the caller then renames within the document, as before.
import { fileURLToPath, pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createDocument, renameColumnEdits } from '@calckit/ide';
import {
  FileAccessError,
  FileEncodingError,
  ProjectError,
  type ProjectIndex,
  calculationsOfDataset,
  readFormulaFile,
  readRegularFileSync,
  schemaColumnRenameEdit,
} from '@calckit/project';
import type { DocumentStore } from '../documents.js';
import type { Log } from '../log.js';
import type { FileRenameEdits } from '../host.js';

/** The text a file has in the editor: an open document's, else the file's without a byte-order mark (editors drop it). */
function textOf(path: string, openByPath: ReadonlyMap<string, string>, documents: DocumentStore, read: () => string): { text: TextDocument; version: number | null } {
  const uri = openByPath.get(path);
  const open = uri !== undefined ? documents.textOf(uri) : undefined;
  if (open) return { text: open, version: open.version };
  return { text: TextDocument.create(pathToFileURL(path).href, 'calc', 0, read().replace(/^\uFEFF/, '')), version: null };
}

export function datasetRename(
  deps: { readonly documents: DocumentStore; readonly index: ProjectIndex; readonly log: Log },
  uri: string,
  oldName: string,
  newName: string,
): FileRenameEdits[] | undefined {
  if (!uri.startsWith('file:')) return undefined;
  let info;
  try {
    info = deps.index.fileInfo(fileURLToPath(uri));
  } catch (error) {
    if (error instanceof ProjectError) return undefined;
    throw error;
  }
  const key = info?.calculation?.dataset;
  if (info === undefined || key === undefined) return undefined;
  const { project } = info;
  const openByPath = new Map(deps.documents.uris().filter((u) => u.startsWith('file:')).map((u) => [fileURLToPath(u), u]));
  const out: FileRenameEdits[] = [];
  for (const calc of calculationsOfDataset(project, key)) {
    let file;
    try {
      file = textOf(calc.file, openByPath, deps.documents, () => readFormulaFile(calc.file, { projectRoot: project.root }));
    } catch (error) {
      if (!(error instanceof FileAccessError || error instanceof FileEncodingError)) throw error;
      // A file the project maps but nobody has written yet holds no reference.
      if (error instanceof FileAccessError && error.code === 'ENOENT') continue;
      deps.log.warn(`rename of column ${JSON.stringify(oldName)}: ${calc.path} left out: ${error.message}`);
      continue;
    }
    const edits = renameColumnEdits(createDocument(file.text.getText()), oldName, newName);
    if (edits.length > 0) out.push({ uri: openByPath.get(calc.file) ?? file.text.uri, version: file.version, text: file.text, edits });
  }
  // The schema file, when it has the old name and not yet the new one (ide's check of the typed name already ran).
  const schemaPath = info.dataset?.schemaPath;
  const columns = info.schema;
  if (schemaPath !== undefined && columns?.some((c) => c.name === oldName) && !columns.some((c) => c.name === newName)) {
    try {
      const schema = textOf(schemaPath, openByPath, deps.documents, () => new TextDecoder('utf-8', { ignoreBOM: true }).decode(readRegularFileSync(schemaPath, { projectRoot: project.root })));
      const edit = schemaColumnRenameEdit(schema.text.getText(), oldName, newName);
      if (edit) out.push({ uri: openByPath.get(schemaPath) ?? schema.text.uri, version: schema.version, text: schema.text, edits: [{ span: { start: edit.start, end: edit.end }, newText: edit.newText }] });
    } catch (error) {
      if (!(error instanceof FileAccessError)) throw error;
      deps.log.warn(`rename of column ${JSON.stringify(oldName)}: the schema file left out: ${error.message}`);
    }
  }
  return out;
}
