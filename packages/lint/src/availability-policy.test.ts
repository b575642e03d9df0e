// Lint and analysis follow one availability policy: over every catalogue function, the linter reports an error for a
// call exactly when the analysis says INVALID, with the severity the policy names; every catalogue example lints
// without an error and with no warning but its own function's availability warning.
import { AVAILABILITY_POLICY, FUNCTION_ENTRIES, analyzeCalculation, functionAvailability, type AvailabilityStatus } from '@calckit/formula';
import { describe, expect, it } from 'vitest';
import { lintText } from './linter.js';
import { RULES } from './rules/index.js';
import { STATUSES as deprecated } from './rules/deprecated-function.js';
import { STATUSES as replaced } from './rules/replaced-function.js';
import { STATUSES as undocumented } from './rules/undocumented-function.js';
import { STATUSES as unknown } from './rules/unknown-function.js';
import { STATUSES as unsupported } from './rules/unsupported-function.js';

/** Which rule reports which availability status: each rule declares its statuses. */
const RULE_OF: ReadonlyMap<AvailabilityStatus, string> = new Map([
  ...unknown.map((s) => [s, 'unknown-function'] as const),
  ...unsupported.map((s) => [s, 'unsupported-function'] as const),
  ...undocumented.map((s) => [s, 'undocumented-function'] as const),
  ...replaced.map((s) => [s, 'replaced-function'] as const),
  ...deprecated.map((s) => [s, 'deprecated-function'] as const),
]);
const AVAILABILITY_RULES = new Set(RULE_OF.values());

/** A call of the function with its required arguments (columns), and OVER where it needs one. */
function callOf(name: string): string {
  const entry = FUNCTION_ENTRIES.find((e) => e.name === name);
  const args = (entry?.params ?? []).filter((p) => !p.optional).map((_, i) => `\`c${i}\``);
  return `${name}(${args.join(', ')})${entry?.needsOver ? ' OVER (ORDER BY `d`)' : ''}`;
}

describe('availability policy', () => {
  it('every status the linter speaks of has exactly one rule, whose default severity is the policy finding', () => {
    for (const [status, policy] of Object.entries(AVAILABILITY_POLICY) as Array<[AvailabilityStatus, (typeof AVAILABILITY_POLICY)[AvailabilityStatus]]>) {
      const ruleId = RULE_OF.get(status);
      if (policy.finding === 'none') {
        expect(ruleId, status).toBeUndefined();
        continue;
      }
      const rule = RULES.find((r) => r.meta.id === ruleId);
      expect(rule?.meta.defaultSeverity, status).toBe(policy.finding);
    }
    const declared = [...unknown, ...unsupported, ...undocumented, ...replaced, ...deprecated];
    expect(new Set(declared).size).toBe(declared.length);
  });

  const names = [...FUNCTION_ENTRIES.map((e) => e.name), 'FROBNICATE', 'DATE_DIFF'];
  it.each(names)('%s: lint errors exactly when analyze says INVALID, with the policy finding', (name) => {
    const code = callOf(name);
    const verdict = functionAvailability(name);
    const messages = lintText(code).messages;
    const own = messages.filter((m) => AVAILABILITY_RULES.has(m.ruleId));
    expect(own.map((m) => [m.ruleId, m.severity]), code).toEqual(verdict.finding === 'none' ? [] : [[RULE_OF.get(verdict.status), verdict.finding]]);
    const invalid = analyzeCalculation(code).status === 'INVALID';
    expect(messages.some((m) => m.severity === 'error'), code).toBe(invalid);
    expect(invalid, code).toBe(!verdict.accepted);
  });

  it.each(FUNCTION_ENTRIES.map((e) => [e.name, e.example] as const))('the example of %s lints clean: %s', (name, example) => {
    const messages = lintText(example).messages.map((m) => `${m.severity} ${m.ruleId}: ${m.message}`);
    const verdict = functionAvailability(name);
    // An accepted function's own availability warning is the policy speaking; anything else is a flaw in the example.
    // Replaced and deprecated functions' examples show what to write instead, so they warn about nothing.
    const expected = verdict.finding === 'warn' && verdict.accepted && verdict.status !== 'replaced' && verdict.status !== 'deprecated' ? 1 : 0;
    expect(messages.length, messages.join('\n')).toBe(expected);
    if (expected) expect(messages[0]).toMatch(/^warn undocumented-function/);
    expect(analyzeCalculation(example).status).toBe('VALID');
  });
});
