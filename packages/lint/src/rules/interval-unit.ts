// interval-unit: `INTERVAL n UNIT` with a unit MySQL does not have (`HOURS`, `WEEKS`…), with "did you mean".
import { closestNames, orList } from '../suggest.js';
import { defineRule } from '../types.js';

export const INTERVAL_UNITS: readonly string[] = [
  'MICROSECOND', 'SECOND', 'MINUTE', 'HOUR', 'DAY', 'WEEK', 'MONTH', 'QUARTER', 'YEAR', 'SECOND_MICROSECOND',
  'MINUTE_MICROSECOND', 'MINUTE_SECOND', 'HOUR_MICROSECOND', 'HOUR_SECOND', 'HOUR_MINUTE', 'DAY_MICROSECOND',
  'DAY_SECOND', 'DAY_MINUTE', 'DAY_HOUR', 'YEAR_MONTH',
];
const UNITS = new Set(INTERVAL_UNITS);

export const rule = defineRule({
  meta: {
    id: 'interval-unit',
    description: 'Report INTERVAL units that do not exist',
    category: 'problem',
    defaultSeverity: 'error',
    hasSuggestions: true,
    messages: {
      unknown: "'{{unit}}' is not an INTERVAL unit{{hint}}",
      replace: "Replace with '{{unit}}'",
    },
    docs: {
      rationale: `INTERVAL units are singular keywords: ${INTERVAL_UNITS.join(', ')}. \`INTERVAL 3 HOURS\` is rejected.`,
      examples: [
        { code: 'DATE_SUB(`Date`, INTERVAL 3 HOUR)', reported: false },
        { code: 'DATE_SUB(`Date`, INTERVAL 3 HOURS)', reported: true, note: "did you mean 'HOUR'?" },
      ],
    },
  },
  create(context) {
    return {
      Interval(node) {
        if (!node.unit || !node.unitRange || UNITS.has(node.unit)) return;
        const singular = node.unit.endsWith('S') && UNITS.has(node.unit.slice(0, -1)) ? [node.unit.slice(0, -1)] : [];
        const near = singular.length ? singular : closestNames(node.unit, INTERVAL_UNITS);
        const range = node.unitRange;
        context.report({
          messageId: 'unknown',
          data: { unit: context.text.slice(range.start.offset, range.end.offset), hint: near.length ? `; did you mean ${orList(near)}?` : '' },
          range,
          suggest: near.map((unit) => ({ messageId: 'replace', data: { unit }, fix: (f) => f.replace(range, unit) })),
        });
      },
    };
  },
});
