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
    formula: '`Quantity` = NULL',
    rules: ['null-comparison'],
    because: 'pending',
    why: "MariaDB gives NULL (never true), as the rule's message says, and nothing shows the service refusing it: a warning. Not changed yet: about fifteen tests of the CLI, the language server and lint use `= NULL` and `1/0` as their example of an error",
  },
  {
    formula: 'MEDIAN(`Sales`) OVER (PARTITION BY `Region`)',
    rules: ['window-without-over'],
    because: 'pending',
    why: "MariaDB computes MEDIAN as a window function; the catalogue's MEDIAN (engine reference) is not window-capable and no source says whether the service accepts it over a window (it refused PERCENT_RANK: facts.md, live evidence)",
  },
];
