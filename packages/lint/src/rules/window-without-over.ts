// window-without-over: window functions (RANK, LAG…) called without OVER, and OVER after a function that is not a
// window function or one of the aggregates the service takes over a window (the catalogue's `windowCapable`).
// MEDIAN … OVER is reported although MariaDB computes it: the service checks OVER's function against its own list
// (it refused PERCENT_RANK, which MariaDB computes, as "Not a valid analytic function"; facts.md, live evidence),
// and no list of it names MEDIAN.
import { FUNCTION_ENTRIES, lookupFunction } from '@calckit/formula';
import { defineRule } from '../types.js';

/** The aggregates the service takes over a window, as the catalogue marks them: SUM, AVG, COUNT… */
const WINDOW_AGGREGATES = FUNCTION_ENTRIES.filter((entry) => entry.kind === 'aggregate' && entry.windowCapable).map((entry) => entry.name);

export const rule = defineRule({
  meta: {
    id: 'window-without-over',
    description: 'Require OVER after window functions, and only there',
    category: 'problem',
    defaultSeverity: 'error',
    messages: {
      missing: "'{{name}}' is a window function: it needs OVER (…), e.g. {{name}}(…) OVER (ORDER BY `Date`)",
      notWindow: "'{{name}}' cannot be used with OVER: only aggregates and window functions can",
      notWindowAggregate: "'{{name}}' is an aggregate the service does not take over a window (it refuses analytic functions it does not list): with OVER use {{aggregates}} or a window function",
    },
    docs: {
      rationale: "RANK, LAG, LEAD, NTILE and the other window functions only have a meaning over a window; without OVER the service rejects the formula. Conversely, OVER after a row function is invalid, and so is OVER after an aggregate the service does not list as a window function, such as MEDIAN: MariaDB computes `MEDIAN(x) OVER (…)`, but the service checks the function under OVER against its own list (a live run refused PERCENT_RANK, which MariaDB computes too, with 'Not a valid analytic function'), and neither the formula reference nor the engine reference lists MEDIAN as a window function.",
      examples: [
        { code: 'LAG(SUM(`Sales`), 1) OVER (ORDER BY `Month`)', reported: false },
        { code: 'LAG(SUM(`Sales`), 1)', reported: true },
        { code: 'UPPER(`Name`) OVER ()', reported: true },
        { code: 'MEDIAN(`Sales`) OVER (PARTITION BY `Region`)', reported: true },
      ],
    },
  },
  create(context) {
    return {
      Call(node) {
        const entry = lookupFunction(node.upperName);
        if (!entry) return;
        if (entry.needsOver && !node.over) context.report({ messageId: 'missing', data: { name: node.name }, range: node.nameRange });
        if (node.over && entry.kind === 'aggregate' && !entry.windowCapable) {
          context.report({ messageId: 'notWindowAggregate', data: { name: node.name, aggregates: WINDOW_AGGREGATES.join(', ') }, node: node.over });
        } else if (node.over && entry.kind !== 'window' && entry.kind !== 'aggregate') {
          context.report({ messageId: 'notWindow', data: { name: node.name }, node: node.over });
        }
      },
    };
  },
});
