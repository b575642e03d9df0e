// `calckit fn run <package> <version> <function> --input k=v [--logs]`: runs a code function and shows the execution.
import type { FunctionExecution } from '@calckit/client';
import type { Command } from 'commander';
import { CliExit, EXIT_FINDINGS, EXIT_USAGE } from '../exit.js';
import { openContext, withConnectionOptions, type ConnectionCliOptions, type ContextOverrides } from '../service/context.js';
import { failCall, finish, stdoutEmit } from '../service/output.js';

export interface FnRunResult {
  readonly execution: FunctionExecution;
  readonly exitCode: number;
}

interface FnCliOptions extends ConnectionCliOptions {
  readonly input?: string[];
  readonly inputs?: string;
  readonly logs?: boolean;
}

/** `k=v`: v is read as JSON when it parses (numbers, true, null, lists, objects), else taken as a string. */
export function parseInputs(pairs: readonly string[], json: string | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (json !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch (error) {
      throw new CliExit(EXIT_USAGE, `calckit: --inputs is not valid JSON: ${(error as Error).message}`);
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new CliExit(EXIT_USAGE, 'calckit: --inputs must be a JSON object');
    Object.assign(out, parsed);
  }
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new CliExit(EXIT_USAGE, `calckit: --input takes name=value, got "${pair}"`);
    const value = pair.slice(eq + 1);
    let parsed: unknown = value;
    try {
      parsed = JSON.parse(value);
    } catch {
      // not JSON: the text itself
    }
    out[pair.slice(0, eq)] = parsed;
  }
  return out;
}

export async function runFn(pkg: string, version: string, fn: string, options: FnCliOptions, overrides: ContextOverrides = {}): Promise<FnRunResult> {
  const inputVariables = parseInputs(options.input ?? [], options.inputs);
  const context = openContext(options, false, overrides);
  const execution = await context.client.runFunction(pkg, version, fn, { inputVariables, getLogs: options.logs ?? false });
  const failed = execution.errorInformation !== null || !/^(SUCCESS|SUCCEEDED|COMPLETED)$/i.test(execution.status);
  return { execution, exitCode: failed ? EXIT_FINDINGS : 0 };
}

export function formatExecution(e: FunctionExecution): string {
  const lines = [`${e.functionName} (${e.packageId} ${e.version}): ${e.status}, execution ${e.executionId}`, `result: ${JSON.stringify(e.result)}`];
  if (e.errorInformation) {
    const info = e.errorInformation;
    const shape = (type: string, list: boolean): string => `${type}${list ? '[]' : ''}`;
    lines.push(`error: expected ${shape(info.expectedType, info.expectedIsList)}${info.expectedAllowNull ? ' or null' : ''}, got ${shape(info.actualType, info.actualIsList)}`);
    for (const m of info.errorMessages) lines.push(`  ${m}`);
  }
  if (e.settings.getLogs) {
    for (const entry of e.stdout.log) lines.push(`stdout: ${typeof entry === 'string' ? entry : JSON.stringify(entry)}`);
    for (const entry of e.stderr.log) lines.push(`stderr: ${typeof entry === 'string' ? entry : JSON.stringify(entry)}`);
  }
  return lines.join('\n');
}

export function register(program: Command): void {
  const fnCommand = program.command('fn').description("run the service's code functions (functions of a code package version)");
  withConnectionOptions(
    fnCommand
      .command('run')
      .description('run a function of a code package version (exit 1 when the execution failed)')
      .argument('<package>', 'the code package id')
      .argument('<version>', 'the package version')
      .argument('<function>', 'the name of the function in that version')
      .option('--input <name=value>', 'an input variable (repeatable); the value is read as JSON when it parses', (v: string, prev: string[] = []) => [...prev, v])
      .option('--inputs <json>', 'all input variables as one JSON object')
      .option('--logs', "include the function's console output (getLogs)"),
  ).action(async (pkg: string, version: string, fn: string, options: FnCliOptions) => {
    const emit = stdoutEmit(options.json ?? false);
    let result: FnRunResult;
    try {
      result = await runFn(pkg, version, fn, options);
    } catch (error) {
      failCall(emit, error);
    }
    finish(emit, result, () => formatExecution(result.execution));
  });
}
