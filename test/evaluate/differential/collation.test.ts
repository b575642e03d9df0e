// Text under both collations: the evaluator's `binary` against MariaDB's utf8mb4_nopad_bin, and groups of text that differ
// only by case, accents or trailing spaces (one group under utf8mb4_general_ci, several under binary).
import { it } from 'vitest';
import { useMariadb } from '../mariadb.js';
import { caseKey } from './harness.js';
import { COLLATION } from './expressions.js';
import { check } from './implemented.js';

const fixture = useMariadb();

it.each(COLLATION.map((c) => [caseKey(c), c] as const))('%s', async (_, c) => {
  await check(fixture(), c);
});
