// unknown-column: with a dataset schema, column references the schema does not have, with "did you mean" and hints
// for a case mismatch or stray spaces (column names are case-sensitive).
import type { ColumnRef } from '@calckit/formula';
import { closestNames, orList } from '../suggest.js';
import { defineRule } from '../types.js';
import { backticked } from './util.js';

export const rule = defineRule({
  meta: {
    id: 'unknown-column',
    description: 'Report columns the dataset does not have (needs a schema)',
    category: 'problem',
    defaultSeverity: 'error',
    requiresSchema: true,
    hasSuggestions: true,
    messages: {
      unknown: 'Unknown column {{column}}{{hint}}',
      caseMismatch: 'Unknown column {{column}}: column names are case-sensitive; the dataset has {{actual}}',
      spaces: 'Unknown column {{column}}: the dataset has {{actual}} (check leading or trailing spaces)',
      replace: 'Replace with {{actual}}',
    },
    docs: {
      rationale:
        'The service reports a column its dataset does not have as an invalid column, and column names are case-sensitive. Without a schema (see `datasets` in calckit.json) the rule reports nothing.',
      examples: [
        { code: 'SUM(`Sales`)', reported: false },
        { code: 'SUM(`sales`)', reported: true, note: 'case mismatch' },
        { code: 'SUM(`Saless`)', reported: true, note: 'did you mean `Sales`?' },
      ],
      schema: [{ name: 'Sales', type: 'DECIMAL' }],
    },
  },
  create(context) {
    const schema = context.schema;
    if (!schema) return {};
    const names = schema.map((c) => c.name);
    const byLower = new Map(names.map((n) => [n.toLowerCase(), n]));
    const byTrimmed = new Map(names.map((n) => [n.trim().toLowerCase(), n]));
    return {
      Column(node: ColumnRef) {
        if (context.semantics.schemaColumn(node.name)) return;
        const shown = backticked(node.name);
        const suggest = (actual: string) => ({ messageId: 'replace' as const, data: { actual: backticked(actual) }, fix: (f: import('../types.js').Fixer) => f.replace(node, backticked(actual)) });
        const sameCase = byLower.get(node.name.toLowerCase());
        if (sameCase !== undefined) {
          context.report({ messageId: 'caseMismatch', data: { column: shown, actual: backticked(sameCase) }, node, suggest: [suggest(sameCase)] });
          return;
        }
        const trimmed = byTrimmed.get(node.name.trim().toLowerCase());
        if (trimmed !== undefined) {
          context.report({ messageId: 'spaces', data: { column: shown, actual: backticked(trimmed) }, node, suggest: [suggest(trimmed)] });
          return;
        }
        const near = closestNames(node.name, names);
        context.report({
          messageId: 'unknown',
          data: { column: shown, hint: near.length ? `; did you mean ${orList(near.map(backticked), '')}?` : '' },
          node,
          suggest: near.map(suggest),
        });
      },
    };
  },
});
