// The date and time functions of the evaluator (MySQL semantics on a zone-free wall clock; see docs/dates.md).
import type { ScalarFunctionTable } from '../contract.js';

export const DATE_FUNCTIONS: ScalarFunctionTable = {};
