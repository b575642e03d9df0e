// string-as-column: single-quoted text where a column's values are needed (`SUM('Sales')`, `MONTH('Order Date')`,
// `COUNT(DISTINCT 'Order ID')`), the service's most common "Invalid Query" cause. The judgement of each literal is
// here and shared with string-may-be-column, which reports the cases where the text may also be meant (a warning).
import { lookupFunction, paramAt, type CallExpression, type Expression, type FunctionEntry, type Node, type StringLiteral } from '@calckit/formula';
import { typeFamily } from '../semantics/index.js';
import { defineRule, type Fixer, type RuleContext, type RuleVisitors } from '../types.js';
import { backticked, isComparisonOperator } from './util.js';

/** What a parameter of the catalogue needs, when all its accepted types are of one family. */
const NEED_OF_TYPE: Readonly<Record<string, 'number' | 'date'>> = {
  NUMERIC: 'number',
  LONG: 'number',
  DOUBLE: 'number',
  DECIMAL: 'number',
  TIME: 'date',
  DATE: 'date',
  DATETIME: 'date',
};
/** The schema type families a column must have for the backticked name to be a certain replacement, by need. */
const FITS: Readonly<Record<'number' | 'date', string>> = { number: 'numeric', date: 'time' };
/** What a value compared with one of a type family must be. */
const COMPARED: Readonly<Record<string, 'number' | 'date' | undefined>> = { numeric: 'number', time: 'date' };
/** Text MySQL can read as a number or a date starts with a digit (a sign or a point first for a number): `'12'`,
 * `'2024-01-31'`, `'10:30'`. Anything else is 0 as a number and NULL as a date. */
const CAN_BE: Readonly<Record<'number' | 'date', RegExp>> = { number: /^\s*[-+]?\.?\d/, date: /^\s*\d/ };
/** Text that may be a column name: it has a letter (`''`, `'-'` and `'*'` are never meant as columns). */
const NAME_LIKE = /\p{L}/u;

/** Why a literal reads as a column written with the wrong quotes; the message ids of both rules. */
export type Reason = 'number' | 'date' | 'distinct' | 'constant' | 'rows' | 'arithmetic' | 'comparison' | 'constantCall';

export interface Finding {
  readonly reason: Reason;
  /** The meaning is certain (string-as-column, an error); otherwise the text may be meant (string-may-be-column). */
  readonly certain: boolean;
  /** What to write instead: the backticked column, or the call of a function the text names (`'NOW'`: `NOW()`). */
  readonly replacement: string;
  /** Replacing the text is safe to apply automatically. */
  readonly fixable: boolean;
  readonly data: Readonly<Record<string, string>>;
}

/** Where a literal's value goes, seen through parentheses and CASE results. */
type Slot =
  | { readonly kind: 'param'; readonly call: CallExpression; readonly entry: FunctionEntry; readonly index: number; readonly direct: boolean }
  | { readonly kind: 'arithmetic'; readonly direct: boolean }
  | { readonly kind: 'compare'; readonly others: readonly Expression[]; readonly direct: boolean }
  | { readonly kind: 'text' };

const TEXT: Slot = { kind: 'text' };

