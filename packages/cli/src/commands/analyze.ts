// `calckit analyze`: prints what the service would store for a formula (the seed's field names) as JSON.
import type { Command } from 'commander';
import { analyzeFormula, expressionFromFileText, parseFormula, type CalculationAnalysis, type DatasetColumn } from '@calckit/formula';
import { readDatasetSchemaFile } from '@calckit/project';
import { CliExit, EXIT_FINDINGS, EXIT_OK, EXIT_USAGE } from '../exit.js';
import { readInput } from '../io.js';

export interface AnalyzeCommandOptions {
  readonly service?: string;
  readonly schema?: string;
}

export interface AnalyzeCommandResult {
  readonly exitCode: number;
  /** The JSON document for stdout. */
  readonly output: string;
  /** Syntax errors and other problems, one per line, for stderr. */
  readonly diagnostics: string[];
}

/** The seed's Calculation fields that the text alone determines, in the seed's order. */
function seedFields(a: CalculationAnalysis, expression: string) {
  return {
    expression,
    checkSum: a.checkSum,
    aggregated: a.aggregated,
    analytic: a.analytic,
    nonAggregatedColumns: a.nonAggregatedColumns,
    dataType: a.dataType,
    status: a.status,
    cacheWindow: a.cacheWindow,
    columnPositions: a.columnPositions,
    functions: a.functions,
    functionTemplateDependencies: a.functionTemplateDependencies,
  };
}

export function analyzeText(text: string, name: string, options: { serviceName?: string; schema?: DatasetColumn[] }): AnalyzeCommandResult {
  const expression = expressionFromFileText(text);
  // One parse for both (a formula may be megabytes long), and syntax errors looked up by position, not searched.
  const parse = parseFormula(expression);
  const analysis = analyzeFormula(parse, options).calculation;
  const syntaxErrors = parse.errors;
  const isSyntaxError = new Set(syntaxErrors.map((e) => `${e.range.start.offset}:${e.code}`));
  const diagnostics = analysis.problems.map(
    (p) => `${name}:${p.line}:${p.column}: ${isSyntaxError.has(`${p.start}:${p.code}`) ? 'error' : 'warning'}: ${p.message} (${p.code})`,
  );
  return {
    exitCode: syntaxErrors.length > 0 ? EXIT_FINDINGS : EXIT_OK,
    output: `${JSON.stringify(seedFields(analysis, expression), null, 2)}\n`,
    diagnostics,
  };
}

export function register(program: Command): void {
  program
    .command('analyze')
    .description("print what the service stores for a formula (checkSum, functions, columnPositions, …) as JSON")
    .argument('<file>', "a formula file, or '-' for standard input")
    .option('--service <name>', "the service's name: prefixes operator names (SVC_OP_ADD)", 'SVC')
    .option('--schema <file>', "the dataset's column schema (JSON array of {name, type, …}): types and unknown columns")
    .action(async (file: string, options: AnalyzeCommandOptions) => {
      if (!options.service || !/^[A-Za-z][A-Za-z0-9]*$/.test(options.service)) {
        throw new CliExit(EXIT_USAGE, `calckit analyze: --service must be a name of letters and digits, got '${options.service ?? ''}'`);
      }
      let schema: DatasetColumn[] | undefined;
      if (options.schema) {
        try {
          schema = readDatasetSchemaFile(options.schema);
        } catch (error) {
          throw new CliExit(EXIT_USAGE, `calckit analyze: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      const text = await readInput(file, 'calckit analyze');
      const result = analyzeText(text, file === '-' ? '<stdin>' : file, { serviceName: options.service, ...(schema ? { schema } : {}) });
      process.stdout.write(result.output);
      for (const line of result.diagnostics) process.stderr.write(`${line}\n`);
      if (result.exitCode !== EXIT_OK) throw new CliExit(result.exitCode);
    });
}
