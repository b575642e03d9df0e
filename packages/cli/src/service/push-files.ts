// `calckit push` as a function: everything local first (the state file locked and read, each file read and linted),
// then for each file the safe push protocol (whose conflict rule asks the state record and the file's git history),
// then the record of what was pushed.
import { relative, resolve, sep } from 'node:path';
import { PushError, isServiceError, pushCalculation, unreachableCause, type Client, type Mismatch, type PushStepEvent } from '@calckit/client';
import { analyzeCalculation, checkSumOf, expressionFromFileText, type CalculationAnalysis } from '@calckit/formula';
import {
  FileAccessError,
  FileEncodingError,
  ProjectError,
  OutsideProjectError,
  ProjectIndex,
  calculationForFile,
  gitVersionLookup,
  openPushState,
  readFormulaFile,
  serviceOrigin,
  type DatasetColumn,
  type Project,
  type ProjectCalculation,
  type PushStateHandle,
} from '@calckit/project';
import { CliExit, EXIT_FINDINGS, EXIT_OK, EXIT_USAGE } from '../exit.js';
import { createPushLinter, type PushLintProblem } from './lint-seam.js';

export type FileOutcome =
  | 'updated'
  | 'unchanged'
  | 'would-update'
  | 'would-skip'
  | 'conflict'
  | 'unknown'
  | 'failed'
  | 'lint-failed'
  | 'unreadable'
  | 'unmapped';

export interface FilePushResult {
  readonly file: string;
  readonly id: number | null;
  readonly name: string | null;
  readonly outcome: FileOutcome;
  readonly checkSum: string | null;
  readonly locked: boolean | null;
  /** The calculation's `status` after the push (`INVALID` when the service stored a formula it could not validate). */
  readonly status: string | null;
  readonly steps: readonly PushStepEvent[];
  readonly problems: readonly PushLintProblem[];
  readonly mismatches: readonly Mismatch[];
  /** For failures: the step, HTTP status, the service's message and what to do. */
  readonly error: {
    readonly step: string;
    readonly status: number | null;
    readonly message: string;
    readonly serviceMessage: string | null;
    readonly hint: string;
    readonly remoteUpdated: boolean;
    readonly lockedNow: boolean | null;
    /** The client's failure kind (http, timeout, network, response, config), null for refusals of ours. */
    readonly kind?: string | null;
    /** The service's problems with the formula (a `--strict` refusal), with their place in it. */
    readonly fieldErrors?: ReadonlyArray<{ readonly message: string; readonly code: string | null; readonly line: number | null; readonly column: number | null }>;
    /** True when a restore of the lock failed: the calculation is LEFT UNLOCKED. */
    readonly leftUnlocked?: boolean;
    /** A conflict: the formula the service holds, for a diff. */
    readonly remoteExpression?: string | null;
    /** The formula we pushed or would push (for a diff of a conflict). */
    readonly localExpression?: string | null;
  } | null;
  /** Why the service stored the formula as INVALID: the calculation's links that are not VALID and calckit's findings. */
  readonly invalidReasons?: readonly string[];
  /** Pushed, but the record could not be written (the state file): the next push judges from git history. */
  readonly recordError?: string | null;
}

export interface PushCommandResult {
  readonly baseUrl: string;
  readonly dryRun: boolean;
  readonly results: readonly FilePushResult[];
  readonly summary: Readonly<Record<FileOutcome, number>>;
  readonly exitCode: number;
}

export interface PushFilesOptions {
  readonly project: Project;
  readonly client: Client;
  readonly serviceName: string;
  /** Files (or directories holding mapped files); empty: every calculation of the project. */
  readonly paths: readonly string[];
  readonly force?: boolean;
  readonly dryRun?: boolean;
  readonly strict?: boolean;
  readonly lockAfter?: boolean;
  readonly skipLint?: boolean;
  /** How many calculations are pushed at once. Default 4. */
  readonly concurrency?: number;
  /** State file to use instead of the project's (`calckit demo` keeps the repository's untouched). */
  readonly statePath?: string;
  readonly cwd?: string;
  /** The index that loaded the project (the command's), for schemas and nested calculations; default a new one. */
  readonly index?: ProjectIndex;
  /** Called once per file as it finishes (progress output). */
  readonly onResult?: (result: FilePushResult, done: number, total: number) => void;
}

