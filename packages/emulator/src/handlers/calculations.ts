// Calculation operations: read (GET), update formula (POST, 4.1) and lock/unlock (PUT, 4.2).
import { checkWire, LockRequestSchema, UpdateFormulaRequestSchema, type Calculation, type DatasetSchemaColumn, type FieldError } from '@calckit/protocol';
import { ApiError, notFound, validationError } from '../api-error.js';
import { analyzeFormula, judgeFormula, type FormulaAnalysis } from '../analyze.js';
import { calculationView, lockedCalculationView } from '../calculation-view.js';
import type { EmulatorContext, OperationHandler, OperationRequest } from '../context.js';
import type { CalculationHead, CalculationRecord } from '../model.js';

/** Longest expression accepted, in UTF-16 code units (the body limit applies first). */
const MAX_EXPRESSION_LENGTH = 100_000;

function calculationId(req: OperationRequest): number {
  return Number(req.params['calculationId']);
}

function existing(ctx: EmulatorContext, id: number): CalculationRecord {
  const calc = ctx.storage.getCalculation(id);
  if (!calc) throw notFound(`calculation ${id} does not exist`, 'path.calculationId');
  return calc;
}

/** `strict` query flag: absent means false (what every public client sends); anything but true/false is refused. */
function strictFlag(query: URLSearchParams): boolean {
  const raw = query.get('strict');
  if (raw === null || raw === '') return false;
  const lower = raw.toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  throw validationError('query parameter strict must be true or false', [{ field: 'query.strict', message: `got ${JSON.stringify(raw.slice(0, 40))}` }]);
}

function locked(id: number): ApiError {
  return new ApiError(423, 'LOCKED', `calculation ${id} is locked: unlock it before updating its formula`);
}

export const readCalculation: OperationHandler = (ctx, req) => calculationView(existing(ctx, calculationId(req)));

export const updateFormula: OperationHandler = (ctx, req) => {
  const id = calculationId(req);
  const strict = strictFlag(req.query);
  const checked = checkWire(UpdateFormulaRequestSchema, req.body);
  if (!checked.ok) throw validationError('request body must be { "expression": string }', checked.errors);
  const expression = checked.value.expression;
  if (expression.length > MAX_EXPRESSION_LENGTH) {
    throw validationError('expression is too long', [{ field: 'expression', message: `longer than ${MAX_EXPRESSION_LENGTH} characters` }]);
  }
  // The analysis, the costly part, runs now, outside the group commit, whose writes all wait until the last of its
  // group is done, with the columns the calculation's dataset most likely has. Checks and write run inside it, so they
  // see every write acknowledged before them; the analysis is redone there only if the columns are not those.
  const likely = ctx.storage.likelyColumns(id);
  const early: EarlyAnalysis | undefined = likely.found ? { columns: likely.columns, analyzed: analyzeFormula(expression, ctx.serviceName, likely.columns) } : undefined;
  return ctx.storage.write(() => storeFormula(ctx, id, expression, strict, early));
};

/** An analysis made before the group commit, and the columns it was made with. */
interface EarlyAnalysis {
  readonly columns: readonly DatasetSchemaColumn[] | undefined;
  readonly analyzed: FormulaAnalysis;
}

/** The columns of the calculation's dataset: the same array while they are unchanged (`Storage.getDataset`). */
function datasetColumns(ctx: EmulatorContext, calc: CalculationHead): readonly DatasetSchemaColumn[] | undefined {
  return calc.datasetId === null ? undefined : ctx.storage.getDataset(calc.datasetId)?.columns;
}

function storeFormula(ctx: EmulatorContext, id: number, expression: string, strict: boolean, early: EarlyAnalysis | undefined): Calculation {
  const current = ctx.storage.getCalculationHead(id);
  if (!current) throw notFound(`calculation ${id} does not exist`, 'path.calculationId');
  if (current.locked) throw locked(id);
  const columns = datasetColumns(ctx, current);
  const verdict = judgeFormula(id, expression, {
    serviceName: ctx.serviceName,
    nesting: {
      dependenciesOf: (target) => ctx.storage.getCalculation(target)?.analysis.functionTemplateDependencies,
      dependentsOf: (target) => ctx.storage.dependentsOf(target),
    },
    ...(columns ? { schema: columns } : {}),
    ...(early && early.columns === columns ? { analyzed: early.analyzed } : {}),
  });
  if (verdict.illegalDepth !== undefined) {
    throw new ApiError(400, 'ILLEGAL_DEPTH', verdict.illegalDepth, [{ field: 'expression', code: 'ILLEGAL_DEPTH', message: verdict.illegalDepth }]);
  }
  if (strict && verdict.problems.length > 0) {
    const errors: FieldError[] = verdict.problems.map((p) => ({
      field: 'expression',
      code: p.code,
      message: `${p.message} (line ${p.line}, column ${p.column})`,
      start: p.start,
      end: p.end,
    }));
    throw new ApiError(400, 'INVALID_FORMULA', `the formula has ${errors.length} problem${errors.length === 1 ? '' : 's'}; nothing was stored`, errors);
  }
  const stored = ctx.storage.updateFormula(id, expression, verdict.analysis, ctx.clock());
  if (stored === undefined) throw notFound(`calculation ${id} does not exist`, 'path.calculationId');
  if (stored === 'locked') throw locked(id);
  return calculationView(stored);
}

export const lockCalculation: OperationHandler = (ctx, req) => {
  const id = calculationId(req);
  const checked = checkWire(LockRequestSchema, req.body);
  if (!checked.ok) throw validationError('request body must be { "locked": boolean }', checked.errors);
  const lock = checked.value.locked;
  return ctx.storage.write(() => {
    const stored = ctx.storage.setLocked(id, lock, ctx.clock());
    if (!stored) throw notFound(`calculation ${id} does not exist`, 'path.calculationId');
    return lockedCalculationView(stored);
  });
};
