// `calckit pull <id> [file]`: writes the remote formula to its file and records it as the new push baseline.
import { existsSync, readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { analyzeCalculation } from '@calckit/formula';
import { lastPushed, recordPush, writeAtomically } from '@calckit/project';
import type { Command } from 'commander';
import { CliExit, EXIT_FINDINGS, EXIT_USAGE } from '../exit.js';
import { describeCalculation, summarise, type CalculationSummary } from '../service/calculation-view.js';
import { openContext, withConnectionOptions, type ConnectionCliOptions, type ContextOverrides } from '../service/context.js';
import { expressionFromFileText } from '@calckit/formula';
import { fileTextFromExpression } from '../service/expression.js';
import { failCall, finish, stdoutEmit } from '../service/output.js';
import { resolveTarget } from '../service/targets.js';

export interface PullResult {
  readonly file: string;
  readonly outcome: 'written' | 'unchanged' | 'refused';
  readonly calculation: CalculationSummary;
  readonly message: string;
  readonly exitCode: number;
}

export async function runPull(
  idArg: string,
  fileArg: string | undefined,
  options: ConnectionCliOptions & { force?: boolean },
  overrides: ContextOverrides = {},
): Promise<PullResult> {
  const context = openContext(options, false, overrides);
  const cwd = overrides.cwd ?? process.cwd();
  if (!/^\d+$/.test(idArg)) throw new CliExit(EXIT_USAGE, `calckit: pull takes a calculation id, got "${idArg}"`);
  const { id, entry } = resolveTarget(idArg, context.project);
  const file = fileArg !== undefined ? resolve(cwd, fileArg) : entry?.file;
  if (file === undefined) {
    throw new CliExit(EXIT_USAGE, `calckit: calculation ${id} is not listed in calckit.json: give the file to write, e.g. \`calckit pull ${id} formulas/${id}.calc\``);
  }
  const calc = await context.client.readCalculation(id);
  const shown = relative(cwd, file) || file;
  const statePath = context.project?.statePath;
  const mapped = entry !== undefined && entry.file === file;
  if (existsSync(file)) {
    const local = expressionFromFileText(readFileSync(file, 'utf8'));
    const localSum = analyzeCalculation(local).checkSum;
    if (localSum === calc.checkSum) {
      if (statePath && mapped) recordPush(statePath, id, { checkSum: calc.checkSum, file: entry.path });
      return { file: shown, outcome: 'unchanged', calculation: summarise(calc), message: `${shown} already holds calculation ${id}'s formula`, exitCode: 0 };
    }
    // Local edits not pushed yet would be lost: the file differs from what we last pushed (or nothing was recorded).
    const recorded = statePath && mapped ? lastPushed(statePath, id)?.checkSum : undefined;
    if (!options.force && recorded !== localSum) {
      return {
        file: shown,
        outcome: 'refused',
        calculation: summarise(calc),
        message: `${shown} has changes that were never pushed; nothing was written (use --force to overwrite them)`,
        exitCode: EXIT_FINDINGS,
      };
    }
  }
  writeAtomically(file, fileTextFromExpression(calc.expression));
  if (statePath && mapped) recordPush(statePath, id, { checkSum: calc.checkSum, file: entry.path });
  return { file: shown, outcome: 'written', calculation: summarise(calc), message: `wrote calculation ${id} to ${shown}`, exitCode: 0 };
}

export function register(program: Command): void {
  withConnectionOptions(
    program
      .command('pull')
      .description("write a calculation's remote formula to its file (and record it as the last pushed version)")
      .argument('<id>', 'calculation id')
      .argument('[file]', 'file to write (default: the file calckit.json maps to the id)')
      .option('--force', 'overwrite local changes that were never pushed'),
  ).action(async (id: string, file: string | undefined, options: ConnectionCliOptions & { force?: boolean }) => {
    const emit = stdoutEmit(options.json ?? false);
    let result: PullResult;
    try {
      result = await runPull(id, file, options);
    } catch (error) {
      failCall(emit, error);
    }
    finish(emit, result, () => `${result.message}\n${describeCalculation(result.calculation)}`);
  });
}
