// Table tests for the nested-calculation-cycle rule.
import { describe, it } from 'vitest';
import { testRule } from '../testing/rule-tester.js';
import { rule } from './nested-calculation-cycle.js';

import type { ProjectInfo } from '../types.js';

/** 1 nests 2, 2 nests 3, 3 nests 1 (a cycle of three); 4 nests 4; 5 nests 1 (leads into the cycle, is not on it). */
const NESTS: Record<number, number[]> = { 1: [2], 2: [3], 3: [1], 4: [4], 5: [1], 6: [] };
const FILES: Record<number, string> = { 1: 'f/one.calc', 2: 'f/two.calc', 3: 'f/three.calc', 4: 'f/self.calc' };
const as = (calculationId: number | undefined): ProjectInfo => ({
  serviceName: 'svc',
  nestedIds: (id) => NESTS[id],
  ...(calculationId !== undefined ? { calculationId } : {}),
  calculationFile: (id) => FILES[id],
});

testRule(
  rule,
  {
    valid: [
      'SVC_BEAST_MODE(1)',
      { code: 'SVC_BEAST_MODE(1) + 1', project: as(undefined), name: 'a file the project does not map' },
      { code: 'SVC_BEAST_MODE(1) + 2', project: as(5), name: 'nests into a cycle without being on it' },
      { code: 'SVC_BEAST_MODE(6) + SVC_BEAST_MODE(99)', project: as(1), name: 'no way back; an unknown id' },
      { code: 'ACME_BEAST_MODE(2)', project: as(1), name: "another service's name nests nothing" },
    ],
    invalid: [
      {
        code: 'SUM(`x`) + SVC_BEAST_MODE(2)',
        project: as(1),
        errors: [
          {
            messageId: 'cycle',
            message: 'Nesting cycle: calculation 1 (f/one.calc) → calculation 2 (f/two.calc) → calculation 3 (f/three.calc) → calculation 1 (f/one.calc): a calculation cannot nest itself, directly or through other calculations',
            line: 1,
            column: 12,
            endLine: 1,
            endColumn: 29,
          },
        ],
      },
      {
        code: 'svc_beast_mode(1) * SVC_BEAST_MODE(1)',
        project: as(3),
        name: 'every call that continues the cycle',
        errors: [
          { messageId: 'cycle', data: { cycle: 'calculation 3 (f/three.calc) → calculation 1 (f/one.calc) → calculation 2 (f/two.calc) → calculation 3 (f/three.calc)' }, line: 1, column: 1, endLine: 1, endColumn: 18 },
          { messageId: 'cycle', line: 1, column: 21, endLine: 1, endColumn: 38 },
        ],
      },
      { code: 'SVC_BEAST_MODE(4)', project: as(4), name: 'a calculation nesting itself', errors: [{ messageId: 'cycle', data: { cycle: 'calculation 4 (f/self.calc) → calculation 4 (f/self.calc)' }, line: 1, column: 1, endLine: 1, endColumn: 18 }] },
      {
        code: 'SVC_BEAST_MODE(1) - 1',
        project: { serviceName: 'svc', nestedIds: (id) => NESTS[id], calculationId: 3 },
        name: 'without file names from the host',
        errors: [{ messageId: 'cycle', data: { cycle: 'calculation 3 → calculation 1 → calculation 2 → calculation 3' }, line: 1, column: 1, endLine: 1, endColumn: 18 }],
      },
    ],
  },
  { describe, it },
);