function slotOf(context: RuleContext, node: StringLiteral): Slot {
  let child: Node = node;
  // `direct` turns false once the value is one of several a CASE may return.
  let direct = true;
  for (;;) {
    const parent = context.semantics.parentOf(child);
    if (!parent) return TEXT;
    switch (parent.kind) {
      case 'Paren':
        child = parent;
        continue;
      case 'When': {
        const kase = context.semantics.parentOf(parent);
        if (parent.result !== child || !kase) return TEXT;
        child = kase;
        direct = false;
        continue;
      }
      case 'Case':
        if (parent.elseResult !== child) return TEXT;
        child = parent;
        direct = false;
        continue;
      case 'Call': {
        const entry = lookupFunction(parent.upperName);
        const index = context.semantics.argumentIndex(parent, child);
        return entry && index >= 0 ? { kind: 'param', call: parent, entry, index, direct } : TEXT;
      }
      case 'Unary':
        return parent.operator === 'NOT' ? TEXT : { kind: 'arithmetic', direct };
      case 'Binary':
        if (isComparisonOperator(parent.operator)) return { kind: 'compare', others: [parent.left === child ? parent.right : parent.left], direct };
        return parent.operator === 'AND' || parent.operator === 'OR' ? TEXT : { kind: 'arithmetic', direct };
      case 'In':
        return { kind: 'compare', others: parent.expression === child ? parent.list : [parent.expression], direct };
      case 'Between':
        return { kind: 'compare', others: [parent.expression, parent.low, parent.high].filter((e) => e !== child), direct };
      case 'Like':
        return parent.expression === child ? { kind: 'compare', others: [parent.pattern], direct } : TEXT;
      default:
        return TEXT;
    }
  }
}

/** A column the text names: exactly (the service matches names case-sensitively), or only ignoring case. */
interface Named {
  readonly name: string;
  readonly exact: boolean;
  /** The column's type family from the schema, or undefined when only the formula names it. */
  readonly family?: string;
  readonly where: 'dataset' | 'formula';
}

/** Looks up column names: the schema's when there is one (it is the truth), else the formula's backticked ones. */
export interface ColumnNames {
  find(text: string): Named | undefined;
}

export function columnNames(context: RuleContext): ColumnNames {
  const schema = context.schema;
  if (schema) {
    const byLower = new Map<string, string>();
    for (const c of schema) if (!byLower.has(c.name.toLowerCase())) byLower.set(c.name.toLowerCase(), c.name);
    return {
      find(text) {
        const exact = context.semantics.schemaColumn(text);
        if (exact) return { name: exact.name, exact: true, family: typeFamily(exact.type), where: 'dataset' };
        const other = byLower.get(text.toLowerCase());
        return other === undefined ? undefined : { name: other, exact: false, where: 'dataset' };
      },
    };
  }
  let inFormula: Set<string> | undefined;
  return {
    find(text) {
      inFormula ??= new Set(context.semantics.columns.filter((c) => c.quote === 'backtick').map((c) => c.name));
      return inFormula.has(text) ? { name: text, exact: true, where: 'formula' } : undefined;
    },
  };
}

/** What the parameter needs, when all its types need one thing. */
function needOf(types: readonly string[]): 'number' | 'date' | undefined {
  const first = NEED_OF_TYPE[types[0] ?? ''];
  return first !== undefined && types.every((t) => NEED_OF_TYPE[t] === first) ? first : undefined;
}

/** An aggregate that counts distinct values (`COUNT(DISTINCT x)`, APPROXIMATE_COUNT_DISTINCT): from the catalogue, a
 * count over any value that is not counting rows. */
function countsDistinct(entry: FunctionEntry, call: CallExpression): boolean {
  return entry.returns === 'LONG' && entry.params[0]?.types.includes('ANY') === true && (call.distinct || !entry.star);
}

