// argument-count: calls with too few or too many arguments for the function's signature; DISTINCT and * where the
// function does not accept them.
import { arity, ENGINE_DISTINCT, engineFormOf, formatSignature, lookupFunction } from '@calckit/formula';
import { defineRule } from '../types.js';

function expected(min: number, max: number): string {
  if (max === Infinity) return `at least ${min}`;
  if (min === max) return String(min);
  return `${min} to ${max}`;
}

export const rule = defineRule({
  meta: {
    id: 'argument-count',
    description: 'Report calls with the wrong number of arguments',
    category: 'problem',
    defaultSeverity: 'error',
    messages: {
      count: "'{{name}}' takes {{expected}} argument{{s}} but was given {{count}}: {{signature}}",
      distinct: "'{{name}}' does not accept DISTINCT",
      star: "'{{name}}' does not accept *",
    },
    docs: {
      rationale:
        'The service rejects a call whose argument count does not match the function. The message shows the signature from the function catalogue. Counts that MySQL, the service\'s engine, accepts beyond the documented signature (`LOG(base, x)`, `TIMESTAMP(date, time)`, one-argument `CONCAT`/`COALESCE`, `UNIX_TIMESTAMP()`, `NOW(fsp)`, `AVG(DISTINCT x)`, …) are left to undocumented-function, which warns. The call inside a function name split by a hyphen (`DATE(` of `STR_TO-DATE(x, \'%y\')`) is left to split-function-name, which names the function meant.',
      examples: [
        { code: 'DATEDIFF(`Closed`, `Opened`)', reported: false },
        { code: 'DATEDIFF(`Closed`)', reported: true },
        { code: 'STDDEV_POP(DISTINCT `Price`)', reported: true, note: 'STDDEV_POP does not take DISTINCT' },
        { code: 'LOG(2, `Price`)', reported: false, note: "MySQL's form: undocumented-function warns" },
      ],
    },
  },
  create(context) {
    // The call inside a split name (`DATE(` of `STR_TO-DATE(`) is not the function meant: split-function-name owns that
    // range, so the linter leaves this rule's message there out.
    return {
      Call(node) {
        const entry = lookupFunction(node.upperName);
        if (!entry || node.recovered) return;
        // Bare niladic constants (`CURRENT_DATE`) have no argument list to check.
        if (!node.parens) return;
        const { min, max } = arity(entry);
        const count = node.star ? 1 : node.args.length;
        if (node.distinct && !entry.distinct && !ENGINE_DISTINCT.has(entry.name)) context.report({ messageId: 'distinct', data: { name: node.name }, node });
        if (node.star && !entry.star) context.report({ messageId: 'star', data: { name: node.name }, node });
        if ((count < min || count > max) && !engineFormOf(node.upperName, count, { min, max })) {
          const shown = expected(min, max);
          context.report({
            messageId: 'count',
            data: { name: node.name, expected: shown, s: shown === '1' ? '' : 's', count, signature: formatSignature(entry) },
            range: node.argsRange ?? node.range,
          });
        }
      },
    };
  },
});
