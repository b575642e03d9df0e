// What kind of formula this is (aggregated, grouped by sorting, with a window), from the calls it makes, nested
// calculations included: read before compiling, to choose the level and the grouping.
import { lookupFunction, type CallExpression, type Expression, type Formula } from '@calckit/formula';
import { EvaluationError } from '../api.js';
import { err } from './compiled.js';
import type { NestedResolver } from './nested.js';

/**
 * Whether a formula is aggregated: it calls an aggregate without OVER and without FIXED (outside another
 * aggregate's arguments or not), looking into nested calculations.
 */
export function isAggregated(formula: Formula, resolver: NestedResolver, stack: readonly string[] = []): boolean {
  return containsCall(formula, resolver, stack, (call) => lookupFunction(call.upperName)?.kind === 'aggregate' && !call.over && !call.fixed);
}

/**
 * Whether MariaDB groups the formula's rows by sorting them: it has a DISTINCT aggregate or LISTAGG (GROUP_CONCAT),
 * which a temporary table updated row by row cannot compute. Otherwise, grouped by columns, SUM and AVG keep their
 * running total in the temporary table's DECIMAL field (measured).
 */
export function groupsBySorting(formula: Formula, resolver: NestedResolver): boolean {
  return containsCall(
    formula,
    resolver,
    [],
    (call) => !call.over && !call.fixed && (call.distinct || call.upperName === 'LISTAGG' || call.upperName === 'APPROXIMATE_COUNT_DISTINCT') && lookupFunction(call.upperName)?.kind === 'aggregate',
  );
}

/** Whether a formula has a window function (OVER), looking into nested calculations. */
export function hasWindow(formula: Formula, resolver: NestedResolver): boolean {
  return containsCall(formula, resolver, [], (call) => call.over !== undefined);
}

function containsCall(formula: Formula, resolver: NestedResolver, stack: readonly string[], test: (call: CallExpression) => boolean): boolean {
  const todo: Expression[] = formula.expression ? [formula.expression] : [];
  while (todo.length > 0) {
    const e = todo.pop()!;
    switch (e.kind) {
      case 'Call': {
        if (test(e)) return true;
        todo.push(...e.args);
        if (e.over) {
          todo.push(...e.over.partitionBy);
          for (const o of e.over.orderBy) todo.push(o.expression);
        }
        break;
      }
      case 'NestedCalculation': {
        const source = resolver.resolve(e, stack);
        let aggregated: boolean;
        try {
          aggregated = containsCall(source.parse.formula, resolver, [...stack, source.id], test);
        } catch (caught) {
          // An error inside a nested calculation has its place at the reference to it.
          if (caught instanceof EvaluationError) throw err(caught.code, caught.message, e.range);
          throw caught;
        }
        if (aggregated) return true;
        break;
      }
      case 'Unary':
        todo.push(e.operand);
        break;
      case 'Binary':
        todo.push(e.left, e.right);
        break;
      case 'Paren':
        todo.push(e.expression);
        break;
      case 'Case':
        if (e.operand) todo.push(e.operand);
        for (const w of e.whens) todo.push(w.condition, w.result);
        if (e.elseResult) todo.push(e.elseResult);
        break;
      case 'Interval':
        todo.push(e.value);
        break;
      case 'In':
        todo.push(e.expression, ...e.list);
        break;
      case 'Like':
        todo.push(e.expression, e.pattern);
        break;
      case 'Between':
        todo.push(e.expression, e.low, e.high);
        break;
      case 'IsNull':
      case 'IsTruth':
        todo.push(e.expression);
        break;
      default:
        break;
    }
  }
  return false;
}
