// The RuleTester refuses malformed tables, requires locations and suggestions, freezes what a rule must not change,
// catches rules whose fixes do not fix, and types message ids per rule (checked by tsconfig.test.json, run below).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { rule as bareColumn } from '../rules/bare-column.js';
import { rule as divisionByZero } from '../rules/division-by-zero.js';
import { rule as intervalUnit } from '../rules/interval-unit.js';
import { defineRule, type Rule } from '../types.js';
import { ruleCases, testRule, type RuleTable } from './rule-tester.js';

const runAll = <M extends string>(rule: Rule<M>, table: RuleTable<NoInfer<M>>) => {
  for (const c of ruleCases(rule, table)) c.run();
};

// Where the problems of the cases below are: the whole location, as every expected error must give it.
const A = { line: 1, column: 1, endLine: 1, endColumn: 2 } as const;
const ZERO = { line: 1, column: 7, endLine: 1, endColumn: 8 } as const;
const HOURS = { line: 1, column: 26, endLine: 1, endColumn: 31 } as const;

describe('RuleTester: malformed tables', () => {
  it.each<[string, () => unknown, RegExp]>([
    ['an invalid case without errors', () => ruleCases(bareColumn, { valid: ['`a`'], invalid: [{ code: 'a', errors: [] }] }), /lists no errors/],
    // @ts-expect-error -- the message id is not bare-column's: a typo fails to compile, and the tester refuses it too.
    ['an unknown messageId', () => ruleCases(bareColumn, { valid: ['`a`'], invalid: [{ code: 'a', errors: [{ messageId: 'nope', ...A }], output: '`a`' }] }), /unknown messageId/],
    ['an output for a rule that cannot fix', () => ruleCases(divisionByZero, { valid: ['1'], invalid: [{ code: '`a` / 0', errors: [{ messageId: 'zero', ...ZERO }], output: '`a`' }] }), /not fixable/],
    ['duplicate cases', () => ruleCases(bareColumn, { valid: ['`a`', '`a`'], invalid: [{ code: 'a', errors: [{ messageId: 'bare', ...A }], output: '`a`' }] }), /duplicate/],
    ['a table without valid cases', () => ruleCases(bareColumn, { valid: [], invalid: [{ code: 'a', errors: [{ messageId: 'bare', ...A }], output: '`a`' }] }), /no valid/],
    ['a fixable rule whose table shows no fix', () => ruleCases(bareColumn, { valid: ['`a`'], invalid: [{ code: 'a', errors: [{ messageId: 'bare', ...A }], output: null }] }), /no invalid case has an output/],
    ['an error without its whole location', () => ruleCases(divisionByZero, { valid: ['1'], invalid: [{ code: '`a` / 0', errors: [{ messageId: 'zero', line: 1, column: 7 }] }] }), /without endLine, endColumn/],
    // @ts-expect-error -- a valid case reports nothing: `errors` is not one of its keys.
    ['a valid case with errors', () => ruleCases(divisionByZero, { valid: [{ code: '1', errors: [] }], invalid: [{ code: '`a` / 0', errors: [{ messageId: 'zero', ...ZERO }] }] }), /a valid case reports nothing/],
    // @ts-expect-error -- `ouptut` is a typo of `output`.
    ['a misspelt key', () => ruleCases(bareColumn, { valid: ['`a`'], invalid: [{ code: 'a', errors: [{ messageId: 'bare', ...A }], ouptut: '`a`' }] }), /unknown key "ouptut"/],
    ['suggestions from a rule without hasSuggestions', () => ruleCases(divisionByZero, { valid: ['1'], invalid: [{ code: '`a` / 0', errors: [{ messageId: 'zero', ...ZERO, suggestions: ['`a`'] }] }] }), /no hasSuggestions/],
    ['an unknown option', () => ruleCases(divisionByZero, { valid: [{ code: '1', options: { strict: true } }], invalid: [{ code: '`a` / 0', errors: [{ messageId: 'zero', ...ZERO }] }] }), /unknown option "strict"/],
  ])('refuses %s', (_, build, message) => {
    expect(build).toThrow(message);
  });

  it('lets a table opt out of locations', () => {
    expect(() => runAll(divisionByZero, { requireLocations: false, valid: ['1'], invalid: [{ code: '`a` / 0', errors: [{ messageId: 'zero' }] }] })).not.toThrow();
  });
});

