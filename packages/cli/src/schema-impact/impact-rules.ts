// The two findings of a schema change's impact that are not lint rules: a calculation whose result type changes, and
// one that nests (transitively) a calculation the change breaks. Rule-shaped (meta only, no visitors) so that lint's
// reporters (stylish, SARIF's reportingDescriptors) show them as they show lint's rules. Documented in
// docs/schema-impact.md.
import type { Rule } from '@calckit/lint';

export const RESULT_TYPE_CHANGED = 'result-type-changed';
export const NESTS_BROKEN_CALCULATION = 'nests-broken-calculation';

const impactRule = (id: string, description: string, rationale: string): Rule => ({
  meta: {
    id,
    description,
    category: 'problem',
    defaultSeverity: 'error',
    messages: {},
    docs: { rationale, examples: [] },
  },
  create: () => ({}),
});

export const IMPACT_RULES: readonly Rule[] = [
  impactRule(
    RESULT_TYPE_CHANGED,
    "Report calculations whose result type (the service's dataType) changes with the new schema",
    'A column whose type changes can change the type of what a calculation returns (`MAX` of a LONG column is LONG, of a DECIMAL one DECIMAL) while the formula stays valid: cards, filters and the calculations that nest it then see another type. Found by `calckit schema impact` (analysis with the old and the new schema).',
  ),
  impactRule(
    NESTS_BROKEN_CALCULATION,
    'Report calculations that nest a calculation the schema change breaks',
    'A calculation that calls `<SERVICE>_BEAST_MODE(id)` of a calculation the schema change breaks, or whose result type it changes, breaks or changes with it, however deep the nesting. Found by `calckit schema impact` at each call.',
  ),
];
