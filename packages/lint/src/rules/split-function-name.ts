// split-function-name: a function's name split by a hyphen or a space (`STR_TO-DATE(`, `DATE FORMAT(`, `DATE_ FORMAT(`)
// or DISTINCT written before the parenthesis (`COUNT DISTINCT(`): named as the function meant, with the fix.
import { arity, findSplitFunctionNames, lookupFunction, type CallExpression, type SplitFunctionName } from '@calckit/formula';
import { defineRule, type Fixer } from '../types.js';

export const rule = defineRule({
  meta: {
    id: 'split-function-name',
    description: "Report function names split by a hyphen or a space, and DISTINCT outside a function's parentheses",
    category: 'problem',
    defaultSeverity: 'error',
    fixable: 'code',
    hasSuggestions: true,
    // The words of the name are no bare column, its inner call no function, the parser's stumble no other mistake.
    ownsRange: true,
    messages: {
      split: "'{{written}}' looks like the function {{name}} with {{how}}",
      distinct: "'{{written}}' looks like {{name}}(DISTINCT …): DISTINCT goes inside the parentheses",
      write: 'Write {{replacement}}',
    },
    docs: {
      rationale:
        "A hyphen or a space typed inside a function's name splits it: `STR_TO-DATE(x, '%y')` reads as the column STR_TO minus DATE(x, '%y'), and the message the parser can give (DATE takes 1 argument) points away from the mistake; `DATE FORMAT(` and `COUNT DISTINCT(` do not parse at all. When the words joined with `_` or with nothing name a catalogue function (or a function that takes DISTINCT is followed by DISTINCT), this rule reports the function meant, and argument-count and unknown-function stay silent on the call inside. A name that can only be a mistake is fixed; when the split text still reads as a valid subtraction (`YEAR-WEEK(`d`)`), the rewrite is a suggestion.",
      examples: [
        { code: "STR_TO_DATE(`Date Text`, '%d/%m/%Y')", reported: false },
        { code: "STR_TO-DATE(`Date Text`, '%d/%m/%Y')", reported: true, note: 'fixed to STR_TO_DATE' },
        { code: "DATE FORMAT(`Order Date`, '%Y-%m')", reported: true, note: 'fixed to DATE_FORMAT' },
        { code: 'COUNT DISTINCT(`Customer ID`)', reported: true, note: 'fixed to COUNT(DISTINCT `Customer ID`)' },
      ],
    },
  },
  create(context) {
    /** The calls by where their names start, made only for a formula with a split name (rare: no table per lint). */
    let callsByStart: Map<number, CallExpression> | undefined;
    const callAt = (offset: number): CallExpression | undefined =>
      (callsByStart ??= new Map(context.semantics.calls.map((c) => [c.nameRange.start.offset, c]))).get(offset);
    /** The split text still reads as a valid formula: hyphens only, no syntax error, and the call the parser saw is a
     * known function with a fitting argument count. Rewriting it would change a formula that runs: only suggest. */
    const stillValid = (s: SplitFunctionName): boolean => {
      if (s.kind !== 'split' || /\s/.test(s.written) || context.parse.errors.length > 0) return false;
      const call = callAt(s.callStart);
      const entry = call && lookupFunction(call.upperName);
      if (!call || !entry) return false;
      const { min, max } = arity(entry);
      const count = call.star ? 1 : call.args.length;
      return count >= min && count <= max;
    };
    return {
      onEnd() {
        for (const s of findSplitFunctionNames(context.text, context.parse.tokens)) {
          const range = context.parse.lines.rangeOf(s.start, s.end);
          const fix = (f: Fixer) => f.replaceOffsets(s.start, s.end, s.replacement);
          const suggestOnly = stillValid(s);
          context.report({
            messageId: s.kind,
            data: { written: s.written, name: s.name, how: s.how },
            range,
            ...(suggestOnly ? {} : { fix }),
            suggest: [{ messageId: 'write', data: { replacement: s.kind === 'distinct' ? `${s.replacement}…)` : s.replacement }, fix }],
          });
        }
      },
    };
  },
});
