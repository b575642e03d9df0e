// Row-level formulas (functions and operators) in MariaDB and in the evaluator, value by value over the generated rows.
import { describe, it } from 'vitest';
import { useMariadb } from '../mariadb.js';
import { generatedDates, generatedNumeric, generatedText, SCALAR } from './expressions.js';
import { check } from './implemented.js';

const fixture = useMariadb();

for (const [family, formulas] of Object.entries(SCALAR)) {
  describe(family, () => {
    it.each(formulas)('%s', async (formula) => {
      await check(fixture(), { formula });
    });
  });
}

describe('generated numeric formulas (seeded)', () => {
  it.each(generatedNumeric())('%s', async (formula) => {
    await check(fixture(), { formula });
  });
});

describe('generated text formulas (seeded)', () => {
  it.each(generatedText())('%s', async (formula) => {
    await check(fixture(), { formula });
  });
});

describe('generated date formulas (seeded)', () => {
  it.each(generatedDates())('%s', async (formula) => {
    await check(fixture(), { formula });
  });
});