const OUTCOME_EXIT: Readonly<Record<FileOutcome, number>> = {
  updated: EXIT_OK,
  unchanged: EXIT_OK,
  'would-update': EXIT_OK,
  'would-skip': EXIT_OK,
  conflict: EXIT_FINDINGS,
  unknown: EXIT_FINDINGS,
  failed: EXIT_FINDINGS,
  'lint-failed': EXIT_FINDINGS,
  unreadable: EXIT_FINDINGS,
  unmapped: EXIT_USAGE,
};

/** The project's calculations named by `paths` (files or directories), in project order; unmapped files are reported. */
export function selectCalculations(project: Project, paths: readonly string[], cwd: string): { selected: ProjectCalculation[]; unmapped: string[] } {
  if (paths.length === 0) return { selected: [...project.calculations], unmapped: [] };
  const selected = new Set<ProjectCalculation>();
  const unmapped: string[] = [];
  for (const p of paths) {
    const abs = resolve(cwd, p);
    const exact = calculationForFile(project, abs);
    if (exact) {
      selected.add(exact);
      continue;
    }
    const under = project.calculations.filter((c) => c.file.startsWith(abs.endsWith(sep) ? abs : abs + sep));
    if (under.length > 0) under.forEach((c) => selected.add(c));
    else unmapped.push(p);
  }
  return { selected: project.calculations.filter((c) => selected.has(c)), unmapped };
}

