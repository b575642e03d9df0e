// dayofweek-range: DAYOFWEEK returns 1 (Sunday) … 7 (Saturday): comparing it with 0 or 8 is never true.
import type { Expression } from '@calckit/formula';
import { defineRule } from '../types.js';
import { numberValue, unparen } from './util.js';

const RANGES: Readonly<Record<string, readonly [number, number]>> = {
  DAYOFWEEK: [1, 7],
  DAYOFMONTH: [1, 31],
  DAY: [1, 31],
  MONTH: [1, 12],
  QUARTER: [1, 4],
  HOUR: [0, 23],
  MINUTE: [0, 59],
  SECOND: [0, 59],
};

const EQUALITY = new Set(['=', '!=', '<>']);

export const rule = defineRule({
  meta: {
    id: 'dayofweek-range',
    description: 'Report DAYOFWEEK (and other date parts) compared with values they never take',
    category: 'problem',
    defaultSeverity: 'error',
    messages: {
      range: "{{name}} returns {{min}} to {{max}}{{extra}}, so it never equals {{value}}",
    },
    docs: {
      rationale:
        'DAYOFWEEK numbers days 1 (Sunday) to 7 (Saturday), unlike WEEKDAY (0 = Monday). `DAYOFWEEK(d) = 0` or `= 8` is never true, usually a sign of the other numbering. The same check covers MONTH, QUARTER, DAY, HOUR, MINUTE and SECOND.',
      examples: [
        { code: 'DAYOFWEEK(`Date`) = 1', reported: false },
        { code: 'DAYOFWEEK(`Date`) = 0', reported: true },
        { code: 'MONTH(`Date`) IN (0, 12)', reported: true },
      ],
    },
  },
  create(context) {
    const check = (call: Expression, valueExpr: Expression): void => {
      const c = unparen(call);
      if (c.kind !== 'Call') return;
      const range = RANGES[c.upperName];
      const value = numberValue(valueExpr);
      if (!range || value === undefined) return;
      if (value >= range[0] && value <= range[1] && Number.isInteger(value)) return;
      context.report({
        messageId: 'range',
        data: { name: c.name, min: range[0], max: range[1], extra: c.upperName === 'DAYOFWEEK' ? ' (1 = Sunday)' : '', value: context.sourceOf(valueExpr) },
        node: valueExpr,
      });
    };
    return {
      Binary(node) {
        if (!EQUALITY.has(node.operator)) return;
        check(node.left, node.right);
        check(node.right, node.left);
      },
      In(node) {
        for (const item of node.list) check(node.expression, item);
      },
    };
  },
});
