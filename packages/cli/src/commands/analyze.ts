// `calckit analyze`: prints what the service would store for a formula (the seed's field names) as JSON. Like push, it
// takes the service's name and the file's dataset schema from calckit.json; flags and CALCKIT_SERVICE_NAME override it.
import type { Command } from 'commander';
import { analyzeFormula, expressionFromFileText, parseFormula, type CalculationAnalysis, type DatasetColumn } from '@calckit/formula';
import { ProjectError, SettingsError, readDatasetSchemaFile, resolveServiceName, schemaForFile } from '@calckit/project';
import { CliExit, EXIT_FINDINGS, EXIT_OK, EXIT_USAGE } from '../exit.js';
import { readInput } from '../io.js';
import { loadProjectOrExit } from '../service/context.js';
import { serviceNameFlag, withServiceNameFlags, type ServiceNameCliOptions } from '../service-name-flag.js';

export interface AnalyzeCommandOptions extends ServiceNameCliOptions {
  readonly config?: string;
  readonly schema?: string;
}

export interface AnalyzeCommandResult {
  readonly exitCode: number;
  /** The JSON document for stdout. */
  readonly output: string;
  /** Syntax errors and other problems, one per line, for stderr. */
  readonly diagnostics: string[];
}

/** What a formula is analyzed with: the service's name and the dataset's columns, if known. */
export interface AnalyzeSettings {
  readonly serviceName: string;
  readonly schema?: DatasetColumn[];
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

/**
 * The settings for `file` ('-' for standard input): the project is the one governing the file (--config, else the
 * nearest calckit.json above it; above the working directory for standard input), found as every command finds it.
 * The name: --service-name > CALCKIT_SERVICE_NAME > the project's service.name > SVC, as for push. The schema:
 * --schema, else the schema of the file's dataset in the project. A bad project, name or schema file exits with 2.
 */
export function analyzeSettings(file: string, options: AnalyzeCommandOptions, env: Readonly<Record<string, string | undefined>> = process.env, cwd = process.cwd()): AnalyzeSettings {
  const project = loadProjectOrExit(options, false, file === '-' ? cwd : file);
  let serviceName: string;
  try {
    serviceName = resolveServiceName({ project, env, flag: serviceNameFlag(options) }).value;
  } catch (error) {
    if (error instanceof SettingsError) throw new CliExit(EXIT_USAGE, `calckit analyze: ${error.message}`);
    throw error;
  }
  let schema: DatasetColumn[] | undefined;
  try {
    if (options.schema !== undefined) schema = readDatasetSchemaFile(options.schema);
    else if (project !== undefined && file !== '-') schema = schemaForFile(project, file);
  } catch (error) {
    if (error instanceof ProjectError) throw new CliExit(EXIT_USAGE, `calckit analyze: ${error.message}`);
    throw error;
  }
  return { serviceName, ...(schema ? { schema } : {}) };
}

export function register(program: Command): void {
  withServiceNameFlags(
    program
      .command('analyze')
      .description("print what the service stores for a formula (checkSum, functions, columnPositions, …) as JSON")
      .argument('<file>', "a formula file, or '-' for standard input")
      .option('--config <path>', 'project file (default: the nearest calckit.json above the file; above the current directory for standard input)'),
    "the service's name, which prefixes operator names (SVC_OP_ADD) (default: CALCKIT_SERVICE_NAME, else calckit.json's service.name, else SVC)",
  )
    .option('--schema <file>', "the dataset's column schema (JSON array of {name, type, …}): types and unknown columns (default: the schema of the file's dataset in calckit.json)")
    .action(async (file: string, options: AnalyzeCommandOptions) => {
      const settings = analyzeSettings(file, options);
      const text = await readInput(file, 'calckit analyze');
      const result = analyzeText(text, file === '-' ? '<stdin>' : file, settings);
      process.stdout.write(result.output);
      for (const line of result.diagnostics) process.stderr.write(`${line}\n`);
      if (result.exitCode !== EXIT_OK) throw new CliExit(result.exitCode);
    });
}
