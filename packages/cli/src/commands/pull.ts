// `calckit pull <id> [file]`: writes the remote formula to its file and records it as the new push baseline.
// Safe by construction: the file must be inside the project and not mapped to another calculation, the answer must
// be the calculation asked for with a checkSum that matches its expression, and unpushed local edits are kept.
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { isServiceError } from '@calckit/client';
import { checkSumOf, expressionFromFileText } from '@calckit/formula';
import {
  FileAccessError,
  FileEncodingError,
  ProjectError,
  calculationForFile,
  gitVersionLookup,
  openPushState,
  readFormulaFile,
  serviceOrigin,
  resolveInsideProject,
  writeTextFileAtomicSync,
  type PushStateHandle,
} from '@calckit/project';
import type { Command } from 'commander';
import { CliExit, EXIT_FINDINGS, EXIT_USAGE } from '../exit.js';
import { describeCalculation, summarise, type CalculationSummary } from '../service/calculation-view.js';
import { readCalculationChecked } from '../service/checked-read.js';
import { openContext, withConnectionOptions, type ConnectionCliOptions, type ContextOverrides } from '../service/context.js';
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
  const { project } = context;
  const { id, entry } = resolveTarget(idArg, project);
  const file = fileArg !== undefined ? resolve(cwd, fileArg) : entry?.file;
  if (file === undefined) {
    throw new CliExit(EXIT_USAGE, `calckit: calculation ${id} is not listed in calckit.json: give the file to write, e.g. \`calckit pull ${id} formulas/${id}.calc\``);
  }
  const shown = relative(cwd, file) || file;
  // Inside the project once links are followed (the file, a link in its place, its folders); checked again at the write.
  const within = project !== undefined ? { projectRoot: project.root } : {};
  if (project !== undefined) {
    try {
      resolveInsideProject(project.root, file, { operation: 'write', displayPath: shown });
    } catch (error) {
      if (error instanceof FileAccessError) throw new CliExit(EXIT_USAGE, `calckit pull: ${error.message}; nothing was written`);
      throw error;
    }
    const mappedTo = calculationForFile(project, file);
    if (mappedTo !== undefined && mappedTo.id !== id) {
      throw new CliExit(
        EXIT_USAGE,
        `calckit: ${shown} is mapped to calculation ${mappedTo.id} in calckit.json; pulling calculation ${id} into it would push ${id}'s formula into ${mappedTo.id} later; nothing was written`,
      );
    }
  }
  const mapped = entry !== undefined && entry.file === file;
  // The record is kept per service; open (lock, read, check) it before asking the service anything.
  let state: PushStateHandle | undefined;
  if (project !== undefined && mapped) {
    try {
      state = openPushState(project.statePath, serviceOrigin(context.client.baseUrl), within);
    } catch (error) {
      if (error instanceof ProjectError) throw new CliExit(EXIT_USAGE, `calckit pull: ${error.message}; nothing was written`);
      throw error;
    }
  }
  try {
    const calc = await readCalculationChecked(context.client, id);
    if (existsSync(file)) {
      const local = expressionFromFileText(readFormulaFile(file, { displayPath: shown, ...within }));
      const localSum = checkSumOf(local);
      if (localSum === calc.checkSum) {
        state?.record(id, { checkSum: calc.checkSum, file: entry?.path });
        return { file: shown, outcome: 'unchanged', calculation: summarise(calc), message: `${shown} already holds calculation ${id}'s formula`, exitCode: 0 };
      }
      // Nothing may be lost: the file must hold what we last pushed, or a version git keeps (committed or staged).
      const recorded = state?.lastPushed(id)?.checkSum;
      const kept = recorded === localSum || 'found' in (await gitVersionLookup(file, (version) => checkSumOf(expressionFromFileText(version)))(localSum));
      if (!options.force && !kept) {
        return {
          file: shown,
          outcome: 'refused',
          calculation: summarise(calc),
          message: `${shown} has changes that were never pushed nor committed; nothing was written (use --force to overwrite them)`,
          exitCode: EXIT_FINDINGS,
        };
      }
    }
    // Checked again now (a folder may have become a link out while the service answered); the write checks once more.
    if (project !== undefined) resolveInsideProject(project.root, file, { operation: 'write', displayPath: shown });
    mkdirSync(dirname(file), { recursive: true });
    writeTextFileAtomicSync(file, fileTextFromExpression(calc.expression), { displayPath: shown, ...within });
    state?.record(id, { checkSum: calc.checkSum, file: entry?.path });
    return { file: shown, outcome: 'written', calculation: summarise(calc), message: `wrote calculation ${id} to ${shown}`, exitCode: 0 };
  } catch (error) {
    // One line naming the file (not UTF-8, unreadable, unwritable), never a stack trace; nothing was written.
    if (error instanceof FileEncodingError || error instanceof FileAccessError || error instanceof ProjectError) {
      throw new CliExit(EXIT_USAGE, `calckit pull: ${error.message}; nothing was written`);
    }
    if (isServiceError(error)) throw error; // its code is the network's (ECONNREFUSED), not a file system's
    const code = (error as NodeJS.ErrnoException).code;
    if (typeof code === 'string') throw new CliExit(EXIT_USAGE, `calckit pull: cannot write ${shown} (${code}); nothing was written`);
    throw error;
  } finally {
    state?.release();
  }
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
