// Message templates: every placeholder form, missing and inherited keys, values with special characters, and the
// same template filled again (the cut template is reused).
import { describe, expect, it } from 'vitest';
import { fillTemplate } from './messages.js';

describe('fillTemplate', () => {
  it.each<[string, string, Record<string, string | number> | undefined, string]>([
    ['no data', 'Unknown column {{name}}', undefined, 'Unknown column {{name}}'],
    ['no placeholder', 'Plain text', { name: 'x' }, 'Plain text'],
    ['one placeholder', 'Unknown column {{name}}', { name: '`Sales`' }, 'Unknown column `Sales`'],
    ['spaces inside the braces', 'Use {{ fn }} here', { fn: 'SUM' }, 'Use SUM here'],
    ['at both ends', '{{a}} and {{b}}', { a: 'x', b: 'y' }, 'x and y'],
    ['adjacent', '{{a}}{{b}}', { a: 'x', b: 'y' }, 'xy'],
    ['repeated', '{{a}}, again {{a}}', { a: 'x' }, 'x, again x'],
    ['a number', 'takes {{n}} arguments', { n: 2 }, 'takes 2 arguments'],
    ['missing key stays visible as written', 'Use {{ fn }} with {{n}}', { n: 1 }, 'Use {{ fn }} with 1'],
    ['an inherited key is not a value', 'is {{constructor}}', {}, 'is {{constructor}}'],
    ['replacement patterns in a value are text', 'value {{v}}', { v: "$& $1 $$ $'" }, "value $& $1 $$ $'"],
    ['braces in a value are not read again', '{{a}} {{b}}', { a: '{{b}}', b: 'y' }, '{{b}} y'],
    ['not a placeholder', 'a {single} {{not valid}} {{}}', { single: 'x' }, 'a {single} {{not valid}} {{}}'],
  ])('%s', (_, template, data, expected) => {
    expect(fillTemplate(template, data)).toBe(expected);
    // Filled a second time from the cut template: the same.
    expect(fillTemplate(template, data)).toBe(expected);
  });
});
