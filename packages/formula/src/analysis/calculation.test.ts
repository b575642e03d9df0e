// The service's calculation fields, computed from the text alone (facts.md says which rules are verified).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { analyzeCalculation } from './calculation.js';
import { portableSha1Hex } from './checksum.js';
import { javaHashSetOrder, javaStringHash } from './java-hash-set.js';

const SAMPLE =
  'CASE WHEN DateDiff(AddDate(Current_Date(), -1), `MyDateColumn`) < 28 + (52 * 7) - 1 THEN sum(`Profit`) / sum(`Orders`) ELSE 0 END';

describe('analyzeCalculation', () => {
  it('lists functions and operators as the service does, in its HashSet order', () => {
    const a = analyzeCalculation(SAMPLE);
    expect([...a.functions].sort()).toEqual(['ADDDATE', 'DATEDIFF', 'SUM', 'SVC_OP_ADD', 'SVC_OP_DIVIDE', 'SVC_OP_MULTIPLY', 'SVC_OP_SUBTRACT']);
    expect(a.functions).toEqual(javaHashSetOrder(['DATEDIFF', 'ADDDATE', 'SVC_OP_ADD', 'SVC_OP_MULTIPLY', 'SVC_OP_SUBTRACT', 'SUM', 'SVC_OP_DIVIDE']));
    // CASE, comparisons, CURRENT_DATE() and the minus of -1 are not listed (verified).
    expect(a.functions).not.toContain('CURRENT_DATE');
    expect(a.functions).not.toContain('CASE');
    expect(a.aggregated).toBe(true);
    expect(a.cacheWindow).toBe('day');
    expect(a.dataType).toBe('DECIMAL');
  });

  it('orders the names as a Java HashSet<String> iterates them', () => {
    expect(javaStringHash('hello')).toBe(99162322);
    expect(javaStringHash('SVC_OP_MULTIPLY')).toBe(-295269565);
    // Orders printed by OpenJDK 17's java.util.HashSet for the same insertions (the second one grows the table to 32 buckets).
    expect(javaHashSetOrder(['DATEDIFF', 'ADDDATE', 'ACME_OP_ADD', 'ACME_OP_MULTIPLY', 'ACME_OP_SUBTRACT', 'SUM', 'ACME_OP_DIVIDE']).join(' ')).toBe(
      'ACME_OP_SUBTRACT ADDDATE ACME_OP_DIVIDE ACME_OP_ADD SUM DATEDIFF ACME_OP_MULTIPLY',
    );
    const many = 'A B C D E F G H I J K L M N O P Q CONCAT SUBSTRING DATE_FORMAT STR_TO_DATE YEAR MONTH SVC_OP_ADD'.split(' ');
    expect(javaHashSetOrder(many).join(' ')).toBe('A B MONTH C D E DATE_FORMAT F CONCAT SUBSTRING G H I J K STR_TO_DATE L SVC_OP_ADD M N O P Q YEAR');
    expect(analyzeCalculation(SAMPLE).functions).toEqual(['SVC_OP_SUBTRACT', 'ADDDATE', 'SVC_OP_MULTIPLY', 'SUM', 'DATEDIFF', 'SVC_OP_ADD', 'SVC_OP_DIVIDE']);
    // With the real service's name the verified list's relative orders hold: MULTIPLY, ADD, SUBTRACT, DIVIDE and
    // ADDDATE, SUM, DATEDIFF.
    const real = javaHashSetOrder(['DOMO_OP_MULTIPLY', 'DOMO_OP_ADD', 'DOMO_OP_SUBTRACT', 'DOMO_OP_DIVIDE', 'ADDDATE', 'SUM', 'DATEDIFF']);
    expect(real.filter((n) => n.includes('_OP_'))).toEqual(['DOMO_OP_MULTIPLY', 'DOMO_OP_ADD', 'DOMO_OP_SUBTRACT', 'DOMO_OP_DIVIDE']);
    expect(real.filter((n) => !n.includes('_OP_'))).toEqual(['ADDDATE', 'SUM', 'DATEDIFF']);
  });

  it('prefixes operators with the configured service name, in that name’s order', () => {
    const a = analyzeCalculation(SAMPLE, { serviceName: 'ACME' });
    expect(a.functions.filter((f) => f.includes('_OP_')).sort()).toEqual(['ACME_OP_ADD', 'ACME_OP_DIVIDE', 'ACME_OP_MULTIPLY', 'ACME_OP_SUBTRACT']);
    expect(a.functions).toEqual(javaHashSetOrder(['DATEDIFF', 'ADDDATE', 'ACME_OP_ADD', 'ACME_OP_MULTIPLY', 'ACME_OP_SUBTRACT', 'SUM', 'ACME_OP_DIVIDE']));
    expect(a.functions).not.toEqual(analyzeCalculation(SAMPLE).functions.map((f) => f.replace('SVC_', 'ACME_')));
  });

  it('hashes the text exactly as stored (SHA-1 of the UTF-8 bytes)', () => {
    for (const text of [SAMPLE, '(CASE  WHEN `a` THEN 1 END)', "CONCAT(`Prénom`, ' — ', '日本')"]) {
      expect(analyzeCalculation(text).checkSum).toBe(createHash('sha1').update(text, 'utf8').digest('hex'));
    }
    expect(analyzeCalculation('(CASE  WHEN').checkSum).not.toBe(analyzeCalculation('(CASE WHEN').checkSum);
    // Serialised, the lazily hashed checkSum comes first, as the service lists it.
    const json = JSON.parse(JSON.stringify(analyzeCalculation(SAMPLE))) as Record<string, unknown>;
    expect(Object.keys(json)[0]).toBe('checkSum');
    expect(json.checkSum).toBe(createHash('sha1').update(SAMPLE, 'utf8').digest('hex'));
    expect(Object.keys(json)).toEqual(['checkSum', 'columnPositions', 'functions', 'aggregated', 'analytic', 'nonAggregatedColumns', 'dataType', 'cacheWindow', 'functionTemplateDependencies', 'status', 'problems']);
    // The pure-JS digest used outside Node agrees with Node's.
    for (const text of ['', SAMPLE, "CONCAT(`Prénom`, ' — ', '日本', '😀')"]) expect(portableSha1Hex(text)).toBe(createHash('sha1').update(text, 'utf8').digest('hex'));
  });

  it('lists every backtick column reference with the offset of its opening backtick', () => {
    expect(analyzeCalculation('SUM(`Date`) + `Date` + bare + "dq"').columnPositions).toEqual([
      { columnName: '`Date`', columnPosition: 4 },
      { columnName: '`Date`', columnPosition: 14 },
    ]);
    fc.assert(
      fc.property(fc.array(fc.constantFrom('`a`', '`B c`', "'s'", '1', ' + ', ' * ', 'SUM(', ')', ' , ', '-- x\n', '`ü`'), { maxLength: 20 }), (parts) => {
        const text = parts.join('');
        for (const p of analyzeCalculation(text).columnPositions) {
          expect(text[p.columnPosition]).toBe('`');
          expect(text.startsWith(p.columnName, p.columnPosition)).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('reads INTERVAL with a whole expression: its operators listed, its columns at their offsets', () => {
    const text = 'DATE_SUB(`Date`, INTERVAL DAYOFMONTH(`Date`) - 1 DAY) + INTERVAL `Qty` * 7 DAY';
    const a = analyzeCalculation(text);
    expect(a.status).toBe('VALID');
    expect(a.columnPositions).toEqual([
      { columnName: '`Date`', columnPosition: 9 },
      { columnName: '`Date`', columnPosition: 37 },
      { columnName: '`Qty`', columnPosition: 65 },
    ]);
    expect([...a.functions].sort()).toEqual(['DATE_SUB', 'DAYOFMONTH', 'SVC_OP_ADD', 'SVC_OP_MULTIPLY', 'SVC_OP_SUBTRACT']);
  });

  it('reads backslash escapes in literals: a column after an escaped quote is at its offset, the checkSum is of the text', () => {
    const text = "CONCAT('it\\'s ', `Name`, 'C:\\\\', `Path`)";
    const a = analyzeCalculation(text);
    expect(a.status).toBe('VALID');
    expect(a.columnPositions).toEqual([
      { columnName: '`Name`', columnPosition: 17 },
      { columnName: '`Path`', columnPosition: 33 },
    ]);
    expect(a.checkSum).toBe(createHash('sha1').update(text, 'utf8').digest('hex'));
  });

  it('infers dataType', () => {
    const type = (f: string, schema?: Parameters<typeof analyzeCalculation>[1]) => analyzeCalculation(f, schema).dataType;
    expect(type('sum(`Profit`) / sum(`Orders`)')).toBe('DECIMAL');
    expect(type('(`col` * -1)')).toBe('DOUBLE');
    expect(type("CONCAT(`a`, 'x')")).toBe('STRING');
    expect(type('COUNT(DISTINCT `id`)')).toBe('LONG');
    expect(type('DATEDIFF(CURRENT_DATE(), `d`)')).toBe('LONG');
    expect(type("STR_TO_DATE(`s`, '%d/%m/%Y')")).toBe('DATE');
    expect(type('NOW()')).toBe('DATETIME');
    expect(type('`a` > 1')).toBe('LONG');
    expect(type('`n` + 1', { schema: [{ name: 'n', type: 'LONG' }] })).toBe('LONG');
    expect(type('`n` / 2', { schema: [{ name: 'n', type: 'LONG' }] })).toBe('DECIMAL');
    expect(type('SUM(`n`)', { schema: [{ name: 'n', type: 'DOUBLE' }] })).toBe('DOUBLE');
    expect(type('`d`', { schema: [{ name: 'd', type: 'DATE' }] })).toBe('DATE');
    expect(type("CASE WHEN `x` = 1 THEN 1 ELSE 2.5 END")).toBe('DECIMAL');
  });

  it('sets aggregated, analytic, nonAggregatedColumns and cacheWindow', () => {
    const w = analyzeCalculation('SUM(SUM(`Sales`)) OVER (PARTITION BY `Region`)');
    expect([w.aggregated, w.analytic]).toEqual([true, true]);
    expect(w.nonAggregatedColumns).toEqual(['Region']);
    const mixed = analyzeCalculation("CASE WHEN `Status` IN ('New') THEN SUM(`Revenue`) ELSE 0 END");
    expect(mixed.nonAggregatedColumns).toEqual(['Status']);
    expect(analyzeCalculation('SUM(SUM(`s`) FIXED (BY `Region`))').nonAggregatedColumns).toEqual([]);
    expect(analyzeCalculation('`a` + `b`')).toMatchObject({ aggregated: false, analytic: false, nonAggregatedColumns: [], cacheWindow: 'non_dynamic' });
    expect(analyzeCalculation('HOUR(NOW()) + DAY(CURDATE())').cacheWindow).toBe('hour');
    expect(analyzeCalculation('CURRENT_DATE').cacheWindow).toBe('day');
  });

  it('collects nested calculations as dependencies', () => {
    const a = analyzeCalculation('SVC_BEAST_MODE(12) + svc_beast_mode(7) + SVC_BEAST_MODE(12)');
    expect(a.functionTemplateDependencies).toEqual([12, 7]);
    expect(a.functions).toEqual(['SVC_OP_ADD']);
    expect(analyzeCalculation('ACME_BEAST_MODE(3)', { serviceName: 'acme' }).functionTemplateDependencies).toEqual([3]);
    expect(analyzeCalculation('ACME_BEAST_MODE(3)').problems.map((p) => p.code)).toEqual(['unknown-function']);
  });

  it('reports what the service refuses, and marks the formula INVALID', () => {
    const schema = [{ name: 'Sales', type: 'DECIMAL' as const }];
    const a = analyzeCalculation('MICROSECOND(`sales`) + DATE_DIFF(`Sales`) + ROUND()', { schema });
    expect(a.status).toBe('INVALID');
    expect(a.problems.map((p) => p.code)).toEqual(['unsupported-function', 'unknown-column', 'unknown-function', 'wrong-argument-count']);
    expect(a.problems[1]).toMatchObject({ message: 'Unknown column `sales`', start: 12, end: 19, line: 1, column: 13 });
    // Documented as unsupported, yet accepted by the service: deprecated, VALID.
    expect(analyzeCalculation('SQRT(`x`)').status).toBe('VALID');
    expect(analyzeCalculation('CASE WHEN 1 THEN 2').problems.map((p) => p.message)).toEqual(['CASE at 1:1 is missing END']);
    expect(analyzeCalculation('WEEKDAY(`d`)').status).toBe('VALID');
    // MySQL's forms beyond a documented signature (catalogue engine-forms.ts): accepted, as lint only warns.
    expect(analyzeCalculation("LOG(2, `x`) + TIMESTAMP(`d`, '12:00:00') + LENGTH(CONCAT(`s`))").problems).toEqual([]);
    expect(analyzeCalculation('LOG(2, `x`, 3)').problems.map((p) => p.code)).toEqual(['wrong-argument-count']);
  });

  it('never throws and analyses every corpus formula', () => {
    const corpus = readFileSync(new URL('../../../../test/corpus/formulas.jsonl', import.meta.url), 'utf8').trim().split('\n');
    for (const line of corpus) {
      const { formula, expect: expected } = JSON.parse(line) as { formula: string; expect: string };
      const a = analyzeCalculation(formula);
      if (expected !== 'invalid') expect(a.status).toBe('VALID');
    }
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (text) => {
        expect(analyzeCalculation(text).checkSum).toMatch(/^[0-9a-f]{40}$/);
      }),
      { numRuns: 2000 },
    );
  });
});
