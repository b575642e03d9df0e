// Table tests for the unused-directive rule.
import { describe, it } from 'vitest';
import { testRule } from '../testing/rule-tester.js';
import { rule } from './unused-directive.js';

const bare = ['bare-column'];

testRule(
  rule,
  {
    valid: [
      { code: '-- calckit-disable-next-line bare-column\nSUM(revenue)', alsoEnable: bare },
      { code: 'SUM(revenue) -- calckit-disable-line bare-column -- legacy dataset', alsoEnable: bare },
      { code: '/* calckit-disable bare-column */ SUM(revenue) + SUM(cost) /* calckit-enable bare-column */', alsoEnable: bare },
      { code: '/* calckit-disable */ SUM(revenue)', alsoEnable: bare },
      { code: 'SUM(`revenue`) -- an ordinary comment', alsoEnable: bare },
    ],
    invalid: [
      {
        code: '-- calckit-disable-next-line bare-column\nSUM(`revenue`)',
        output: 'SUM(`revenue`)',
        errors: [{ messageId: 'unused', message: "Unused calckit-disable-next-line directive for 'bare-column' (no problem was reported there)", line: 1, column: 1, endLine: 1, endColumn: 41 }],
      },
      { code: 'SUM(`revenue`) /* calckit-disable */', output: 'SUM(`revenue`)', errors: [{ messageId: 'unused', data: { kind: 'disable' }, line: 1, column: 16, endLine: 1, endColumn: 37 }] },
      {
        code: '-- calckit-disable-next-line bare-column, null-comparison\nSUM(revenue)',
        alsoEnable: bare,
        output: null,
        errors: [{ messageId: 'unused', data: { what: " for 'null-comparison'" }, line: 1, column: 1, endLine: 1, endColumn: 58 }],
      },
      { code: '-- calckit-disable-line no-such-rule\nSUM(`x`)', output: null, errors: [{ messageId: 'unknownRule', data: { rule: 'no-such-rule' }, line: 1, column: 1, endLine: 1, endColumn: 37 }] },
    ],
  },
  { describe, it },
);
