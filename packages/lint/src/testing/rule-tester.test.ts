// The RuleTester refuses malformed tables and catches rules whose fixes do not fix.
import { describe, expect, it } from 'vitest';
import { rule as bareColumn } from '../rules/bare-column.js';
import { rule as divisionByZero } from '../rules/division-by-zero.js';
import type { Rule } from '../types.js';
import { ruleCases } from './rule-tester.js';

const runAll = (rule: Rule, table: Parameters<typeof ruleCases>[1]) => {
  for (const c of ruleCases(rule, table)) c.run();
};

describe('RuleTester', () => {
  it('refuses an invalid case without errors', () => {
    expect(() => ruleCases(bareColumn, { valid: ['`a`'], invalid: [{ code: 'a', errors: [] }] })).toThrow(/lists no errors/);
  });
  it('refuses an unknown messageId', () => {
    expect(() => ruleCases(bareColumn, { valid: ['`a`'], invalid: [{ code: 'a', errors: [{ messageId: 'nope' }], output: '`a`' }] })).toThrow(/unknown messageId/);
  });
  it('refuses a fix without output', () => {
    expect(() => runAll(bareColumn, { valid: ['`a`'], invalid: [{ code: 'a', errors: [{ messageId: 'bare' }] }] })).toThrow(/no output/);
  });
  it('refuses an output for a rule that cannot fix', () => {
    expect(() => ruleCases(divisionByZero, { valid: ['1'], invalid: [{ code: '`a` / 0', errors: [{ messageId: 'zero' }], output: '`a`' }] })).toThrow(/not fixable/);
  });
  it('refuses duplicate cases and empty tables', () => {
    expect(() => ruleCases(bareColumn, { valid: ['`a`', '`a`'], invalid: [{ code: 'a', errors: [{ messageId: 'bare' }], output: '`a`' }] })).toThrow(/duplicate/);
    expect(() => ruleCases(bareColumn, { valid: [], invalid: [{ code: 'a', errors: [{ messageId: 'bare' }], output: '`a`' }] })).toThrow(/no valid/);
  });
  it('refuses code with syntax errors unless the case allows them', () => {
    expect(() => runAll(divisionByZero, { valid: ['SUM('], invalid: [{ code: '`a` / 0', errors: [{ messageId: 'zero' }] }] })).toThrow(/syntax errors/);
  });
  it('reports a wrong count, position or output', () => {
    expect(() => runAll(divisionByZero, { valid: ['1'], invalid: [{ code: '`a` / 0 + `b` / 0', errors: [{ messageId: 'zero' }] }] })).toThrow(/expected 1 problem/);
    expect(() => runAll(divisionByZero, { valid: ['1'], invalid: [{ code: '`a` / 0', errors: [{ messageId: 'zero', column: 2 }] }] })).toThrow(/expected column 2/);
    expect(() => runAll(bareColumn, { valid: ['`a`'], invalid: [{ code: 'a', errors: [{ messageId: 'bare' }], output: 'b' }] })).toThrow(/differs/);
  });
  it('fails a rule whose fix output still has the problem', () => {
    const broken: Rule = {
      meta: { ...bareColumn.meta, id: 'broken-fix' },
      create: (context) => ({
        Column(node) {
          if (node.quote === 'bare') context.report({ messageId: 'bare', data: { name: node.name, quoted: node.name }, node, fix: (f) => f.replace(node, `${node.name}x`) });
        },
      }),
    };
    expect(() => runAll(broken, { valid: ['`a`'], invalid: [{ code: 'a', errors: [{ messageId: 'bare' }], output: 'axxxxxxxxxx' }] })).toThrow(/still has the problem/);
  });
});
