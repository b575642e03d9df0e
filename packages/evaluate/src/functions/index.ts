// All scalar functions the evaluator implements, by upper-case catalogue name: one table per family, merged here.
// Aggregates are in ../aggregates.ts and window functions in ../windows.ts; RAND/RANDOM are compiled specially.
import type { ScalarFunctionTable } from './contract.js';
import { DATE_FUNCTIONS } from './date/index.js';
import { LOGICAL_FUNCTIONS } from './logical.js';
import { MATH_FUNCTIONS } from './math.js';
import { STRING_FUNCTIONS } from './strings.js';

export const SCALAR_FUNCTIONS: ScalarFunctionTable = { ...MATH_FUNCTIONS, ...LOGICAL_FUNCTIONS, ...STRING_FUNCTIONS, ...DATE_FUNCTIONS };
