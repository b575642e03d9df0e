// Table tests for the interval-unit rule.
import { describe, it } from 'vitest';
import { testRule } from '../testing/rule-tester.js';
import { rule } from './interval-unit.js';

testRule(
  rule,
  {
    valid: ['DATE_SUB(`d`, INTERVAL 3 HOUR)', 'DATE_ADD(`d`, interval 1 year_month)', 'ADDDATE(`d`, 6)'],
    invalid: [
      { code: 'DATE_SUB(`d`, INTERVAL 3 HOURS)', errors: [{ messageId: 'unknown', message: "'HOURS' is not an INTERVAL unit; did you mean 'HOUR'?", line: 1, column: 26, endLine: 1, endColumn: 31, suggestions: ['DATE_SUB(`d`, INTERVAL 3 HOUR)'] }] },
      { code: 'DATE_ADD(`d`, INTERVAL 1 MONHT)', errors: [{ messageId: 'unknown', line: 1, column: 26, endLine: 1, endColumn: 31, suggestions: ['DATE_ADD(`d`, INTERVAL 1 MONTH)'] }] },
      { code: 'DATE_ADD(`d`, INTERVAL 1 FORTNIGHT)', errors: [{ messageId: 'unknown', message: "'FORTNIGHT' is not an INTERVAL unit", line: 1, column: 26, endLine: 1, endColumn: 35, suggestions: [] }] },
    ],
  },
  { describe, it },
);
