import { lintText } from '@calckit/lint';
import { describe, expect, it } from 'vitest';
import { mayReference } from './impact.js';

const column = (name: string, type: 'STRING' | 'LONG' | 'DECIMAL', order: number) => ({ name, id: name.toLowerCase(), type, visible: true, order });
const BEFORE = [column('Region', 'STRING', 0), column('Sales', 'DECIMAL', 1)];
const AFTER = [column('Zone', 'STRING', 0), column('Sales', 'LONG', 1)];

describe('mayReference: a formula in which no changed name appears cannot see the change', () => {
  it('finds names however they are written (backticks, strings, double quotes, any case)', () => {
    for (const text of ['SUM(`Sales`)', "COUNT('sales')", 'MAX("SALES")', '`region` = 1', "'Zone' = 'x'"]) expect(mayReference(text, ['Region', 'Sales', 'Zone']), text).toBe(true);
    expect(mayReference('SUM(`Cost`) -- nothing changed here', ['Region', 'Sales', 'Zone'])).toBe(false);
  });

  it('looks at every formula when a name may be written escaped', () => {
    expect(mayReference('COUNT(`a``b`)', ['a`b'])).toBe(true);
    expect(mayReference('SUM(`x`)', ["O'Brien"])).toBe(true);
  });

  it('the formulas it skips lint the same with either schema', () => {
    for (const text of ['SUM(`Cost`)', "CASE WHEN `Cost` > 1 THEN 'a' END", 'COUNT(DISTINCT `Cost`) / 2', "'text' = `Cost`"]) {
      expect(mayReference(text, ['Region', 'Zone', 'Sales'])).toBe(false);
      const messages = (schema: typeof BEFORE) => lintText(text, { schema: [...schema, column('Cost', 'DECIMAL', 2)] }).messages.map((m) => [m.ruleId, m.range.start.offset, m.message]);
      expect(messages(AFTER), text).toEqual(messages(BEFORE));
    }
  });
});
