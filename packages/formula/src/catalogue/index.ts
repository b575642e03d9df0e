// The function catalogue: one table used by the parser's AST builder, types, analysis, linter, hover and completion.
// This file is its face: each concern is a module of its own.
export type { FunctionEntry, FunctionParam, FunctionKind, Availability, SignatureType } from './types.js';
export { FUNCTION_ENTRIES } from './functions.data.js';
export { bareAllowedFunction, functionNames, lookupFunction } from './lookup.js';
export { arity, formatSignature, paramAt, type Arity } from './signature.js';
export {
  AVAILABILITY_POLICY,
  availabilityOf,
  functionAvailability,
  type AvailabilityFinding,
  type AvailabilityPolicy,
  type AvailabilityStatus,
  type FunctionAvailability,
} from './availability.js';
export { findSplitFunctionNames, type SplitFunctionName } from './split-names.js';
export { ENGINE_DISTINCT, ENGINE_FORMS, engineFormOf, type EngineForm } from './engine-forms.js';
