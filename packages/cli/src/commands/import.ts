// `calckit import --dataset <id>… | --ids <id,…>`: brings the calculations the service holds into the project: one
// `.calc` file per calculation (its expression and a final newline, as `pull` writes it), their `calculations` and
// `datasets` entries in calckit.json, and push records for this service, so `calckit status` says "in sync" at once;
// and each dataset's column schema file (`schemas/<key>.json` unless calckit.json maps one), read with the service's
// read of a schema (COMMUNITY-DOCUMENTED) and mapped as `datasets.<key>.schema`, so lint, completion and eval know the
// columns from the start (service/schema-files.ts: a schema file edited by hand is skipped, never overwritten).
//
// Listing a dataset's calculations uses the service's search operation, which is COMMUNITY-DOCUMENTED (see
// @calckit/protocol's search.ts): its results carry ids and names but no formula, so the calculations are then read
// in batches of 100 with the read of several calculations (`POST …/functions/list/id`, also COMMUNITY-DOCUMENTED: see
// @calckit/protocol's calculations-by-ids.ts), a few batches at once, each batch's files written as soon as it is
// read. Where that read cannot answer (a service without it, an id it leaves out), the client reads calculations one
// by one with the documented read (`GET …/functions/template/{id}`): see @calckit/client's readCalculations. Every
// calculation is checked before anything is written, whichever read gave it: the id asked for, and a checkSum equal to
// the SHA-1 of the expression (verified rule).
//
// Running it again: new calculations are added; a file whose remote changed is updated when the local file is still
// what was last imported or pushed (the push record); a local edit is never overwritten (the file is skipped, and the
// reason said). The order of writes keeps the project consistent if the run stops halfway (Ctrl-C, a crash): formula
// and schema files first (each replaced atomically), then the push and schema records, then calckit.json (atomically). A file written but not
// yet mapped holds exactly the service's formula, and the next run adopts it under the same name.
import { existsSync, lstatSync, mkdirSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { isServiceError, type BatchReadSupport, type Client, type ReadOutcome, type ServiceError } from '@calckit/client';
import { checkSumOf, expressionFromFileText } from '@calckit/formula';
import {
  FileAccessError,
  FileEncodingError,
  isWithin,
  openPushState,
  ProjectError,
  readFormulaFile,
  realPlaceOf,
  resolveInsideProject,
  serviceOrigin,
  writeFormulaFile,
  type CalculationEntry,
  type DatasetEntry,
  type Project,
  type ProjectCalculation,
  type PushRecordInput,
  type PushStateHandle,
} from '@calckit/project';
import type { Calculation } from '@calckit/protocol';
import type { Command } from 'commander';
import { CliExit, EXIT_FINDINGS, EXIT_OK, EXIT_USAGE } from '../exit.js';
import { checkCalculation } from '../service/checked-read.js';
import { createFormulaFileSync, FileExistsError, syncFolder } from '../service/create-file.js';
import { openContext, requireDeveloperToken, withConnectionOptions, type ConnectionCliOptions, type ContextOverrides } from '../service/context.js';
import { fileTextFromExpression } from '../service/expression.js';
import { listFolder, nameKey, planFileNames } from '../service/file-names.js';
import { finish, stdoutEmit } from '../service/output.js';
import { folderInsideProject, writeProjectEdit } from '../service/project-writer.js';
import { formatSchemaEntries, schemaSummary, writeSchemaFiles, type SchemaFileEntry } from '../service/schema-files.js';

export const DEFAULT_IMPORT_DIR = 'formulas';
/**
 * Read requests in flight at once (each a batch of IMPORT_BATCH_SIZE calculations, or one calculation where the batch
 * read cannot answer); a slot is held until its calculations are taken in hand. Reads are idempotent and retried on
 * 429 with the service's Retry-After, so a team's import does not overrun the service. Measured with bench/import.mjs.
 */
export const DEFAULT_IMPORT_CONCURRENCY = 4;
/** Calculations per batch read. */
export const IMPORT_BATCH_SIZE = 100;
/**
 * Calculations handled (checked, file written) at once. A new file is written synchronously (cheaper than a trip through
 * libuv's thread pool); replacing a file (an update) goes through write-file-atomic, whose flushes overlap.
 */
const FILE_CONCURRENCY = 16;
export const MAX_IMPORT_CONCURRENCY = 32;
/** Dataset ids as the read and search paths accept them (the service's are UUIDs). */
const DATASET_ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * written: a new file. updated: the remote changed and the local file was still the last imported/pushed version.
 * restored: a mapped file that was missing or empty. unchanged: the file already holds the remote formula. skipped: not
 * written, on purpose (a local edit, a variable). refused: the service's answer failed a check (wrong id, checkSum).
 * failed: reading or writing failed.
 */
export type ImportOutcome = 'written' | 'updated' | 'restored' | 'unchanged' | 'skipped' | 'refused' | 'failed';

export interface ImportEntry {
  readonly id: number;
  readonly name: string | null;
  /** Key of the calculation's dataset in calckit.json, or null when it has none. */
  readonly dataset: string | null;
  /** The formula file, relative to the working directory, or null when none was chosen. */
  readonly file: string | null;
  readonly outcome: ImportOutcome;
  readonly reason: string | null;
}

export interface ImportResult {
  readonly baseUrl: string;
  /** The service origin the push records were written for. */
  readonly origin: string;
  /** The folder new files went to, relative to the working directory. */
  readonly dir: string;
  readonly datasets: ReadonlyArray<{ readonly key: string; readonly id: string; readonly listed: number | null }>;
  readonly entries: readonly ImportEntry[];
  readonly summary: Readonly<Record<ImportOutcome, number>>;
  /** Each imported dataset's column schema file (see service/schema-files.ts): created, updated, unchanged, skipped, failed. */
  readonly schemas: readonly SchemaFileEntry[];
  /**
   * Whether the calculations were read in batches (`available`) or one at a time (`unavailable`: the service does not
   * offer the community-documented read of several calculations); `untried` when nothing was read.
   */
  readonly batchRead: BatchReadSupport;
  /** Calculations listed but not read because the run was interrupted (Ctrl-C): run the import again. */
  readonly notRead: number;
  readonly interrupted: boolean;
  readonly exitCode: number;
}

export interface ImportCliOptions extends ConnectionCliOptions {
  readonly dataset?: readonly string[];
  readonly ids?: string;
  readonly dir?: string;
  readonly concurrency?: string | number;
}

export interface ImportHooks extends ContextOverrides {
  /** Aborting stops reading new calculations; what was read is written consistently, then the import stops. */
  readonly signal?: AbortSignal;
  /** Progress lines (stderr in the CLI): one per calculation as it is done, `[i/n] file #id: outcome`. */
  readonly progress?: (line: string) => void;
  /** Calculations per batch read (default IMPORT_BATCH_SIZE; 1 reads each on its own). For tests and measurements. */
  readonly batchSize?: number;
}

interface Target {
  readonly id: number;
  /** The name the search gave (--dataset), used to plan the file name before the read. */
  readonly name?: string;
  /** The dataset asked for (`--dataset`), or undefined: taken from the calculation's DATA_SOURCE link (`--ids`). */
  readonly datasetId: string | undefined;
}

interface ReadOk {
  readonly target: Target;
  readonly calc: Calculation;
  readonly datasetId: string | null;
}

interface Plan {
  readonly read: ReadOk;
  readonly path: string; // relative to the root, `/`-separated
  readonly abs: string;
  readonly outcome: Extract<ImportOutcome, 'written' | 'updated' | 'restored' | 'unchanged'>;
  /** The file already holds the formula (adopted from an interrupted run, or unchanged): no write needed. */
  readonly holdsFormula: boolean;
  readonly mapped: boolean;
}

const usage = (message: string): never => {
  throw new CliExit(EXIT_USAGE, `calckit import: ${message}`);
};

/** Parses and checks the flags (exit 2 on mistakes) before anything else runs. */
export function parseImportFlags(options: ImportCliOptions): { datasets: string[]; ids: number[]; concurrency: number } {
  const datasets = [...new Set((options.dataset ?? []).flatMap((d) => d.split(',')).map((d) => d.trim()).filter((d) => d !== ''))];
  const idTexts = options.ids === undefined ? [] : options.ids.split(/[\s,]+/).filter((s) => s !== '');
  if (datasets.length === 0 && idTexts.length === 0) {
    usage(options.ids !== undefined || options.dataset !== undefined ? 'no dataset or calculation id given' : 'say what to import: --dataset <id>… or --ids <id,…>');
  }
  if (datasets.length > 0 && idTexts.length > 0) usage('give either --dataset or --ids, not both');
  for (const d of datasets) if (!DATASET_ID.test(d)) usage(`"${d}" is not a dataset id (letters, digits, ".", "_", "-")`);
  const ids: number[] = [];
  for (const text of idTexts) {
    const id = Number(text);
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(id) || id <= 0) usage(`"${text}" is not a calculation id`);
    if (!ids.includes(id)) ids.push(id);
  }
  const concurrencyText = String(options.concurrency ?? DEFAULT_IMPORT_CONCURRENCY);
  const concurrency = Number(concurrencyText);
  if (!/^\d+$/.test(concurrencyText) || concurrency < 1 || concurrency > MAX_IMPORT_CONCURRENCY) {
    usage(`--concurrency must be a whole number from 1 to ${MAX_IMPORT_CONCURRENCY}, got "${concurrencyText}"`);
  }
  return { datasets, ids, concurrency };
}

