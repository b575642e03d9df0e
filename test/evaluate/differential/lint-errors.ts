// Lint errors on formulas of the differential suite. Every formula the suite evaluates is one MariaDB computes, so
// lint may call it an error only when the service is known to refuse it (`refused`, with the evidence), or while the
// rule is still wrong (`pending`: a defect of lint to fix; the test says when it is fixed). harness.ts checks each
// compared formula's lint errors, by rule id, against this list.

export interface ExpectedLintErrors {
  readonly formula: string;
  /** The ids of the rules that report an error, sorted. */
  readonly rules: readonly string[];
  /** `refused`: the service refuses the formula (documented or shown); `pending`: lint is wrong there. */
  readonly because: 'refused' | 'pending';
  /** The evidence (refused), or what is wrong (pending). */
  readonly why: string;
}

export const LINT_ERRORS: readonly ExpectedLintErrors[] = [
  {
    formula: '`Code` = 12.5',
    rules: ['comparison-type'],
    because: 'refused',
    why: "facts.md, 'Rules the service applies': comparing a string column with a number fails at run time",
  },
  {
    formula: '`Code` > 100',
    rules: ['comparison-type'],
    because: 'refused',
    why: "facts.md, 'Rules the service applies': comparing a string column with a number fails at run time",
  },
  {
    formula: 'MEDIAN(`Sales`) OVER (PARTITION BY `Region`)',
    rules: ['window-without-over'],
    because: 'refused',
    why: "MariaDB computes MEDIAN as a window function, but the service checks OVER's function against its own list of analytic functions: it refused PERCENT_RANK, which MariaDB computes, with 'Not a valid analytic function' (facts.md, live evidence). Its lists leave MEDIAN out: the formula reference's window-capable aggregates are SUM, AVG, COUNT, MIN, MAX, STDDEV_POP and VAR_POP, and the engine reference, MEDIAN's only source, marks STDDEV 'also a window function' and not MEDIAN (packages/formula/src/catalogue). Inferred from those sources; no run of MEDIAN … OVER on the service is recorded",
  },
];