describe('RuleTester: running cases', () => {
  it.each<[string, () => void, RegExp]>([
    ['code with syntax errors the case does not allow', () => runAll(divisionByZero, { valid: ['SUM('], invalid: [{ code: '`a` / 0', errors: [{ messageId: 'zero', ...ZERO }] }] }), /syntax errors/],
    ['a syntaxErrors flag on code that parses', () => runAll(divisionByZero, { valid: [{ code: '1', syntaxErrors: true }], invalid: [{ code: '`a` / 0', errors: [{ messageId: 'zero', ...ZERO }] }] }), /parses cleanly/],
    ['a wrong count', () => runAll(divisionByZero, { valid: ['1'], invalid: [{ code: '`a` / 0 + `b` / 0', errors: [{ messageId: 'zero', ...ZERO }] }] }), /expected 1 problem/],
    ['a wrong column', () => runAll(divisionByZero, { valid: ['1'], invalid: [{ code: '`a` / 0', errors: [{ messageId: 'zero', ...ZERO, column: 2 }] }] }), /expected column 2, got 7/],
    ['a wrong end column', () => runAll(divisionByZero, { valid: ['1'], invalid: [{ code: '`a` / 0', errors: [{ messageId: 'zero', ...ZERO, endColumn: 9 }] }] }), /expected endColumn 9, got 8/],
    ['a wrong output', () => runAll(bareColumn, { valid: ['`a`'], invalid: [{ code: 'a', errors: [{ messageId: 'bare', ...A }], output: 'b' }] }), /differs/],
    ['a fix without output', () => runAll(bareColumn, { valid: ['`a`', '`b`'], invalid: [{ code: 'a', errors: [{ messageId: 'bare', ...A }] }, { code: 'b', errors: [{ messageId: 'bare', ...A }], output: '`b`' }] }), /no output/],
    ['data the message does not show', () => runAll(bareColumn, { valid: ['`a`'], invalid: [{ code: 'a', errors: [{ messageId: 'bare', data: { name: 'b' }, ...A }], output: '`a`' }] }), /expected data/],
  ])('fails %s', (_, run, message) => {
    expect(run).toThrow(message);
  });
});

describe('RuleTester: suggestions', () => {
  const code = 'DATE_SUB(`d`, INTERVAL 3 HOURS)';
  const fixed = 'DATE_SUB(`d`, INTERVAL 3 HOUR)';
  it.each<[string, RuleTable<'unknown' | 'replace'>['invalid'][number]['errors'][number]['suggestions'], RegExp | undefined]>([
    ['requires a suggestion the problem offers', undefined, /offers 1 suggestion\(s\) the case does not list/],
    ['compares the outputs', ['DATE_SUB(`d`, INTERVAL 3 DAY)'], /expected suggestions/],
    ['refuses `[]` when there is one', [], /expected suggestions/],
    ['accepts the output', [fixed], undefined],
    ['accepts the output with its message', [{ messageId: 'replace', data: { unit: 'HOUR' }, output: fixed }], undefined],
    ['checks the message id', [{ messageId: 'unknown', output: fixed }], /not by message unknown/],
    ['checks the description', [{ desc: 'Replace with DAY', output: fixed }], /is described "Replace with 'HOUR'"/],
  ])('%s', (_, suggestions, message) => {
    const table: RuleTable<'unknown' | 'replace'> = { valid: [fixed], invalid: [{ code, errors: [{ messageId: 'unknown', ...HOURS, ...(suggestions ? { suggestions } : {}) }] }] };
    if (message) expect(() => runAll(intervalUnit, table)).toThrow(message);
    else expect(() => runAll(intervalUnit, table)).not.toThrow();
  });
});

