// Table tests for the date-format-specifier rule.
import { describe, it } from 'vitest';
import { testRule } from '../testing/rule-tester.js';
import { rule } from './date-format-specifier.js';

testRule(
  rule,
  {
    valid: ["DATE_FORMAT(NOW(), '%d %b %Y %T')", "STR_TO_DATE(`d`, '%m,%d,%Y')", "DATE_FORMAT(`d`, '100%% %Y')", "DATE_FORMAT(`d`, `fmt`)", "TIME_FORMAT(`t`, '%H:%i:%s')", "CONCAT('YYYY', `x`)"],
    invalid: [
      { code: "DATE_FORMAT(`d`, '%Y-%q')", errors: [{ messageId: 'unknown', data: { letter: 'q' }, column: 22, endColumn: 24 }] },
      { code: "STR_TO_DATE(`d`, '%Y%')", errors: [{ messageId: 'trailing', column: 21 }] },
      { code: "DATE_FORMAT(`d`, 'YYYY-MM-DD')", errors: [{ messageId: 'picture', data: { fixed: "'%Y-%m-%d'" }, suggestions: ["DATE_FORMAT(`d`, '%Y-%m-%d')"] }] },
      { code: "DATE_FORMAT(`d`, 'it''s %Q')", errors: [{ messageId: 'unknown', column: 18, name: 'doubled quotes: the whole literal' }] },
    ],
  },
  { describe, it },
);
