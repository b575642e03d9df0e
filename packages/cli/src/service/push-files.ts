// `calckit push` as a function: for each formula file, lint, analyse, run the safe push protocol, record the state.
import { readFileSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { PushError, isServiceError, pushCalculation, type Client, type Mismatch, type PushStepEvent } from '@calckit/client';
import { analyzeCalculation } from '@calckit/formula';
import {
  ProjectError,
  calculationForFile,
  lastPushed,
  readDatasetSchemaFile,
  recordPush,
  type DatasetColumn,
  type Project,
  type ProjectCalculation,
} from '@calckit/project';
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE } from '../exit.js';
import { expressionFromFileText } from '@calckit/formula';
import { createPushLinter, type PushLintProblem } from './lint-seam.js';

export type FileOutcome =
  | 'updated'
  | 'unchanged'
  | 'would-update'
  | 'would-skip'
  | 'conflict'
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
  } | null;
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
  /** Called once per file as it finishes (progress output). */
  readonly onResult?: (result: FilePushResult, done: number, total: number) => void;
}

const OUTCOME_EXIT: Readonly<Record<FileOutcome, number>> = {
  updated: EXIT_OK,
  unchanged: EXIT_OK,
  'would-update': EXIT_OK,
  'would-skip': EXIT_OK,
  conflict: EXIT_FINDINGS,
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
  const total = selected.length + unmapped.length;
  const results: FilePushResult[] = new Array(selected.length);
  let done = 0;
  const schemas = new Map<string, DatasetColumn[] | ProjectError>();
  // Validates the project's lint settings before anything is sent (throws PushLintConfigError).
  const lint = options.skipLint ? undefined : createPushLinter({ serviceName: options.serviceName, lintSettings: project.lint });

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
    while (next < selected.length) {
      const index = next++;
      const calc = selected[index] as ProjectCalculation;
      const result = await pushOne(calc);
      results[index] = result;
      options.onResult?.(result, ++done, total);
    }
  };
  const concurrency = Math.max(1, Math.min(options.concurrency ?? 4, 16));
  await Promise.all(Array.from({ length: Math.min(concurrency, selected.length) }, worker));

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
        r.error?.kind === 'config' ? EXIT_USAGE : 0,
      ),
    EXIT_OK,
  );
  return { baseUrl: options.client.baseUrl, dryRun: options.dryRun ?? false, results: all, summary, exitCode };

  function schemaFor(calc: ProjectCalculation): DatasetColumn[] | ProjectError | undefined {
    const dataset = calc.dataset !== undefined ? project.datasets[calc.dataset] : undefined;
    if (dataset?.schemaPath === undefined) return undefined;
    let cached = schemas.get(dataset.schemaPath);
    if (cached === undefined) {
      try {
        cached = readDatasetSchemaFile(dataset.schemaPath);
      } catch (error) {
        if (!(error instanceof ProjectError)) throw error;
        cached = error;
      }
      schemas.set(dataset.schemaPath, cached);
    }
    return cached;
  }

  async function pushOne(calc: ProjectCalculation): Promise<FilePushResult> {
    const file = relative(cwd, calc.file) || calc.file;
    let text: string;
    try {
      text = readFileSync(calc.file, 'utf8');
    } catch (error) {
      return base(file, calc, null, 'unreadable', {
        step: 'read-file',
        status: null,
        message: `cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
        serviceMessage: null,
        hint: 'check the path in calckit.json',
        remoteUpdated: false,
        lockedNow: null,
      });
    }
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
    try {
      const pushed = await pushCalculation(options.client, {
        id: calc.id,
        expression,
        local: analysis,
        lastPushedCheckSum: lastPushed(statePath, calc.id)?.checkSum,
        force: options.force ?? false,
        dryRun: options.dryRun ?? false,
        strict: options.strict ?? false,
        lockAfter: options.lockAfter ?? false,
        onStep: (e) => steps.push(e),
      });
      if (pushed.action === 'updated' || pushed.action === 'unchanged') {
        recordPush(statePath, calc.id, { checkSum: pushed.after.checkSum, file: calc.path });
      }
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
      };
    } catch (error) {
      if (error instanceof PushError) {
        if (error.remoteUpdated) recordPush(statePath, calc.id, { checkSum: analysis.checkSum, file: calc.path });
        return {
          ...base(file, calc, analysis.checkSum, error.step === 'check' ? 'conflict' : 'failed', {
            step: error.step,
            status: error.status ?? null,
            message: error.message,
            serviceMessage: error.serviceError?.serviceMessage ?? null,
            hint: error.hint,
            remoteUpdated: error.remoteUpdated,
            lockedNow: error.lockedNow ?? null,
            kind: error.serviceError?.kind ?? null,
          }),
          steps: error.steps,
          problems,
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