export async function runImport(options: ImportCliOptions, hooks: ImportHooks = {}): Promise<ImportResult> {
  const flags = parseImportFlags(options);
  const context = openContext(options, true, hooks);
  requireDeveloperToken(context);
  const project = context.project!; // openContext(…, true) exits without one
  const cwd = hooks.cwd ?? process.cwd();
  const progress = hooks.progress ?? (() => {});
  const folder =
    options.dir !== undefined ? folderInsideProject(project.root, cwd, options.dir, '--dir', 'calckit import') : folderInsideProject(project.root, project.root, DEFAULT_IMPORT_DIR, '--dir', 'calckit import');
  if (!isWithin(realPlaceOf(project.root), realPlaceOf(project.statePath))) {
    usage(`the state file ${project.statePath} is outside the project; import writes nothing outside it (set "state" in calckit.json to a path inside)`);
  }
  const origin = serviceOrigin(context.client.baseUrl);
  // Local problems (a held or stale lock, an unreadable state) stop the import before the first call to the service.
  let state: PushStateHandle;
  try {
    state = openPushState(project.statePath, origin, { projectRoot: project.root });
  } catch (error) {
    if (error instanceof ProjectError) usage(error.message);
    throw error;
  }
  try {
    return await importWithState();
  } finally {
    state.release();
  }

  async function importWithState(): Promise<ImportResult> {
    const entries: ImportEntry[] = [];
    const shown = (abs: string): string => relative(cwd, abs) || abs;
    const datasetKeys = new DatasetKeys(project);

    // 1. What to import.
    const targets: Target[] = [];
    const listed = new Map<string, number | null>();
    if (flags.datasets.length > 0) {
      const seen = new Set<number>();
      for (const datasetId of flags.datasets) {
        let summaries;
        try {
          // Community-documented search, filter `notvariable`; a result flagged `variable` is left out all the same.
          const found = await context.client.searchAllCalculations(
            { datasetIds: [datasetId], variables: 'exclude' },
            // Pages of 500: a line for each page but the last (which the count below says).
            { onPage: (received, totalHits) => totalHits !== undefined && received < totalHits && progress(`listing dataset ${datasetId}: ${received}/${totalHits}`) },
          );
          // A dataset id that matches nothing is most often a typo: an error naming it, never "nothing to import".
          if (found.length === 0) throw new CliExit(EXIT_USAGE, await noSuchDataset(context.client, datasetId));
          summaries = found.filter((s) => s.variable !== true);
        } catch (error) {
          if (!isServiceError(error) || error.unreachable) throw error; // unreachable: one message (main)
          throw new CliExit(error.kind === 'config' ? EXIT_USAGE : EXIT_FINDINGS, `calckit import: listing dataset ${datasetId} failed: ${error.message}`);
        }
        listed.set(datasetId, summaries.length);
        progress(`dataset ${datasetId}: ${summaries.length} calculation${summaries.length === 1 ? '' : 's'}`);
        for (const s of summaries) {
          if (seen.has(s.id)) continue; // linked to two datasets asked for: the first one wins
          seen.add(s.id);
          targets.push({ id: s.id, name: s.name, datasetId });
        }
      }
    } else {
      for (const id of flags.ids) targets.push({ id, datasetId: undefined });
    }

    // 2. Read each calculation (a few at once) and write its file as soon as it is read, so that file writes overlap
    //    the reads. Each answer is checked (id, checkSum) before anything is written.
    const byId = new Map(project.calculations.map((c) => [c.id, c]));
    const within = { projectRoot: project.root };
    // A mapped file (or a folder on its way) linked out of the project is refused, naming where it leads; exit 2.
    let leftProject = false;
    const outsideProject = (abs: string): string | undefined => {
      try {
        resolveInsideProject(project.root, abs, { operation: 'write', displayPath: shown(abs) });
        return undefined;
      } catch (error) {
        if (!(error instanceof FileAccessError)) throw error;
        leftProject = true;
        return `${error.message}; nothing was written`;
      }
    };
    const mappedPaths = project.calculations.map((c) => c.path);
    const mappedKeys = new Set(mappedPaths.map(nameKey));
    const used = new Set<string>(); // name keys given to a calculation in this run
    // New files' names are planned before reading when the search gave the names (--dataset), so that the result does
    // not depend on the order in which the reads end. A name held by an unmapped file on disk is given only
    // tentatively: the calculation takes it if the file holds exactly its formula (left by an interrupted import).
    const tentative = new Set<number>();
    const preplanned =
      flags.datasets.length > 0
        ? planFileNames({
            dir: folder.rel,
            requests: targets.filter((t) => !byId.has(t.id)).map((t) => ({ id: t.id, name: t.name ?? '' })),
            mapped: mappedPaths,
            onDisk: listFolder(folder.abs),
            canAdopt: (rel, id) => {
              if (mappedKeys.has(nameKey(rel))) return false;
              tentative.add(id);
              return true;
            },
          })
        : undefined;
    const leftovers: ReadOk[] = [];
    const written: Plan[] = [];
    const foldersCreatedIn = new Set<string>();
    const reads: ReadOk[] = [];
    let reported = 0;
    const report = (e: ImportEntry): void => {
      entries.push(e);
      reported++;
      progress(`[${reported}/${targets.length}] ${e.file ?? `#${e.id}`}${e.file ? ` #${e.id}` : ''}: ${e.outcome}${e.reason ? ` (${e.reason})` : ''}`);
    };
    /** Whether `abs` is a plain file (not a link) holding exactly this formula: an import's own leftover. */
    const holdsFormula = (abs: string, checkSum: string): boolean => {
      try {
        return lstatSync(abs).isFile() && checkSumOf(expressionFromFileText(readFormulaFile(abs, within))) === checkSum;
      } catch {
        return false;
      }
    };

    const execute = async (plan: Plan): Promise<void> => {
      const dataset = plan.read.datasetId === null ? null : datasetKeys.keyFor(plan.read.datasetId);
      const file = shown(plan.abs);
      const entryOf = (outcome: ImportOutcome, reason: string | null): ImportEntry => ({ id: plan.read.calc.id, name: plan.read.calc.name, dataset, file, outcome, reason });
      // A new file is one plain name in the folder checked at the start, created with link(2), which never follows a
      // link at that name: only a mapped file (which may be a symbolic link) needs its real path checked.
      const outside = !plan.holdsFormula && plan.mapped ? outsideProject(plan.abs) : undefined;
      if (outside !== undefined) return report(entryOf('refused', outside));
      try {
        if (!plan.holdsFormula) {
          const text = fileTextFromExpression(plan.read.calc.expression);
          if (plan.outcome === 'written') {
            createFormulaFileSync(plan.abs, text, file);
            foldersCreatedIn.add(dirname(plan.abs));
          } else {
            mkdirSync(dirname(plan.abs), { recursive: true });
            await writeFormulaFile(plan.abs, text, { displayPath: file, ...within });
          }
        }
      } catch (error) {
        if (error instanceof FileExistsError) return report(entryOf('skipped', `${error.message}; run the import again to give the calculation another name`));
        if (error instanceof FileAccessError || error instanceof FileEncodingError) return report(entryOf('failed', `${error.message}; nothing was written`));
        throw error;
      }
      written.push(plan);
      report(entryOf(plan.outcome, null));
    };

    /** What to do with a calculation already mapped to a file: update, restore, leave, or skip (a local edit). */
    const planMapped = (read: ReadOk, mapped: ProjectCalculation): Plan | ImportEntry => {
      const { calc } = read;
      const entryOf = (outcome: ImportOutcome, reason: string | null): ImportEntry => ({
        id: calc.id,
        name: calc.name,
        dataset: mapped.dataset ?? null,
        file: shown(mapped.file),
        outcome,
        reason,
      });
      const plan = (outcome: Plan['outcome'], holds: boolean): Plan => ({ read, path: mapped.path, abs: mapped.file, outcome, holdsFormula: holds, mapped: true });
      const outside = outsideProject(mapped.file);
      if (outside !== undefined) return entryOf('refused', outside);
      // Missing, or empty (no formula is empty; a power cut can leave a new file so): written again.
      if (!existsSync(mapped.file) || statSync(mapped.file).size === 0) return plan('restored', false);
      let local: string;
      try {
        local = checkSumOf(expressionFromFileText(readFormulaFile(mapped.file, { displayPath: shown(mapped.file), ...within })));
      } catch (error) {
        if (error instanceof FileEncodingError || error instanceof FileAccessError) return entryOf('skipped', `${error.message}; the local file was left as it is`);
        throw error;
      }
      const recorded = state.lastPushed(calc.id)?.checkSum;
      if (local === calc.checkSum) return plan('unchanged', true);
      if (recorded !== undefined && local === recorded) return plan('updated', false);
      const why =
        recorded === undefined
          ? 'the local file differs from the service and was never imported or pushed to it from here'
          : calc.checkSum === recorded
            ? 'local changes not pushed yet (`calckit push` sends them)'
            : 'changed here and in the service since the last import or push';
      return entryOf('skipped', `${why}; not overwritten (\`calckit diff ${shown(mapped.file)}\` shows both)`);
    };

    const processTarget = async (target: Target, read: ReadOutcome): Promise<void> => {
      const failure = read.ok ? checkCalculation(read.calculation, target.id, read.operation) : read.error;
      if (failure !== undefined) {
        return report({ id: target.id, name: target.name ?? null, dataset: null, file: null, outcome: failure.kind === 'response' ? 'refused' : 'failed', reason: failure.message });
      }
      const calc = (read as Extract<ReadOutcome, { ok: true }>).calculation;
      if (calc.variable) return report({ id: target.id, name: calc.name, dataset: null, file: null, outcome: 'skipped', reason: 'a variable, not a formula' });
      const ok: ReadOk = { target, calc, datasetId: target.datasetId ?? calc.links.find((l) => l.resource.type === 'DATA_SOURCE')?.resource.id ?? null };
      reads.push(ok);
      const mapped = byId.get(calc.id);
      if (mapped !== undefined) {
        const decided = planMapped(ok, mapped);
        return 'read' in decided ? execute(decided) : report(decided);
      }
      const path = preplanned?.get(calc.id);
      if (path === undefined) return void leftovers.push(ok);
      const abs = resolve(project.root, path);
      if (tentative.has(calc.id)) {
        if (!holdsFormula(abs, calc.checkSum)) return void leftovers.push(ok); // someone else's file: another name, below
        used.add(nameKey(path));
        return execute({ read: ok, path, abs, outcome: 'written', holdsFormula: true, mapped: false });
      }
      used.add(nameKey(path));
      return execute({ read: ok, path, abs, outcome: 'written', holdsFormula: false, mapped: false });
    };

    if (targets.some((t) => !byId.has(t.id))) mkdirSync(folder.abs, { recursive: true });
    // Batches of IMPORT_BATCH_SIZE, `concurrency` requests at once; each calculation is handled (checked, its file
    // written) as soon as its batch is read, at most FILE_CONCURRENCY at once; a request slot waits until its
    // calculations are taken in hand, so reading never runs far ahead of the files.
    const targetById = new Map(targets.map((t) => [t.id, t]));
    const handling = new Set<Promise<void>>();
    let broken: { error: unknown } | undefined;
    // The service unreachable: no more reads (the client fails the rest at once anyway); what was read is written and
    // recorded as after an interruption, then the run ends with one message (main), not one line per calculation.
    let unreachable: ServiceError | undefined;
    const stopReading = new AbortController();
    const readSignal = hooks.signal !== undefined ? AbortSignal.any([hooks.signal, stopReading.signal]) : stopReading.signal;
    const handle = async (read: ReadOutcome): Promise<void> => {
      if (!read.ok && read.error.unreachable) {
        unreachable ??= read.error;
        stopReading.abort();
        return;
      }
      while (handling.size >= FILE_CONCURRENCY) await Promise.race(handling);
      if (broken !== undefined) throw broken.error;
      const done: Promise<void> = processTarget(targetById.get(read.id) as Target, read)
        .catch((error: unknown) => {
          broken ??= { error };
        })
        .finally(() => handling.delete(done));
      handling.add(done);
    };
    let outcomes: ReadOutcome[];
    try {
      outcomes = await context.client.readCalculationsSettled(
        targets.map((t) => t.id),
        {
          concurrency: flags.concurrency,
          batchSize: hooks.batchSize ?? IMPORT_BATCH_SIZE,
          signal: readSignal,
          onOutcome: handle,
        },
      );
    } finally {
      await Promise.all(handling); // never rejects: failures are kept in `broken`
    }
    if (broken !== undefined) throw broken.error;
    const notRead = targets.length - outcomes.length;

    // 3. Calculations whose names were not known before reading (--ids), or whose planned name is held by a file that
    //    is not theirs: named now, in id order, around every name already given.
    if (leftovers.length > 0) {
      const freshById = new Map(leftovers.map((r) => [r.calc.id, r]));
      const adopted = new Set<number>();
      const names = planFileNames({
        dir: folder.rel,
        requests: leftovers.map((r) => ({ id: r.calc.id, name: r.calc.name })),
        mapped: [...mappedPaths, ...written.map((p) => p.path)],
        onDisk: listFolder(folder.abs),
        canAdopt: (rel, id) => {
          if (mappedKeys.has(nameKey(rel)) || used.has(nameKey(rel))) return false;
          const same = holdsFormula(resolve(project.root, rel), freshById.get(id)?.calc.checkSum ?? '');
          if (same) adopted.add(id);
          return same;
        },
      });
      await forEachLimit(leftovers, flags.concurrency, async (read) => {
        const path = names.get(read.calc.id) as string;
        await execute({ read, path, abs: resolve(project.root, path), outcome: 'written', holdsFormula: adopted.has(read.calc.id), mapped: false });
      });
    }
    // The new names, flushed once per folder (each file's data was flushed as it was written).
    for (const dir of foldersCreatedIn) await syncFolder(dir);

    // 4. Each dataset's column schema file, read from the service (a file edited by hand is skipped, not overwritten).
    //    Not after an interruption (Ctrl-C stops the run) nor when the service could not be reached.
    const datasetIds = [...new Set([...flags.datasets, ...reads.map((r) => r.datasetId).filter((d): d is string => d !== null)])];
    const schemaRun =
      hooks.signal?.aborted === true || unreachable !== undefined
        ? undefined
        : await writeSchemaFiles({
            client: context.client,
            project,
            state,
            targets: datasetIds.map((id) => ({ key: datasetKeys.keyFor(id), id })),
            force: false,
            cwd,
            command: 'calckit schema pull',
          });
    for (const e of schemaRun?.entries ?? []) progress(`schema of ${e.dataset}: ${e.file} ${e.outcome}${e.reason ? ` (${e.reason})` : ''}`);
    unreachable ??= schemaRun?.unreachable;

    // 5. Push records for what the files now hold, then calckit.json (the last step: it makes the files part of the project).
    const records: PushRecordInput[] = written
      .filter((p) => p.outcome !== 'unchanged' || state.lastPushed(p.read.calc.id)?.checkSum !== p.read.calc.checkSum)
      .map((p) => ({ id: p.read.calc.id, checkSum: p.read.calc.checkSum, file: p.path }));
    try {
      state.recordMany(records);
      state.recordSchemas(schemaRun?.records ?? []);
    } catch (error) {
      if (error instanceof ProjectError) throw new CliExit(EXIT_USAGE, `calckit import: ${error.message} (the formula files were written; run the import again)`);
      throw error;
    }
    const calculations = new Map<string, CalculationEntry>();
    // New entries in path order, whatever order the reads ended in: the same import gives the same calckit.json.
    for (const plan of [...written].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
      const dataset = plan.read.datasetId === null ? undefined : datasetKeys.keyFor(plan.read.datasetId);
      const existing = byId.get(plan.read.calc.id);
      calculations.set(plan.path, {
        id: plan.read.calc.id,
        ...(existing?.dataset !== undefined ? { dataset: existing.dataset } : dataset !== undefined ? { dataset } : {}),
        ...(plan.read.calc.name !== '' ? { name: plan.read.calc.name } : {}),
      });
    }
    try {
      writeProjectEdit(project.file, { datasets: new Map([...datasetKeys.added(), ...(schemaRun?.mappings ?? [])]), calculations });
    } catch (error) {
      if (error instanceof ProjectError || error instanceof FileAccessError) {
        throw new CliExit(EXIT_USAGE, `calckit import: cannot update ${project.file}: ${error.message}`);
      }
      throw error;
    }

    if (unreachable !== undefined) throw unreachable; // what was read is in the project; run the import again
    entries.sort((a, b) => (a.file ?? '').localeCompare(b.file ?? '') || a.id - b.id);
    const summary = Object.fromEntries((['written', 'updated', 'restored', 'unchanged', 'skipped', 'refused', 'failed'] as const).map((k) => [k, 0])) as Record<ImportOutcome, number>;
    for (const e of entries) summary[e.outcome]++;
    const interrupted = hooks.signal?.aborted === true;
    const schemas = schemaRun?.entries ?? [];
    const exitCode = interrupted ? 130 : leftProject ? EXIT_USAGE : summary.refused + summary.failed + schemaSummary(schemas).failed > 0 ? EXIT_FINDINGS : EXIT_OK;
    const datasets = datasetIds.map((id) => ({
      key: datasetKeys.keyFor(id),
      id,
      listed: listed.get(id) ?? null,
    }));
    return {
      baseUrl: context.client.baseUrl,
      origin,
      dir: shown(folder.abs),
      datasets,
      entries,
      summary,
      schemas,
      batchRead: context.client.batchReadSupport,
      notRead,
      interrupted,
      exitCode,
    };
  }
}

/** Pages of the search read to list the service's datasets for an unknown one (5 000 calculations each). */
const DATASET_LISTING_MAX_PAGES = 20;
/** Dataset ids named in that message, at most. */
const DATASETS_SHOWN = 20;

/**
 * The message for a dataset no calculation is linked to: its id, the closest ids among the datasets the service's
 * calculations are linked to (one search without a dataset filter), and those datasets. The service offers no list
 * of datasets in the operations calckit uses: a dataset without calculations is not listed, and cannot be told from
 * a typo.
 */
async function noSuchDataset(client: Client, datasetId: string): Promise<string> {
  const head = `calckit import: no calculation in ${client.baseUrl} is linked to dataset "${datasetId}": nothing to import; check the dataset id`;
  let known: string[];
  try {
    const all = await client.searchAllCalculations({ variables: 'include' }, { pageSize: 5000, maxPages: DATASET_LISTING_MAX_PAGES });
    known = [...new Set(all.flatMap((s) => (s.links ?? []).filter((l) => l.resource.type === 'DATA_SOURCE').map((l) => l.resource.id)))].sort();
  } catch (error) {
    if (!isServiceError(error) || error.unreachable) throw error;
    return `${head} (listing the service's datasets failed too: ${error.serviceMessage})`;
  }
  if (known.length === 0) return `${head}; the service has no calculation linked to any dataset`;
  const { closestNames } = await import('@calckit/lint');
  const close = closestNames(datasetId, known);
  const shown = known.slice(0, DATASETS_SHOWN).join(', ') + (known.length > DATASETS_SHOWN ? `, … (${known.length} in all)` : '');
  return `${head}${close.length > 0 ? `; did you mean ${close.map((c) => `"${c}"`).join(' or ')}?` : ''}\n  datasets with calculations in the service: ${shown}`;
}

/** calckit.json keys for dataset ids: the existing key of an id, else one derived from the id (unique, not all digits). */
class DatasetKeys {
  private readonly byId = new Map<string, string>();
  private readonly used = new Set<string>();
  private readonly fresh = new Map<string, DatasetEntry>();

  constructor(project: Project) {
    for (const [key, entry] of Object.entries(project.datasets)) {
      if (!this.byId.has(entry.id)) this.byId.set(entry.id, key);
      this.used.add(key);
    }
  }

  keyFor(datasetId: string): string {
    const known = this.byId.get(datasetId);
    if (known !== undefined) return known;
    // JSON objects list digit-only keys first whatever their place: keep keys non-numeric so the file keeps its order.
    const base = /^\d+$/.test(datasetId) ? `dataset-${datasetId}` : datasetId;
    let key = base;
    for (let n = 2; this.used.has(key); n++) key = `${base}-${n}`;
    this.byId.set(datasetId, key);
    this.used.add(key);
    this.fresh.set(key, { id: datasetId });
    return key;
  }

  added(): Map<string, DatasetEntry> {
    return this.fresh;
  }
}

/** Runs `fn` over `items` with at most `limit` at once. */
async function forEachLimit<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next++] as T;
      await fn(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export function formatImport(result: ImportResult): string {
  const s = result.summary;
  const parts = (['written', 'updated', 'restored', 'unchanged', 'skipped', 'refused', 'failed'] as const).filter((k) => s[k] > 0).map((k) => `${s[k]} ${k}`);
  const lines: string[] = [];
  const skipped = result.entries.filter((e) => e.outcome === 'skipped' || e.outcome === 'refused' || e.outcome === 'failed');
  if (skipped.length > 0) {
    lines.push('Not written:');
    for (const e of skipped) lines.push(`  ${e.file ?? `#${e.id}`}${e.file ? ` #${e.id}` : ''} ${e.outcome}: ${e.reason}`);
  }
  lines.push(`${parts.join(', ') || 'nothing to import'} in ${result.dir} (${result.baseUrl})`);
  if (result.schemas.length > 0) lines.push(...formatSchemaEntries(result.schemas, ''));
  if (result.batchRead === 'unavailable') lines.push('Read one calculation at a time: the service does not offer the read of several calculations.');
  if (result.interrupted) lines.push(`Interrupted: ${result.notRead} calculation(s) not read; what was read is in the project. Run the same import again to finish.`);
  return lines.join('\n');
}

export function register(program: Command): void {
  withConnectionOptions(
    program
      .command('import')
      .description("bring the service's calculations into the project: one .calc file each, each dataset's column schema file, calckit.json entries and push records")
      .option('--dataset <id...>', "import every calculation of these datasets (listed with the service's search; an id no calculation is linked to is an error, exit 2, naming the closest ones)")
      .option('--ids <id,...>', 'import these calculations (their dataset is taken from their link)')
      .option('--dir <folder>', `folder for new formula files, inside the project (default: ${DEFAULT_IMPORT_DIR} at the project root)`)
      .option('--concurrency <n>', `read requests in flight at once, each of up to ${IMPORT_BATCH_SIZE} calculations (1-${MAX_IMPORT_CONCURRENCY})`, String(DEFAULT_IMPORT_CONCURRENCY)),
  ).action(async (options: ImportCliOptions) => {
    const emit = stdoutEmit(options.json ?? false);
    const quiet = emit.json; // as push: --json prints the one document and no progress
    const controller = new AbortController();
    const onSigint = (): void => {
      if (controller.signal.aborted) process.exit(130);
      controller.abort();
      process.stderr.write('\ncalckit import: stopping after the calculations being read (Ctrl-C again to quit at once)\n');
    };
    process.on('SIGINT', onSigint);
    let result: ImportResult;
    try {
      result = await runImport(options, {
        signal: controller.signal,
        ...(quiet ? {} : { progress: (line: string) => process.stderr.write(`${line}\n`) }),
      });
    } finally {
      process.off('SIGINT', onSigint);
    }
    finish(emit, result, () => formatImport(result));
  });
}
