// `calckit eval <file|-> --data rows.csv|rows.json`: a formula's values over rows, with the service's semantics (the
// evaluator of @calckit/evaluate). One value per row for a row-level formula, one per group (sorted by the group-by
// values) for an aggregate; `--json` an array of `{ <group-by columns>, value }`. In a project, the file's dataset
// schema and the project's nested calculations are used, as `analyze` and `push` find them.
import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { EvaluationResult, OutputValue } from '@calckit/evaluate';
import { CliExit, EXIT_FINDINGS, EXIT_USAGE } from '../exit.js';
import { readInput } from '../io.js';
import { serviceNameFlag, withServiceNameFlags, type ServiceNameCliOptions } from '../service-name-flag.js';

interface EvalFlags extends ServiceNameCliOptions {
  readonly data: string;
  readonly schema?: string;
  readonly groupBy?: string[];
  readonly now?: string;
  readonly json?: boolean;
  readonly config?: string;
}

/** A value in the text output: NULL, text as it is, numbers and booleans as JSON writes them. */
const shown = (v: OutputValue | undefined): string => (v === null || v === undefined ? 'NULL' : typeof v === 'string' ? v : String(v));

/** The text output: one value per line; with group-by columns, an aligned table with a header. */
export function formatResult(result: EvaluationResult, groupBy: readonly string[]): string {
  if (groupBy.length === 0) return result.rows.map((r) => `${shown(r.value)}\n`).join('');
  const header = [...groupBy, 'value'];
  const table = result.rows.map((r) => [...groupBy.map((c) => shown(r.group?.[c])), shown(r.value)]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((t) => t[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join('  ');
  return [line(header), ...table.map(line)].map((l) => `${l}\n`).join('');
}

/** The JSON output: one object per row or group, its group-by columns then `value`. */
export function resultJson(result: EvaluationResult, groupBy: readonly string[]): string {
  const rows = result.rows.map((r) => ({ ...Object.fromEntries(groupBy.map((c) => [c, r.group?.[c] ?? null])), value: r.value }));
  return `${JSON.stringify(rows, null, 2)}\n`;
}

export function register(program: Command): void {
  withServiceNameFlags(
    program
      .command('eval')
      .description("compute a formula's values over rows (CSV or JSON), with the service's semantics")
      .argument('<file>', "a formula file, or '-' for standard input")
      .requiredOption('--data <file>', 'the rows: a CSV file with a header line, or a JSON array of objects')
      .option('--schema <file>', "the dataset's column schema (JSON array of {name, type, …}) (default: the schema of the file's dataset in calckit.json)")
      .option('--group-by <column...>', 'group by these columns (an aggregate gives one value per group)')
      .option('--now <iso>', 'the clock for CURRENT_DATE, NOW and the like (ISO date or date-time)')
      .option('--json', 'print a JSON array of { <group-by columns>, value }')
      .option('--config <path>', 'project file (default: the nearest calckit.json above the file; above the current directory for standard input)'),
    "the service's name, which prefixes nested calculations (SVC_BEAST_MODE) (default: CALCKIT_SERVICE_NAME, else calckit.json's service.name, else SVC)",
  ).action(async (file: string, flags: EvalFlags) => {
    const [{ compileFormula, convertColumns, convertRows, EvaluationError }, { expressionFromFileText }, project, { codeFrame, escapeForTerminal }] = await Promise.all([
      import('@calckit/evaluate'),
      import('@calckit/formula'),
      import('@calckit/project'),
      import('@calckit/lint'),
    ]);
    const cwd = process.cwd();
    const fail = (message: string): never => {
      throw new CliExit(EXIT_USAGE, message.split('\n').map(escapeForTerminal).join('\n'));
    };
    if (flags.now !== undefined && Number.isNaN(Date.parse(flags.now.replace(' ', 'T')))) fail(`calckit eval: --now must be an ISO date or date-time (e.g. 2024-03-31 or 2024-03-31T09:30:00), not "${flags.now}"`);
    let settings;
    try {
      const index = new project.ProjectIndex(flags.config !== undefined ? { config: flags.config } : {});
      settings = project.formulaSettings(index, file === '-' ? undefined : file, cwd, { serviceName: serviceNameFlag(flags) });
      if (flags.schema !== undefined) settings = { ...settings, schema: project.readDatasetSchemaFile(resolve(cwd, flags.schema)) };
    } catch (error) {
      if (error instanceof project.ProjectError || error instanceof project.SettingsError) fail(`calckit eval: ${error.message}`);
      throw error;
    }
    // A CSV file stays column by column (no object per row) until the evaluator's table is made of it.
    let data;
    try {
      data = project.readDataFile(resolve(cwd, flags.data), flags.data);
    } catch (error) {
      if (error instanceof project.DataFileError) fail(`calckit eval: ${error.message}`);
      throw error;
    }
    const source = await readInput(file, 'calckit eval');
    const text = expressionFromFileText(source);
    const groupBy = flags.groupBy ?? [];
    let result: EvaluationResult;
    try {
      // As evaluateFormula: compiled first (with a schema its static errors come before the rows' bad input).
      const compiled = compileFormula(text, {
        ...(settings.schema !== undefined ? { schema: settings.schema } : {}),
        ...(groupBy.length > 0 ? { groupBy } : {}),
        ...(flags.now !== undefined ? { now: flags.now } : {}),
        serviceName: settings.serviceName,
        ...(settings.nestedFormula !== undefined ? { nestedFormula: settings.nestedFormula } : {}),
      });
      result = compiled.evaluateTable(Array.isArray(data) ? convertRows(data, settings.schema) : convertColumns(data, settings.schema));
    } catch (error) {
      if (!(error instanceof EvaluationError)) throw error;
      const name = file === '-' ? '<stdin>' : file;
      // The place in the file: the expression starts after a BOM, which the file's columns do not count.
      const where = error.range ? `:${error.range.start.line}:${error.range.start.column}` : '';
      const identity = (s: string) => s;
      const frame = error.range ? `\n${codeFrame(text, error.range, { red: identity, yellow: identity, dim: identity, bold: identity, underline: identity, green: identity }, identity)}` : '';
      const message = `${escapeForTerminal(name)}${where}: error: ${escapeForTerminal(error.message)} (${error.code})${frame}`;
      // Input that does not fit its column's type, or a --group-by column the rows lack (an unknown column with no
      // place in the formula), is bad input (2); a formula that cannot be evaluated is a finding (1).
      const badInput = error.code === 'bad-input' || (error.code === 'unknown-column' && error.range === undefined);
      throw new CliExit(badInput ? EXIT_USAGE : EXIT_FINDINGS, message);
    }
    process.stdout.write(flags.json ? resultJson(result, groupBy) : formatResult(result, groupBy).split('\n').map(escapeForTerminal).join('\n'));
  });
}