/** Judges one literal: undefined when the text is a plausible value where it stands. */
export function judge(context: RuleContext, node: StringLiteral, names: ColumnNames): Finding | undefined {
  if (node.quote !== 'single' || !NAME_LIKE.test(node.value)) return undefined;
  const slot = slotOf(context, node);
  if (slot.kind === 'text') return undefined;
  const value = node.value;
  const named = names.find(value);
  const exact = named?.exact === true;
  const finding = (reason: Reason, certain: boolean, data: Record<string, string> = {}, need?: 'number' | 'date'): Finding => {
    // `YEAR('NOW')`: text that names no column but a function of the catalogue without arguments.
    const fn = named ? undefined : lookupFunction(value);
    const call = fn?.kind === 'constant' ? `${fn.name}()` : undefined;
    const replacement = call ?? backticked(named?.name ?? value);
    // Automatic only when the column surely exists and has values of the kind needed there.
    const fits = need === undefined || named?.family === undefined || named.family === FITS[need];
    const why = call ? `${call} is a function, written without quotes` : hint(named);
    return { reason, certain, replacement, fixable: certain && exact && fits, data: { raw: node.raw, hint: why, ...data } };
  };
  switch (slot.kind) {
    case 'param': {
      const { entry, call } = slot;
      const param = paramAt(entry, slot.index);
      if (!param) return undefined;
      const data = { name: call.name };
      const need = needOf(param.types);
      if (need) return CAN_BE[need].test(value) ? undefined : finding(need, true, data, need);
      if (!slot.direct) return undefined; // MAX(CASE … THEN 'Yes' …) and COUNT(CASE … THEN 'x' END) are idioms
      if (entry.kind === 'aggregate') {
        if (countsDistinct(entry, call)) return finding('distinct', true, data);
        // COUNT('x') counts rows like COUNT(*): a mistake only when the text is known to name a column.
        if (entry.star) return finding('rows', exact, data);
        return finding('constant', true, data);
      }
      // UPPER('Region'): a function of constants over a column's name; the text may be meant, so a warning at most.
      if (exact && param.types.includes('STRING') && call.args.every((a) => context.semantics.isConstant(a))) return finding('constantCall', false, data);
      return undefined;
    }
    case 'arithmetic':
      // A CASE label in arithmetic (`CASE WHEN … THEN 'N/A' ELSE x END * 100`) is case-branch-types' mixed branches,
      // a column only when it names one.
      if (CAN_BE.number.test(value) || (!slot.direct && !exact)) return undefined;
      return finding('arithmetic', exact, {}, 'number');
    case 'compare': {
      // Text in a CASE that is then compared (`CASE … THEN 'Sales' END = 'Sales'`) is a label.
      if (!slot.direct) return undefined;
      // The kind of value the other side has, when the text cannot be one (`CURDATE() > 'Order Date'`).
      const cannot = slot.others
        .map((o) => COMPARED[typeFamily(context.semantics.typeOf(o))])
        .find((need) => need !== undefined && !CAN_BE[need].test(value));
      const data = { what: cannot ? `, not a ${cannot},` : ',' };
      // Against constants, or against numbers or dates the text cannot be: a value of the column was meant.
      if (exact && (cannot || slot.others.every((o) => context.semantics.isConstant(o)))) return finding('comparison', true, data);
      return cannot ? finding('comparison', false, data) : undefined;
    }
  }
}

function hint(named: Named | undefined): string {
  if (!named) return 'columns are written in backticks';
  if (!named.exact) return `the dataset has a column ${backticked(named.name)} (names are case-sensitive)`;
  return named.where === 'dataset' ? `${backticked(named.name)} is a column of the dataset` : `${backticked(named.name)} is a column this formula uses`;
}

/** The messages of both rules, one per reason, and the fix's. */
export const MESSAGES: Readonly<Record<Reason | 'useColumn', string>> = {
  number: "{{raw}} is text, not a number, where {{name}} needs a column's values: {{hint}}",
  date: "{{raw}} is text, not a date, where {{name}} needs a column's values: {{hint}}",
  distinct: '{{name}} of the text {{raw}} counts one value, so it is always 1: {{hint}}',
  constant: '{{name}} of the text {{raw}} aggregates one constant, the same on every row: {{hint}}',
  rows: '{{name}}({{raw}}) counts rows, as {{name}}(*) does, not the values of a column: {{hint}}',
  arithmetic: '{{raw}} is text, not a number, in arithmetic: {{hint}}',
  comparison: '{{raw}} is text{{what}} so this compares a constant, not the values of a column: {{hint}}',
  constantCall: '{{name}} works on the text {{raw}}, the same on every row, not on the column: {{hint}}',
  useColumn: 'Replace with {{column}}',
};

/** The question both rules ask of each literal (Semantics.shared): judged once, read by the second rule. */
const JUDGEMENT = { question: 'string literal judged as a column' };

