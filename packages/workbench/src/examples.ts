// The repository's examples, embedded by scripts/build.mjs at build time (esbuild `define`): dataset schemas, formulas
// with the dataset they read, and the sample rows of the sales dataset.

export interface ExampleSchema {
  readonly name: string;
  /** The schema file's text, as in examples/schemas/. */
  readonly text: string;
}

export interface ExampleFormula {
  /** The file's name without `.calc`. */
  readonly name: string;
  /** The calculation's name in examples/calckit.json. */
  readonly title: string;
  readonly text: string;
  /** The dataset (schema name) the project maps it to. */
  readonly schema: string;
  /** Rows of that dataset (CSV), when the examples have some. */
  readonly csv?: string;
  /** Group-by columns its formula tests use, if any. */
  readonly groupBy?: readonly string[];
}

export interface Examples {
  readonly schemas: readonly ExampleSchema[];
  readonly formulas: readonly ExampleFormula[];
}

declare const __WORKBENCH_EXAMPLES__: Examples;

export const EXAMPLES: Examples = __WORKBENCH_EXAMPLES__;
