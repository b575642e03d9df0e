// printFormula: AST → text in one canonical line (keywords upper-case, single spaces). Parentheses written in the
// source are Paren nodes and print as written; the printer adds its own only where precedence needs them, so that
// parsing the output gives the same tree. Layout-aware formatting is packages/format's job.
import type { Expression, Formula } from './ast.js';
import { BINARY_PRECEDENCE, PRECEDENCE, precedenceOf, wouldStartComment } from './operators.js';

/** Work for the printer's explicit stack: text to append, an expression to print (in parentheses when its
 * precedence is below `min`), or the two halves of the space check after a unary sign. */
type Task = string | { readonly e: Expression; readonly min: number } | typeof MARK | typeof CHECK_SIGN;
/** Notes where the operand of a unary sign starts. */
const MARK = { mark: true } as const;
/** After that operand: `- -1` must not print as `--1`, which starts a comment. */
const CHECK_SIGN = { check: true } as const;

const item = (e: Expression, min = 0): Task => ({ e, min });

/** `items` joined by `separator`, for the task list. */
function joined(items: readonly Task[], separator: string): Task[] {
  const out: Task[] = [];
  items.forEach((t, i) => {
    if (i > 0) out.push(separator);
    out.push(t);
  });
  return out;
}

/** The parts of one node, in order (expressions as tasks). */
function parts(e: Expression): Task[] {
  switch (e.kind) {
    case 'Column':
      return [e.quote === 'bare' ? e.name : e.raw];
    case 'String':
    case 'DoubleQuoted':
    case 'Number':
      return [e.raw];
    case 'Boolean':
      return [e.value ? 'TRUE' : 'FALSE'];
    case 'Null':
      return ['NULL'];
    case 'Unary':
      if (e.operator === 'NOT') return ['NOT ', item(e.operand, PRECEDENCE.NOT)];
      return [e.operator, MARK, item(e.operand, PRECEDENCE.SIGN), CHECK_SIGN];
    case 'Binary': {
      const p = BINARY_PRECEDENCE[e.operator];
      // `a IN (1) + b` and `a IS NULL + 1` parse with the suffix as the left operand: no parentheses needed.
      const left = e.left.kind === 'In' || e.left.kind === 'IsNull' || e.left.kind === 'IsTruth' ? item(e.left) : item(e.left, p);
      // A prefix NOT on the right reaches as far right as it can, so it parses back the same without parentheses.
      const right = e.right.kind === 'Unary' && e.right.operator === 'NOT' ? item(e.right) : item(e.right, p + 1);
      return [left, ` ${e.operator} `, right];
    }
    case 'Paren':
      return ['(', item(e.expression), ')'];
    case 'Case': {
      const words: Task[] = ['CASE'];
      if (e.operand) words.push(item(e.operand));
      for (const w of e.whens) words.push('WHEN', item(w.condition), 'THEN', item(w.result));
      if (e.elseResult) words.push('ELSE', item(e.elseResult));
      words.push('END');
      return joined(words, ' ');
    }
    case 'Call': {
      if (!e.parens) return [e.upperName];
      // Array literals and concat, never push(...list): a call may have 100,000 arguments.
      let out: Task[] = [`${e.upperName}(`];
      if (e.star) out.push('*');
      else {
        if (e.distinct) out.push('DISTINCT ');
        out = out.concat(joined(e.args.map((a) => item(a)), ', '));
      }
      out.push(')');
      if (e.over) {
        const clauses: Task[][] = [];
        if (e.over.partitionBy.length > 0) clauses.push(['PARTITION BY ', ...joined(e.over.partitionBy.map((x) => item(x)), ', ')]);
        if (e.over.orderBy.length > 0) {
          const orders = e.over.orderBy.map((o): Task[] => (o.direction ? [item(o.expression), ` ${o.direction}`] : [item(o.expression)]));
          clauses.push(['ORDER BY ', ...orders.flatMap((o, i) => (i > 0 ? [', ', ...o] : o))]);
        }
        out = [...out, ' OVER (', ...clauses.flatMap((c, i) => (i > 0 ? [' ', ...c] : c)), ')'];
      }
      if (e.fixed) {
        const clauses: Task[][] = [];
        if (e.fixed.mode) clauses.push([`${e.fixed.mode} `, ...joined(e.fixed.columns.map((x) => item(x)), ', ')]);
        if (e.fixed.filter === 'NONE') clauses.push(['FILTER NONE']);
        else if (e.fixed.filter) clauses.push([`FILTER ${e.fixed.filter} `, ...joined(e.fixed.filterColumns.map((x) => item(x)), ', ')]);
        out = [...out, ' FIXED (', ...clauses.flatMap((c, i) => (i > 0 ? [' ', ...c] : c)), ')'];
      }
      return out;
    }
    case 'Interval':
      // The value is a whole expression ending at the unit (`INTERVAL 1 + 1 DAY`): it never needs parentheses.
      return ['INTERVAL ', item(e.value), ` ${e.unit}`];
    case 'In':
      return [item(e.expression, 4), e.not ? ' NOT IN (' : ' IN (', ...joined(e.list.map((x) => item(x)), ', '), ')'];
    case 'Like':
      return [item(e.expression, 4), e.not ? ' NOT LIKE ' : ' LIKE ', item(e.pattern, 5)];
    case 'Between':
      return [item(e.expression, 4), e.not ? ' NOT BETWEEN ' : ' BETWEEN ', item(e.low, 5), ' AND ', item(e.high, 5)];
    case 'IsNull':
      return [item(e.expression, 4), e.not ? ' IS NOT NULL' : ' IS NULL'];
    case 'IsTruth':
      return [item(e.expression, 4), e.not ? ' IS NOT ' : ' IS ', e.value ? 'TRUE' : 'FALSE'];
    case 'NestedCalculation':
      return [`${e.service}_BEAST_MODE(${e.id})`];
    case 'Error':
      return [''];
  }
}

/** Prints without recursion: tasks on an explicit stack, text appended in order. */
function print(root: Expression): string {
  const out: string[] = [];
  const marks: number[] = [];
  const tasks: Task[] = [item(root)];
  while (tasks.length > 0) {
    const task = tasks.pop()!;
    if (typeof task === 'string') out.push(task);
    else if (task === MARK) marks.push(out.length);
    else if (task === CHECK_SIGN) {
      // The operand's text starts at the mark, right after the operator's.
      const at = marks.pop()!;
      let i = at;
      while (i < out.length && out[i]!.length === 0) i++;
      const first = out[i]?.[0];
      // A sign before a sign gets a space: `- -1` must (wouldStartComment), `- +1` reads better alike.
      if (first !== undefined && (wouldStartComment(out[at - 1]!, first) || first === '-' || first === '+')) out[at - 1] += ' ';
    } else {
      const { e, min } = task as { e: Expression; min: number };
      const list = parts(e);
      const wrapped = precedenceOf(e) < min;
      if (wrapped) tasks.push(')');
      for (let i = list.length - 1; i >= 0; i--) tasks.push(list[i]!);
      if (wrapped) tasks.push('(');
    }
  }
  return out.join('');
}

export function printExpression(expression: Expression): string {
  return print(expression);
}

export function printFormula(formula: Formula): string {
  return formula.expression ? print(formula.expression) : '';
}