export async function pushFiles(options: PushFilesOptions): Promise<PushCommandResult> {
  const { project } = options;
  const cwd = options.cwd ?? process.cwd();
  const statePath = options.statePath ?? project.statePath;
  const { selected, unmapped } = selectCalculations(project, options.paths, cwd);
  const index = options.index ?? new ProjectIndex();
  // Validates the project's lint settings before anything is sent (throws PushLintConfigError).
  const lint = options.skipLint
    ? undefined
    : createPushLinter({ serviceName: options.serviceName, lintSettings: project.lint, nestedIds: (id) => index.nestedIds(project, id, options.serviceName) });
  // Every file is read before anything is sent: a file that is not UTF-8 text stops the run (exit 2), as for
  // format and --fix, since pushing it would store replacement characters. A missing file is that file's failure.
  const texts = new Map<ProjectCalculation, string>();
  const unreadable = new Map<ProjectCalculation, FilePushResult>();
  for (const calc of selected) {
    const file = relative(cwd, calc.file) || calc.file;
    try {
      texts.set(calc, readFormulaFile(calc.file, { displayPath: file, projectRoot: project.root }));
    } catch (error) {
      // Not UTF-8 text, or a link that leads out of the project (its content is never sent): stop, exit 2.
      if (error instanceof FileEncodingError || error instanceof OutsideProjectError) throw new CliExit(EXIT_USAGE, `calckit push: ${error.message}; nothing was sent`);
      if (!(error instanceof FileAccessError)) throw error;
      unreadable.set(
        calc,
        base(file, calc, null, 'unreadable', {
          step: 'read-file',
          status: null,
          message: error.message,
          serviceMessage: null,
          hint: 'check the path in calckit.json (`calckit pull <id>` writes a missing file)',
          remoteUpdated: false,
          lockedNow: null,
        }),
      );
    }
  }
  // Local problems first: a held lock, a malformed or unwritable state file stop the run before the service is touched.
  let state: PushStateHandle | undefined;
  if (!options.dryRun && selected.length > 0) {
    try {
      state = openPushState(statePath, serviceOrigin(options.client.baseUrl), options.statePath === undefined ? { projectRoot: project.root } : {});
    } catch (error) {
      if (error instanceof ProjectError) throw new CliExit(EXIT_USAGE, `calckit push: ${error.message}; nothing was sent`);
      throw error;
    }
  }
  // The service unreachable stops the run: no file is started after it, the pushes in flight end (each fails at once:
  // the client stops after the first failure), then the failure is thrown, for one message. A file whose push had
  // changed something before the failure (an unlock) is still reported, so what it left is said.
  let unreachable: { error: unknown } | undefined;
  try {
    return await pushAll();
  } finally {
    state?.release();
  }

  async function pushAll(): Promise<PushCommandResult> {
    const total = selected.length + unmapped.length;
    const results: FilePushResult[] = new Array(selected.length);
    let done = 0;

    const unmappedResults = unmapped.map((file) =>
      base(file, null, null, 'unmapped', {
        step: 'map',
        status: null,
        message: `${file} is not listed under "calculations" in ${project.file}`,
        serviceMessage: null,
        hint: 'add it to calckit.json with its calculation id',
        remoteUpdated: false,
        lockedNow: null,
      }),
    );
    for (const r of unmappedResults) options.onResult?.(r, ++done, total);

    let next = 0;
    const worker = async (): Promise<void> => {
      while (unreachable === undefined && next < selected.length) {
        const index = next++;
        const calc = selected[index] as ProjectCalculation;
        let result: FilePushResult;
        try {
          result = unreadable.get(calc) ?? (await pushOne(calc));
        } catch (error) {
          if (unreachableCause(error) === undefined) throw error;
          unreachable ??= { error };
          return;
        }
        results[index] = result;
        options.onResult?.(result, ++done, total);
      }
    };
    const concurrency = Math.max(1, Math.min(options.concurrency ?? 4, 16));
    await Promise.all(Array.from({ length: Math.min(concurrency, selected.length) }, worker));
    if (unreachable !== undefined) throw unreachable.error;

    const all = [...unmappedResults, ...results];
    const summary = Object.fromEntries(Object.keys(OUTCOME_EXIT).map((k) => [k, 0])) as Record<FileOutcome, number>;
    for (const r of all) summary[r.outcome] += 1;
    // A missing token is a configuration problem (exit 2), like an unmapped file; other failures are findings (exit 1).
    const exitCode = all.reduce(
      (max, r) =>
        Math.max(
          max,
          OUTCOME_EXIT[r.outcome],
          r.mismatches.length > 0 || (r.status === 'INVALID' && r.outcome === 'updated') ? EXIT_FINDINGS : 0,
          r.error?.kind === 'config' || (r.recordError ?? null) !== null ? EXIT_USAGE : 0,
        ),
      EXIT_OK,
    );
    return { baseUrl: options.client.baseUrl, dryRun: options.dryRun ?? false, results: all, summary, exitCode };
  }

  function schemaFor(calc: ProjectCalculation): readonly DatasetColumn[] | ProjectError | undefined {
    const dataset = calc.dataset !== undefined ? project.datasets[calc.dataset] : undefined;
    if (dataset?.schemaPath === undefined) return undefined;
    try {
      return index.schema(dataset.schemaPath, project.root);
    } catch (error) {
      if (!(error instanceof ProjectError)) throw error;
      return error;
    }
  }

  async function pushOne(calc: ProjectCalculation): Promise<FilePushResult> {
    const file = relative(cwd, calc.file) || calc.file;
    const text = texts.get(calc);
    if (text === undefined) throw new Error(`internal: ${file} was not read`);
    const expression = expressionFromFileText(text);
    const schema = schemaFor(calc);
    if (schema instanceof ProjectError) {
      return base(file, calc, null, 'unreadable', {
        step: 'schema',
        status: null,
        message: schema.message,
        serviceMessage: null,
        hint: 'fix the dataset schema file',
        remoteUpdated: false,
        lockedNow: null,
      });
    }
    const problems = lint ? lint(expression, { path: calc.path, schema }) : [];
    if (problems.some((p) => p.severity === 'error')) {
      return { ...base(file, calc, null, 'lint-failed', {
        step: 'lint',
        status: null,
        message: `${problems.filter((p) => p.severity === 'error').length} lint error(s): nothing was sent`,
        serviceMessage: null,
        hint: 'fix the problems listed (or push with --skip-lint to let the service judge)',
        remoteUpdated: false,
        lockedNow: null,
      }), problems };
    }
    const analysis = analyzeCalculation(expression, { serviceName: options.serviceName, ...(schema ? { schema } : {}) });
    const steps: PushStepEvent[] = [];
    const record = (checkSum: string): string | null => {
      if (state === undefined) return null;
      try {
        state.record(calc.id, { checkSum, file: calc.path });
        return null;
      } catch (error) {
        return error instanceof ProjectError ? error.message : String(error);
      }
    };
    try {
      const pushed = await pushCalculation(options.client, {
        id: calc.id,
        expression,
        local: analysis,
        lastPushedCheckSum: state?.lastPushed(calc.id)?.checkSum,
        knownVersion: gitVersionLookup(calc.file, (version) => checkSumOf(expressionFromFileText(version))),
        force: options.force ?? false,
        dryRun: options.dryRun ?? false,
        strict: options.strict ?? false,
        lockAfter: options.lockAfter ?? false,
        onStep: (e) => steps.push(e),
      });
      const recordError = pushed.action === 'updated' || pushed.action === 'unchanged' ? record(pushed.after.checkSum) : null;
      return {
        file,
        id: calc.id,
        name: pushed.after.name,
        outcome: pushed.action,
        checkSum: pushed.after.checkSum,
        locked: pushed.after.locked,
        status: pushed.after.status,
        steps,
        problems,
        mismatches: pushed.mismatches,
        error: null,
        ...(pushed.action === 'updated' && pushed.after.status === 'INVALID' ? { invalidReasons: invalidReasons(pushed.after.links, analysis) } : {}),
        recordError,
      };
    } catch (error) {
      if (unreachableCause(error) !== undefined) {
        unreachable ??= { error };
        // Nothing done for this file (its first read failed): the run's one message says it all.
        if (!(error instanceof PushError) || error.step === 'read') throw error;
      }
      if (error instanceof PushError) {
        const recordError = error.remoteUpdated ? record(analysis.checkSum) : null;
        const unknown = error.outcomeUnknown;
        return {
          ...base(file, calc, analysis.checkSum, error.step === 'check' ? 'conflict' : unknown ? 'unknown' : 'failed', {
            step: error.step,
            status: error.status ?? null,
            message: error.message,
            serviceMessage: error.serviceError?.serviceMessage ?? null,
            hint: error.hint,
            remoteUpdated: error.remoteUpdated,
            lockedNow: error.lockedNow ?? null,
            kind: error.serviceError?.kind ?? null,
            fieldErrors: (error.serviceError?.fieldErrors ?? []).map((f) => placeFieldError(f, expression)),
            leftUnlocked: error.restoreError !== undefined || (error.step === 'lock' && error.remoteUpdated),
            remoteExpression: error.step === 'check' ? (error.remote?.expression ?? null) : null,
            localExpression: error.step === 'check' ? expression : null,
          }),
          steps: error.steps,
          problems,
          recordError,
        };
      }
      if (isServiceError(error)) {
        return base(file, calc, analysis.checkSum, 'failed', {
          step: 'connect',
          status: error.status ?? null,
          message: error.message,
          serviceMessage: error.serviceMessage,
          hint: error.hint,
          remoteUpdated: false,
          lockedNow: null,
        });
      }
      throw error;
    }
  }
}