/** The visitor both rules use: report the findings of one certainty. */
export function reportFindings(context: RuleContext, certain: boolean): RuleVisitors {
  const names = columnNames(context);
  const judgeLiteral = (node: StringLiteral): Finding | undefined => judge(context, node, names);
  return {
    String(node) {
      const found = context.semantics.shared(JUDGEMENT, node, judgeLiteral);
      if (!found || found.certain !== certain) return;
      const column = found.replacement;
      const replace = (f: Fixer) => f.replace(node, column);
      context.report({
        messageId: found.reason,
        data: found.data,
        node,
        ...(found.fixable ? { fix: replace } : { suggest: [{ messageId: 'useColumn', data: { column }, fix: replace }] }),
      });
    },
  };
}

export const rule = defineRule({
  meta: {
    id: 'string-as-column',
    description: "Report single-quoted text where a column's values are needed",
    category: 'problem',
    defaultSeverity: 'error',
    fixable: 'code',
    hasSuggestions: true,
    messages: MESSAGES,
    docs: {
      rationale: [
        "Single quotes make text and backticks name a column: `SUM('Sales')` adds up the word \"Sales\", not the column, and the service's help names this the most common cause of \"Invalid Query\". The rule reports text where it cannot be what the formula needs:",
        '',
        "- an argument that needs a number or a date (from the function catalogue: `SUM('Sales')`, `AVG('Revenue')`, `MONTH('Order Date')`, `DATE_FORMAT('Order Date', '%Y')`), also as a CASE result (`SUM(CASE WHEN … THEN 'Sales' ELSE 0 END)`), unless the text reads as one (`YEAR('2024-01-31')`, `SUM('12')`: text that starts with a digit);",
        "- an aggregate of a text constant: `COUNT(DISTINCT 'Order ID')` is always 1 and `MAX('Order Date')` is that text; a CASE inside is left alone (`MAX(CASE WHEN … THEN 'Yes' ELSE 'No' END)`, `COUNT(CASE WHEN … THEN 'x' END)` are idioms);",
        "- with a dataset schema (or, without one, a column the formula writes in backticks elsewhere), text equal to a column's name where the column's values are needed: `COUNT('Order ID')`, `'Total Sales' * 2`, `'Region' = 'West'` (a constant compared with a constant), `'Order Date' >= CURDATE()`.",
        '',
        "Text that may be a value stays clean: `` `Region` = 'Region' ``, `CONCAT('Sales', …)`, `CASE WHEN … THEN 'Sales' END`. Text that names a function without arguments (`YEAR('NOW')`) gets the call (`NOW()`) as a suggestion. Names are matched as the service matches them, case-sensitively; text that names a column only ignoring case gets the column's spelling as a suggestion. The fix writes the column in backticks when the column is known and its type fits; otherwise it is a suggestion. The uncertain cases (`COUNT('Order ID')` without a schema, `'Sales' * 2`) are string-may-be-column's warnings.",
      ].join('\n'),
      examples: [
        { code: 'SUM(`Sales`)', reported: false },
        { code: "SUM('Sales')", reported: true },
        { code: "COUNT(DISTINCT 'Order ID')", reported: true, note: 'always 1' },
        { code: "MONTH('Order Date')", reported: true },
        { code: "YEAR('2024-01-31')", reported: false, note: 'text that reads as a date' },
        { code: "SUM(CASE WHEN `Region` = 'West' THEN 'Sales' ELSE 0 END)", reported: true },
        { code: "`Region` = 'Region'", reported: false, note: 'text compared with a text column may be one of its values' },
        { code: "COUNT('Order ID')", reported: true, note: 'the schema has `Order ID`' },
      ],
      schema: [
        { name: 'Sales', type: 'DECIMAL' },
        { name: 'Order ID', type: 'STRING' },
        { name: 'Order Date', type: 'DATE' },
        { name: 'Region', type: 'STRING' },
      ],
    },
  },
  create(context) {
    return reportFindings(context, true);
  },
});
