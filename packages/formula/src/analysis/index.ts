// The analysis layer: semantic model (parents, aggregation, types) and the service's calculation fields.
export { buildSemanticModel, isAggregateCall, DEFAULT_SERVICE_NAME, type AnalyzeOptions, type ColumnUse, type SemanticModel } from './semantic-model.js';
export { analyzeCalculation, analyzeFormula, calculationOf, checkSumOf, type CalculationAnalysis, type ColumnPosition, type FormulaProblem, type FormulaAnalysis } from './calculation.js';
export { javaHashSetOrder, javaStringHash } from './java-hash-set.js';
