// Every feature of the core, in one list: the server registers these and the platform's (node/platform.ts adds the
// call hierarchy and formula tests, which need projects on disk) and derives its capabilities from them.
import type { Feature } from '../context.js';
import { codeActions } from './code-actions.js';
import { completion } from './completion.js';
import { definition } from './definition.js';
import { folding } from './folding.js';
import { formatting } from './formatting.js';
import { highlight } from './highlight.js';
import { hover } from './hover.js';
import { inlayHints } from './inlay-hints.js';
import { pullDiagnostics } from './pull-diagnostics.js';
import { references } from './references.js';
import { rename } from './rename.js';
import { selectionRange } from './selection-ranges.js';
import { semanticTokens } from './semantic-tokens.js';
import { signatureHelp } from './signature-help.js';
import { symbols } from './symbols.js';
import { calculation } from './calculation.js';
import { evaluation } from './evaluation.js';

export const FEATURES: readonly Feature[] = [
  completion,
  hover,
  definition,
  references,
  signatureHelp,
  semanticTokens,
  folding,
  selectionRange,
  highlight,
  rename,
  inlayHints,
  symbols,
  codeActions,
  formatting,
  pullDiagnostics,
  calculation,
  evaluation,
];
