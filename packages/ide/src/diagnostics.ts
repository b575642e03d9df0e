// Diagnostics of a document: the linter's messages (lint-adapter.ts), and the core's own problems (syntax errors,
// unknown functions and columns, argument counts) as the fallback should the linter fail.
import { modelOf } from './analysis.js';
import type { IdeDocument } from './document.js';
import { lintDiagnostics } from './lint-adapter.js';
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

/** The diagnostics of a document: what the editor shows and code actions fix (the linter's; it reports syntax
 * errors and the core's problems too; should it fail, one internal-error diagnostic and the core's problems). */
export const diagnose: Linter = (doc, settings) => lintDiagnostics(doc, settings, coreDiagnostics);
