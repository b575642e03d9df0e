// The reporters by name (`--format`): a table, not a switch.
import { github } from './github.js';
import { json } from './json.js';
import { junit } from './junit.js';
import { sarif } from './sarif.js';
import { stylish } from './stylish.js';
import type { Reporter } from './types.js';

export type { FileResult, ReportContext, Reporter } from './types.js';
export { codeFrame } from './code-frame.js';
export { escapeForTerminal } from './escape.js';

export const REPORTERS: Readonly<Record<string, Reporter>> = { stylish, json, sarif, github, junit };
