// The rule registry: every built-in rule, in the order of the docs (problems, suggestions, layout; then by id).
// A test checks that every file in this folder is listed here and has a test table and a doc page.
import type { Rule } from '../types.js';
import { rule as argumentCount } from './argument-count.js';
import { rule as argumentType } from './argument-type.js';
import { rule as bareColumn } from './bare-column.js';
import { rule as caseBranchTypes } from './case-branch-types.js';
import { rule as caseReturnsBoolean } from './case-returns-boolean.js';
import { rule as comparisonType } from './comparison-type.js';
import { rule as constantCondition } from './constant-condition.js';
import { rule as dateFormatSpecifier } from './date-format-specifier.js';
import { rule as dayofweekRange } from './dayofweek-range.js';
import { rule as divisionByZero } from './division-by-zero.js';
import { rule as divisionWithoutNullif } from './division-without-nullif.js';
import { rule as doubleQuoted } from './double-quoted.js';
import { rule as fixedWithWindow } from './fixed-with-window.js';
import { rule as intervalUnit } from './interval-unit.js';
import { rule as keywordCase } from './keyword-case.js';
import { rule as mixedAggregation } from './mixed-aggregation.js';
import { rule as nestedAggregate } from './nested-aggregate.js';
import { rule as nestedCalculationCycle } from './nested-calculation-cycle.js';
import { rule as nestedCalculationDepth } from './nested-calculation-depth.js';
import { rule as nullComparison } from './null-comparison.js';
import { rule as pastedCharacters } from './pasted-characters.js';
import { rule as pastedCharactersInText } from './pasted-characters-in-text.js';
import { rule as redundantElseNull } from './redundant-else-null.js';
import { rule as deprecatedFunction } from './deprecated-function.js';
import { rule as replacedFunction } from './replaced-function.js';
import { rule as splitFunctionName } from './split-function-name.js';
import { rule as stringAsColumn } from './string-as-column.js';
import { rule as stringMayBeColumn } from './string-may-be-column.js';
import { rule as syntaxError } from './syntax-error.js';
import { rule as typographicQuotes } from './typographic-quotes.js';
import { rule as undocumentedFunction } from './undocumented-function.js';
import { rule as unknownColumn } from './unknown-column.js';
import { rule as unknownFunction } from './unknown-function.js';
import { rule as unsupportedFunction } from './unsupported-function.js';
import { rule as unusedDirective } from './unused-directive.js';
import { rule as windowWithoutOver } from './window-without-over.js';

const ALL: readonly Rule[] = [
  argumentCount,
  argumentType,
  bareColumn,
  caseBranchTypes,
  caseReturnsBoolean,
  comparisonType,
  constantCondition,
  dateFormatSpecifier,
  dayofweekRange,
  deprecatedFunction,
  divisionByZero,
  divisionWithoutNullif,
  doubleQuoted,
  fixedWithWindow,
  intervalUnit,
  keywordCase,
  mixedAggregation,
  nestedAggregate,
  nestedCalculationCycle,
  nestedCalculationDepth,
  nullComparison,
  pastedCharacters,
  pastedCharactersInText,
  redundantElseNull,
  replacedFunction,
  splitFunctionName,
  stringAsColumn,
  stringMayBeColumn,
  syntaxError,
  typographicQuotes,
  undocumentedFunction,
  unknownColumn,
  unknownFunction,
  unsupportedFunction,
  unusedDirective,
  windowWithoutOver,
];

const CATEGORY_ORDER = { problem: 0, suggestion: 1, layout: 2 } as const;

/** Every built-in rule, sorted by category then id. */
export const RULES: readonly Rule[] = [...ALL].sort(
  (a, b) => CATEGORY_ORDER[a.meta.category] - CATEGORY_ORDER[b.meta.category] || a.meta.id.localeCompare(b.meta.id),
);

const BY_ID = new Map(RULES.map((r) => [r.meta.id, r]));

/** A built-in rule by id. */
export function ruleById(id: string): Rule | undefined {
  return BY_ID.get(id);
}
