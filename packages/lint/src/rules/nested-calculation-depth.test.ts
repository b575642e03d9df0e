// Table tests for the nested-calculation-depth rule.
import { describe, it } from 'vitest';
import { testRule } from '../testing/rule-tester.js';
import { rule } from './nested-calculation-depth.js';

import type { ProjectInfo } from '../types.js';

/** Calculation 1 nests nothing, 2 nests 1, 3 is not in the project. */
const project: ProjectInfo = { serviceName: 'svc', nestedIds: (id) => ({ 1: [], 2: [1] } as Record<number, number[]>)[id] };

testRule(
  rule,
  {
    valid: ['SVC_BEAST_MODE(2)', { code: 'SUM(`s`) / SVC_BEAST_MODE(1)', project }, { code: 'SVC_BEAST_MODE(3)', project, name: 'a calculation the project does not list' }],
    invalid: [
      { code: 'SVC_BEAST_MODE(2)', project, errors: [{ messageId: 'depth', message: 'Calculation 2 itself nests calculation 1: the service allows one level of nesting only (ILLEGAL_DEPTH)', line: 1, column: 1, endLine: 1, endColumn: 18 }] },
      { code: 'ACME_BEAST_MODE(1)', project, errors: [{ messageId: 'service', data: { prefix: 'ACME', expected: 'SVC' }, line: 1, column: 1, endLine: 1, endColumn: 16 }] },
      // Calculation 2 of this project nests one, but ACME_BEAST_MODE(2) does not refer to it: only the name is wrong.
      { code: 'ACME_BEAST_MODE(2)', project, errors: [{ messageId: 'service', data: { prefix: 'ACME', expected: 'SVC' }, line: 1, column: 1, endLine: 1, endColumn: 16 }] },
    ],
  },
  { describe, it },
);
