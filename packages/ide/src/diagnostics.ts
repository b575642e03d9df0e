// Diagnostics of a document: the linter's messages when a linter is plugged in, else the core's problems (syntax
// errors, unknown functions and columns, argument counts). The language server pushes and serves these.
import { modelOf } from './analysis.js';
import type { IdeDocument } from './document.js';
import type { Diagnostic, IdeSettings } from './types.js';

/** Something that lints a parsed document: the seam where packages/lint plugs in (see lint-adapter.ts). */
export type Linter = (doc: IdeDocument, settings: IdeSettings) => Diagnostic[];

/** The language core's own problems: what the service would refuse. */
export const coreDiagnostics: Linter = (doc, settings) =>
  modelOf(doc, settings).calculation.problems.map((p) => ({
    span: { start: p.start, end: p.end },
    severity: 'error',
    code: p.code,
    message: p.message,
    source: 'calckit',
  }));

/** The diagnostics of a document: what the editor shows and code actions fix. */
export const diagnose: Linter = (doc, settings) => coreDiagnostics(doc, settings);
