// Table tests for the division-without-nullif rule.
import { describe, it } from 'vitest';
import { testRule } from '../testing/rule-tester.js';
import { rule } from './division-without-nullif.js';

testRule(
  rule,
  {
    valid: ['SUM(`p`) / NULLIF(SUM(`s`), 0)', '`m` / 60', '`m` / (NULLIF(`d`, 0))', '`a` * `b`'],
    invalid: [
      { code: 'SUM(`p`) / SUM(`s`)', errors: [{ messageId: 'unguarded', data: { divisor: 'SUM(`s`)' }, line: 1, column: 12, endLine: 1, endColumn: 20, suggestions: ['SUM(`p`) / NULLIF(SUM(`s`), 0)'] }] },
      { code: '`a` / (`b` - `c`)', errors: [{ messageId: 'unguarded', line: 1, column: 7, endLine: 1, endColumn: 18, suggestions: ['`a` / NULLIF(`b` - `c`, 0)'] }] },
    ],
  },
  { describe, it },
);
