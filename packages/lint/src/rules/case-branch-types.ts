// case-branch-types: CASE branches that return values of different kinds (text in one, a number in another).
import type { Expression } from '@calckit/formula';
import { defineRule } from '../types.js';

const CATEGORY_NAMES: Readonly<Record<string, string>> = { string: 'text', numeric: 'a number', time: 'a date', boolean: 'a boolean' };

export const rule = defineRule({
  meta: {
    id: 'case-branch-types',
    description: 'Require every CASE branch to return the same kind of value',
    category: 'problem',
    defaultSeverity: 'warn',
    messages: {
      mixed: 'This CASE branch returns {{kind}} ({{type}}) but an earlier branch returns {{firstKind}} ({{firstType}})',
    },
    docs: {
      rationale:
        "The service recommends one type across CASE branches: mixing text and numbers makes the result type depend on the engine's coercion, and charts treat the column as text. Column types come from the schema, else from how the formula uses the column (`x >= 600` makes `x` a number). A missing ELSE (NULL) fits any type.",
      examples: [
        { code: "CASE WHEN `Amount` >= 600 THEN 'Large' ELSE 'Small' END", reported: false },
        { code: "CASE WHEN `Amount` >= 600 THEN 'Large' ELSE `Amount` END", reported: true },
      ],
    },
  },
  create(context) {
    return {
      Case(node) {
        // Built by pushes: spreading a one-element array in or an empty one gave the list two kinds of elements, and V8
        // threw this visitor's compiled code away when a formula brought the other (traced: a wrong map).
        const results: Expression[] = node.whens.map((w) => w.result);
        if (node.elseResult) results.push(node.elseResult);
        const { semantics } = context;
        // The exact type when known, else how the kind was inferred (a column compared with numbers is a number).
        const shown = (e: Expression) => {
          const t = semantics.typeOf(e);
          return t === 'UNKNOWN' ? 'inferred from its use' : t;
        };
        let first: { category: string; node: Expression } | undefined;
        for (const r of results) {
          const category = semantics.categoryOf(r);
          if (!(category in CATEGORY_NAMES)) continue;
          if (!first) {
            first = { category, node: r };
            continue;
          }
          if (category !== first.category) {
            context.report({
              messageId: 'mixed',
              data: { kind: CATEGORY_NAMES[category]!, type: shown(r), firstKind: CATEGORY_NAMES[first.category]!, firstType: shown(first.node) },
              node: r,
            });
            return;
          }
        }
      },
    };
  },
});
