// The compiler of formulas into closures over columnar rows: what evaluate.ts uses of it.
export { Compiler } from './compiler.js';
export type { Compiled, CompileOptions, Frame, Level } from './compiled.js';
export { groupsBySorting, hasWindow, isAggregated } from './formula-shape.js';
export { NestedResolver } from './nested.js';
export { TypeTables } from './type-tables.js';
