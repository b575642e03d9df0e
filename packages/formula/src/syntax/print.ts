// printFormula: AST → text in one canonical line (keywords upper-case, single spaces). Parentheses written in the
// source are Paren nodes and print as written; the printer adds its own only where precedence needs them, so that
// parsing the output gives the same tree. Layout-aware formatting is packages/format's job.
import type { Expression, Formula, OrderItem } from './ast.js';

const BINARY_PRECEDENCE: Readonly<Record<string, number>> = {
  OR: 1,
  AND: 2,
  '=': 4, '!=': 4, '<>': 4, '<': 4, '>': 4, '<=': 4, '>=': 4,
  '+': 5, '-': 5,
  '*': 6, '/': 6,
};

function precedence(e: Expression): number {
  switch (e.kind) {
    case 'Binary':
      return BINARY_PRECEDENCE[e.operator]!;
    case 'Unary':
      return e.operator === 'NOT' ? 3 : 7;
    case 'In':
    case 'Like':
    case 'Between':
    case 'IsNull':
      return 4;
    default:
      return 8;
  }
}

function wrap(e: Expression, minimum: number): string {
  const text = print(e);
  return precedence(e) < minimum ? `(${text})` : text;
}

function printOrder(o: OrderItem): string {
  return o.direction ? `${print(o.expression)} ${o.direction}` : print(o.expression);
}

function print(e: Expression): string {
  switch (e.kind) {
    case 'Column':
      return e.quote === 'bare' ? e.name : e.raw;
    case 'String':
    case 'DoubleQuoted':
    case 'Number':
      return e.raw;
    case 'Boolean':
      return e.value ? 'TRUE' : 'FALSE';
    case 'Null':
      return 'NULL';
    case 'Unary': {
      if (e.operator === 'NOT') return `NOT ${wrap(e.operand, 3)}`;
      const operand = wrap(e.operand, 7);
      // `- -1` must not print as `--1`, which starts a comment.
      return operand.startsWith('-') || operand.startsWith('+') ? `${e.operator} ${operand}` : `${e.operator}${operand}`;
    }
    case 'Binary': {
      const p = BINARY_PRECEDENCE[e.operator]!;
      // `a IN (1) + b` and `a IS NULL + 1` parse with the suffix as the left operand: no parentheses needed.
      const left = e.left.kind === 'In' || e.left.kind === 'IsNull' ? print(e.left) : wrap(e.left, p);
      // A prefix NOT on the right reaches as far right as it can, so it parses back the same without parentheses.
      const right = e.right.kind === 'Unary' && e.right.operator === 'NOT' ? print(e.right) : wrap(e.right, p + 1);
      return `${left} ${e.operator} ${right}`;
    }
    case 'Paren':
      return `(${print(e.expression)})`;
    case 'Case': {
      const parts = ['CASE'];
      if (e.operand) parts.push(print(e.operand));
      for (const w of e.whens) parts.push('WHEN', print(w.condition), 'THEN', print(w.result));
      if (e.elseResult) parts.push('ELSE', print(e.elseResult));
      parts.push('END');
      return parts.join(' ');
    }
    case 'Call': {
      if (!e.parens) return e.upperName;
      const args = e.star ? '*' : `${e.distinct ? 'DISTINCT ' : ''}${e.args.map(print).join(', ')}`;
      let text = `${e.upperName}(${args})`;
      if (e.over) {
        const clauses: string[] = [];
        if (e.over.partitionBy.length > 0) clauses.push(`PARTITION BY ${e.over.partitionBy.map(print).join(', ')}`);
        if (e.over.orderBy.length > 0) clauses.push(`ORDER BY ${e.over.orderBy.map(printOrder).join(', ')}`);
        text += ` OVER (${clauses.join(' ')})`;
      }
      if (e.fixed) {
        const clauses: string[] = [];
        if (e.fixed.mode) clauses.push(`${e.fixed.mode} ${e.fixed.columns.map(print).join(', ')}`);
        if (e.fixed.filter === 'NONE') clauses.push('FILTER NONE');
        else if (e.fixed.filter) clauses.push(`FILTER ${e.fixed.filter} ${e.fixed.filterColumns.map(print).join(', ')}`);
        text += ` FIXED (${clauses.join(' ')})`;
      }
      return text;
    }
    case 'Interval':
      return `INTERVAL ${wrap(e.value, 7)} ${e.unit}`;
    case 'In':
      return `${wrap(e.expression, 4)} ${e.not ? 'NOT IN' : 'IN'} (${e.list.map(print).join(', ')})`;
    case 'Like':
      return `${wrap(e.expression, 4)} ${e.not ? 'NOT LIKE' : 'LIKE'} ${wrap(e.pattern, 5)}`;
    case 'Between':
      return `${wrap(e.expression, 4)} ${e.not ? 'NOT BETWEEN' : 'BETWEEN'} ${wrap(e.low, 5)} AND ${wrap(e.high, 5)}`;
    case 'IsNull':
      return `${wrap(e.expression, 4)} ${e.not ? 'IS NOT NULL' : 'IS NULL'}`;
    case 'NestedCalculation':
      return `${e.service}_BEAST_MODE(${e.id})`;
    case 'Error':
      return '';
  }
}

export function printExpression(expression: Expression): string {
  return print(expression);
}

export function printFormula(formula: Formula): string {
  return formula.expression ? print(formula.expression) : '';
}
