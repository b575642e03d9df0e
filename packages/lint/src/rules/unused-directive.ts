// unused-directive: calckit-disable directives that suppress nothing, or name rules that do not exist.
// The engine (linter.ts) does the work; this file carries the meta so the rule is configured like any other.
import { defineRule } from '../types.js';

export const rule = defineRule({
  meta: {
    id: 'unused-directive',
    description: 'Report calckit-disable directives that suppress nothing',
    category: 'suggestion',
    defaultSeverity: 'warn',
    fixable: 'code',
    messages: {
      unused: 'Unused calckit-{{kind}} directive{{what}} (no problem was reported there)',
      unknownRule: "Directive names unknown rule '{{rule}}'",
    },
    docs: {
      rationale:
        'A directive that no longer suppresses anything hides the next real problem on that line. The fix removes a directive that is entirely unused. Directives: `-- calckit-disable-next-line <rule>, …`, `-- calckit-disable-line <rule>`, `/* calckit-disable <rule> */ … /* calckit-enable <rule> */`; without rule names they apply to every rule; text after ` -- ` is a reason.',
      examples: [
        { code: '-- calckit-disable-next-line bare-column\nSUM(revenue)', reported: false },
        { code: '-- calckit-disable-next-line bare-column\nSUM(`revenue`)', reported: true },
      ],
    },
  },
  create() {
    return {};
  },
});
