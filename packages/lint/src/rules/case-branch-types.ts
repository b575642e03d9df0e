// case-branch-types: CASE branches that return values of different kinds (text in one, a number in another).
import type { Expression } from '@calckit/formula';
import { typeFamily } from '../semantics/index.js';
import type { Rule } from '../types.js';

const FAMILY_NAMES: Readonly<Record<string, string>> = { string: 'text', numeric: 'a number', time: 'a date', boolean: 'a boolean' };

export const rule: Rule = {
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
        const results: Expression[] = [...node.whens.map((w) => w.result), ...(node.elseResult ? [node.elseResult] : [])];
        let first: { family: string; type: string } | undefined;
        for (const r of results) {
          const type = context.semantics.typeOf(r);
          const family = typeFamily(type);
          if (family === 'other') continue;
          if (!first) {
            first = { family, type };
            continue;
          }
          if (family !== first.family) {
            context.report({
              messageId: 'mixed',
              data: { kind: FAMILY_NAMES[family]!, type, firstKind: FAMILY_NAMES[first.family]!, firstType: first.type },
              node: r,
            });
            return;
          }
        }
      },
    };
  },
};
