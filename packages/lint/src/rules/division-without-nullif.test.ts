// Table tests for the division-without-nullif rule.
import { describe, it } from 'vitest';
import { testRule } from '../testing/rule-tester.js';
import { rule } from './division-without-nullif.js';

testRule(
  rule,
  {
    valid: ['SUM(`p`) / NULLIF(SUM(`s`), 0)', '`m` / 60', '`m` / (NULLIF(`d`, 0))', '`a` * `b`'],
    invalid: [
      { code: 'SUM(`p`) / SUM(`s`)', errors: [{ messageId: 'unguarded', data: { divisor: 'SUM(`s`)' }, column: 12, suggestions: ['SUM(`p`) / NULLIF(SUM(`s`), 0)'] }] },
      { code: '`a` / (`b` - `c`)', errors: [{ messageId: 'unguarded', suggestions: ['`a` / NULLIF(`b` - `c`, 0)'] }] },
    ],
  },
  { describe, it },
);
