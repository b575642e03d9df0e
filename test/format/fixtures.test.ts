// Formatter fixtures: test/format/fixtures/<name>.calc formats to <name>.expected.calc (options in <name>.options.json),
// and every fixture satisfies the invariants (idempotent, same AST, every comment kept).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkInvariants } from './invariants.js';

const dir = join(import.meta.dirname, 'fixtures');
const names = readdirSync(dir)
  .filter((f) => f.endsWith('.calc') && !f.endsWith('.expected.calc'))
  .map((f) => f.slice(0, -'.calc'.length))
  .sort();

describe('format fixtures', () => {
  it('has fixtures, each with an expected output', () => {
    expect(names.length).toBeGreaterThan(20);
    for (const name of names) expect(existsSync(join(dir, `${name}.expected.calc`)), name).toBe(true);
  });

  for (const name of names) {
    it(name, () => {
      const input = readFileSync(join(dir, `${name}.calc`), 'utf8');
      const expected = readFileSync(join(dir, `${name}.expected.calc`), 'utf8');
      const optionsFile = join(dir, `${name}.options.json`);
      const options = existsSync(optionsFile) ? JSON.parse(readFileSync(optionsFile, 'utf8')) : {};
      const result = checkInvariants(input, options);
      expect(result.text).toBe(expected);
    });
  }
});