/** A service field error with its line and column in the formula (from its offsets, when the service gives them). */
function placeFieldError(
  error: { readonly message: string; readonly code?: string | undefined; readonly start?: number | undefined },
  expression: string,
): { message: string; code: string | null; line: number | null; column: number | null } {
  if (error.start === undefined || error.start < 0 || error.start > expression.length) return { message: error.message, code: error.code ?? null, line: null, column: null };
  const before = expression.slice(0, error.start);
  const line = before.split('\n').length;
  const column = error.start - (before.lastIndexOf('\n') + 1) + 1;
  return { message: error.message, code: error.code ?? null, line, column };
}

/** Why a stored formula is INVALID: the service's links that are not VALID, then what calckit's analysis finds. */
function invalidReasons(links: ReadonlyArray<{ readonly resource: { readonly type: string; readonly id: string }; readonly valid: string }>, analysis: CalculationAnalysis): string[] {
  const reasons = links.filter((l) => l.valid !== 'VALID').map((l) => `the service marks ${l.resource.type} ${l.resource.id} ${l.valid}`);
  for (const p of analysis.problems.slice(0, 5)) reasons.push(`${p.line}:${p.column} ${p.message} (${p.code})`);
  if (analysis.problems.length > 5) reasons.push(`and ${analysis.problems.length - 5} more`);
  return reasons;
}

function base(file: string, calc: ProjectCalculation | null, checkSum: string | null, outcome: FileOutcome, error: FilePushResult['error']): FilePushResult {
  return {
    file,
    id: calc?.id ?? null,
    name: calc?.name ?? null,
    outcome,
    checkSum,
    locked: null,
    status: null,
    steps: [],
    problems: [],
    mismatches: [],
    error,
  };
}