describe('RuleTester: what a rule must not change', () => {
  const mutating = (what: 'ast' | 'options'): Rule =>
    defineRule({
      meta: { ...divisionByZero.meta, id: `mutates-${what}`, options: { limit: { type: 'number', default: 1, description: 'a number' } } },
      create: (context) => ({
        Binary(node) {
          if (what === 'ast') (node as { operator: string }).operator = '*';
          else (context.options as Record<string, unknown>).limit = 2;
          context.report({ messageId: 'zero', node });
        },
      }),
    });
  it.each(['ast', 'options'] as const)('fails a rule that writes to its %s', (what) => {
    expect(() => runAll(mutating(what), { valid: ['1'], invalid: [{ code: '`a` / 0', errors: [{ messageId: 'zero', line: 1, column: 1, endLine: 1, endColumn: 8 }] }] })).toThrow(/read[- ]only|frozen|Cannot assign/);
  });

  it('fails a rule whose fix output still has the problem', () => {
    const broken = defineRule({
      meta: { ...bareColumn.meta, id: 'broken-fix' },
      create: (context) => ({
        Column(node) {
          if (node.quote === 'bare') context.report({ messageId: 'bare', data: { name: node.name, quoted: node.name }, node, fix: (f) => f.replace(node, `${node.name}x`) });
        },
      }),
    });
    expect(() => runAll(broken, { valid: ['`a`'], invalid: [{ code: 'a', errors: [{ messageId: 'bare', ...A }], output: 'axxxxxxxxxx' }] })).toThrow(/still has the problem/);
  });
});

describe('RuleTester: spaces between tokens', () => {
  // Reports a division whose operator has two spaces or more before it, on the divisor only: what it says depends on
  // spaces outside what it reports, so the editor, which moves diagnostics over such spaces, would show it stale.
  const spacing = defineRule({
    meta: { ...divisionByZero.meta, id: 'reads-spaces' },
    create: (context) => ({
      Binary(node) {
        const before = context.text.slice(node.left.range.end.offset, node.right.range.start.offset);
        if (node.operator === '/' && before.startsWith('  ')) context.report({ messageId: 'zero', node: node.right });
      },
    }),
  });
  const ONE = { line: 1, column: 8, endLine: 1, endColumn: 9 } as const;

  it('fails a rule whose report depends on spaces it does not cover, in a valid case and in an invalid one', () => {
    expect(() => runAll(spacing, { valid: ['`a` / 1'], invalid: [{ code: '`a`  / 1', errors: [{ messageId: 'zero', ...ONE }] }] })).toThrow(/a character typed at offset 4 between tokens, where no problem is, changed/);
    expect(() => runAll(spacing, { valid: ['1'], invalid: [{ code: '`a`  / 1', errors: [{ messageId: 'zero', ...ONE }] }] })).not.toThrow();
  });

  it('fails a rule whose report depends on the text of a comment that is no directive', () => {
    const comments = defineRule({
      meta: { ...divisionByZero.meta, id: 'reads-comments' },
      create: (context) => ({
        Binary(node) {
          if (node.operator === '/' && !/x\s*\*\//.test(context.text)) context.report({ messageId: 'zero', node: node.right });
        },
      }),
    });
    expect(() => runAll(comments, { valid: ['`a` / 1 /* x */'], invalid: [{ code: '`a` / 1 /* a note */', errors: [{ messageId: 'zero', line: 1, column: 7, endLine: 1, endColumn: 8 }] }] })).toThrow(
      /a character typed at offset 18 between tokens, where no problem is, changed the rule's problems \("`a` \/ 1 \/\* a note x\*\/"\)/,
    );
  });

  it('moves the problems of a rule that reads spaces only where it reports', () => {
    expect(() => runAll(divisionByZero, { valid: ['`a`  /  1'], invalid: [{ code: '`a`   /   0 +  1', errors: [{ messageId: 'zero', line: 1, column: 11, endLine: 1, endColumn: 12 }] }] })).not.toThrow();
  });
});

describe('RuleTester: types', () => {
  it('registers a table through describe/it', () => {
    const names: string[] = [];
    testRule(divisionByZero, { valid: ['1'], invalid: [{ code: '`a` / 0', errors: [{ messageId: 'zero', ...ZERO }] }] }, { describe: (_, body) => body(), it: (name) => names.push(name) });
    expect(names).toEqual(['valid: 1', 'invalid: `a` / 0']);
  });

  // The @ts-expect-error lines above and every rule's table are checked here: an unused expectation or a message id
  // the rule does not have fails the compile.
  it('compiles the tests of @calckit/lint with their message ids checked', () => {
    const project = fileURLToPath(new URL('../../tsconfig.test.json', import.meta.url));
    const tsc = fileURLToPath(new URL('../../../../node_modules/typescript/bin/tsc', import.meta.url));
    let output = '';
    try {
      execFileSync(process.execPath, [tsc, '-p', project], { encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? error);
    }
    expect(output).toBe('');
  }, 60_000);
});
