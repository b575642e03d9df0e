// The impact of a schema change on a project's formulas. For each changed dataset, every formula file the project
// maps to it is linted (the project's lint settings, lint's own lintText, as `calckit lint` runs it) with the old and
// the new schema: what the new schema adds is a finding (unknown-column for a dropped or renamed column,
// comparison-type, argument-type and the other schema-aware rules for a type change); the result's dataType is
// compared (analyzeFormula with either schema); then every calculation that nests a calculation with a finding, however
// deep, gets a finding at each call (the project index's nestedIds, reversed).
import { relative, sep } from 'node:path';
import { analyzeFormula, parseFormula, walk, type ColumnRef, type ParseResult, type Range } from '@calckit/formula';
import type { FileResult, LintMessage } from '@calckit/lint';
import { lintText } from '@calckit/lint';
import { FileAccessError, FileEncodingError, diffSchemas, readFormulaFile, calculationsOfDataset, type ColumnChange, type DatasetColumn, type IndexedProject } from '@calckit/project';
import { fatalResult } from '../lint/lint-file.js';
import type { ProjectResolver } from '../lint/projects.js';
import { NESTS_BROKEN_CALCULATION, RESULT_TYPE_CHANGED } from './impact-rules.js';

/** One dataset's schema before and after the change. */
export interface DatasetSchemaChange {
  readonly dataset: string;
  readonly before: readonly DatasetColumn[];
  readonly after: readonly DatasetColumn[];
}

export interface ImpactInput {
  readonly indexed: IndexedProject;
  readonly resolver: ProjectResolver;
  readonly changes: readonly DatasetSchemaChange[];
  /** Paths in the report are relative to it. */
  readonly cwd: string;
}

export interface DatasetImpact {
  readonly dataset: string;
  readonly changes: readonly ColumnChange[];
}

export interface ImpactResult {
  readonly datasets: readonly DatasetImpact[];
  /** Files with findings (or that could not be read), as lint's reporters take them; findings in source order. */
  readonly results: readonly FileResult[];
  /** Some file could not be read: the impact is incomplete (exit 2). */
  readonly failed: boolean;
}

interface Calculation {
  readonly id: number;
  readonly file: string;
  readonly displayPath: string;
  text?: string;
  parse?: ParseResult;
  messages: LintMessage[];
  fatal?: FileResult;
}

const bt = (name: string): string => '`' + name.replace(/`/g, '``') + '`';
const key = (m: LintMessage): string => `${m.ruleId}@${m.range.start.offset}-${m.range.end.offset}`;

/** The messages of `after` that `before` does not have (by rule and range: a message reworded for a new type is old). */
function added(before: readonly LintMessage[], after: readonly LintMessage[]): LintMessage[] {
  const seen = new Map<string, number>();
  for (const m of before) seen.set(key(m), (seen.get(key(m)) ?? 0) + 1);
  return after.filter((m) => {
    const n = seen.get(key(m)) ?? 0;
    if (n === 0) return true;
    seen.set(key(m), n - 1);
    return false;
  });
}

function columnRefs(parse: ParseResult): ColumnRef[] {
  const out: ColumnRef[] = [];
  walk(parse.formula, { enter: (node) => void (node.kind === 'Column' && out.push(node)) });
  return out;
}

/** Why a column the new schema lacks is gone, for the unknown-column message. */
function goneNote(changes: readonly ColumnChange[], name: string): string {
  for (const c of changes) {
    if (c.kind === 'renamed' && c.before.name === name) return ` (renamed to ${bt(c.after.name)} by the schema change: --fix or calckit schema rename rewrites it)`;
    if (c.kind === 'removed' && c.before.name === name) return ' (removed by the schema change)';
  }
  return '';
}

/** A finding without lint's fixes (they would fix for the new schema, which the file is not written against yet). */
const finding = (m: LintMessage, message = m.message): LintMessage => ({
  ruleId: m.ruleId,
  severity: m.severity,
  message,
  ...(m.messageId !== undefined ? { messageId: m.messageId } : {}),
  range: m.range,
});

function lintFindings(calc: Calculation, change: DatasetSchemaChange, changes: readonly ColumnChange[], input: ImpactInput): LintMessage[] {
  const text = calc.text!;
  const parse = parseOf(calc);
  const settings = input.resolver.settingsFor(calc.file);
  // One model per schema, shared by the lint (built as lint builds it: the project file's service name) and the type.
  const serviceName = settings.projectInfo?.serviceName;
  const modelOf = (schema: readonly DatasetColumn[]) => analyzeFormula(parse, { schema, ...(serviceName !== undefined ? { serviceName } : {}) });
  const oldModel = modelOf(change.before);
  const newModel = modelOf(change.after);
  const lint = (schema: readonly DatasetColumn[], model: ReturnType<typeof modelOf>): readonly LintMessage[] =>
    lintText(text, {
      parse,
      model,
      resolvedConfig: settings.resolved,
      schema,
      ...(settings.projectInfo ? { project: settings.projectInfo } : {}),
      ...(settings.relativePath !== undefined ? { filePath: settings.relativePath } : {}),
    }).messages;
  const refs = columnRefs(parse);
  const out = added(lint(change.before, oldModel), lint(change.after, newModel)).map((m) => {
    if (m.ruleId !== 'unknown-column') return finding(m);
    const ref = refs.find((r) => r.range.start.offset === m.range.start.offset);
    return finding(m, ref ? m.message + goneNote(changes, ref.name) : m.message);
  });

  const old = oldModel.calculation;
  const now = newModel.calculation;
  // An invalid formula's type says nothing new: its lint findings say what broke.
  if (now.status === 'VALID' && old.status === 'VALID' && old.dataType !== now.dataType) {
    const retyped = changes.filter((c): c is Extract<ColumnChange, { kind: 'type-changed' }> => c.kind === 'type-changed');
    const ref = refs.find((r) => retyped.some((c) => c.before.name === r.name));
    const because = ref ? retyped.find((c) => c.before.name === ref.name) : undefined;
    out.push({
      ruleId: RESULT_TYPE_CHANGED,
      severity: 'warn',
      message: `The result type changes from ${old.dataType} to ${now.dataType}${because ? ` (column ${bt(because.before.name)} ${because.before.type} → ${because.after.type})` : ''}`,
      range: ref?.range ?? parse.formula.range,
    });
  }
  return out.sort((a, b) => a.range.start.offset - b.range.start.offset);
}

/** Reads a calculation's file once; a file that cannot be read is its fatal result. */
function load(calc: Calculation, root: string): boolean {
  if (calc.text !== undefined) return true;
  if (calc.fatal) return false;
  try {
    calc.text = readFormulaFile(calc.file, { projectRoot: root, displayPath: calc.displayPath });
  } catch (error) {
    if (!(error instanceof FileAccessError || error instanceof FileEncodingError)) throw error;
    calc.fatal = fatalResult(calc.displayPath, error);
    return false;
  }
  return true;
}

/** Whether a calculation's text may call `<SERVICE>_BEAST_MODE(id)`; a file that cannot be read nests nothing here. */
function mayNest(calc: Calculation, root: string): boolean {
  if (calc.text === undefined && !calc.fatal) {
    try {
      calc.text = readFormulaFile(calc.file, { projectRoot: root, displayPath: calc.displayPath });
    } catch (error) {
      if (!(error instanceof FileAccessError || error instanceof FileEncodingError)) throw error;
      return false;
    }
  }
  return calc.text !== undefined && /_beast_mode/i.test(calc.text);
}

/** The parse of a loaded calculation's text, made on first use (most files of a large project are never parsed). */
const parseOf = (calc: Calculation): ParseResult => (calc.parse ??= parseFormula(calc.text!));

/**
 * Whether a formula can see a change at all: the schema-aware rules and the types look columns up by the names the
 * formula writes (in backticks, quotes or strings, case-insensitively at most), so a text in which no changed column's
 * name appears, ignoring case, lints and types the same with either schema. Names with a quote or a backslash may be
 * written escaped (`a``b`, 'O''Brien'): the formula is then always looked at.
 */
export function mayReference(text: string, names: readonly string[]): boolean {
  if (names.some((n) => /['"`\\]/.test(n))) return true;
  const lower = text.toLowerCase();
  return names.some((n) => lower.includes(n.trim().toLowerCase()));
}

function changedNames(changes: readonly ColumnChange[]): string[] {
  const names = new Set<string>();
  for (const c of changes) {
    if (c.kind !== 'added') names.add(c.before.name);
    if (c.kind !== 'removed') names.add(c.after.name);
  }
  return [...names];
}

const worst = (messages: readonly LintMessage[]): 'error' | 'warn' => (messages.some((m) => m.severity === 'error') ? 'error' : 'warn');

export function schemaImpact(input: ImpactInput): ImpactResult {
  const { project, serviceName } = input.indexed;
  const display = (file: string) => relative(input.cwd, file).split(sep).join('/') || file;
  const calcs = new Map<number, Calculation>();
  for (const c of project.calculations) if (!calcs.has(c.id)) calcs.set(c.id, { id: c.id, file: c.file, displayPath: display(c.file), messages: [] });

  const datasets: DatasetImpact[] = [];
  for (const change of input.changes) {
    const changes = diffSchemas(change.before, change.after);
    datasets.push({ dataset: change.dataset, changes });
    if (changes.length === 0) continue;
    const names = changedNames(changes);
    for (const { id } of calculationsOfDataset(project, change.dataset)) {
      const calc = calcs.get(id)!;
      if (!load(calc, project.root) || !mayReference(calc.text!, names)) continue;
      calc.messages.push(...lintFindings(calc, change, changes, input));
    }
  }

  // Who nests whom, reversed; then the nesting calculations of broken ones, breadth first (each reached once).
  const nestedBy = new Map<number, number[]>();
  for (const [id, calc] of calcs) {
    // Only a text that names a nested calculation is parsed for its calls (most formulas nest none).
    if (!mayNest(calc, project.root)) continue;
    for (const nested of input.indexed.nestedIds(id) ?? []) {
      const list = nestedBy.get(nested) ?? [];
      list.push(id);
      nestedBy.set(nested, list);
    }
  }
  // Every calculation reached: the nesting calculations of broken ones, breadth first (each reached once).
  const reachedInOrder = [...calcs.values()].filter((c) => c.messages.length > 0).map((c) => c.id);
  const reached = new Set(reachedInOrder);
  for (let i = 0; i < reachedInOrder.length; i++) {
    for (const outerId of nestedBy.get(reachedInOrder[i]!) ?? []) {
      if (reached.has(outerId) || !load(calcs.get(outerId)!, project.root)) continue;
      reached.add(outerId);
      reachedInOrder.push(outerId);
    }
  }
  // How badly each is hit, settled before any message is written (so the order of the walk does not matter): an error
  // when its own findings or those of anything it nests, however deep, hold an error; else a change of meaning.
  const hit = new Map<number, 'error' | 'warn'>(reachedInOrder.map((id) => [id, worst(calcs.get(id)!.messages)]));
  for (let changed = true; changed; ) {
    changed = false;
    for (const [innerId, outers] of nestedBy) {
      if (hit.get(innerId) !== 'error') continue;
      for (const outerId of outers) {
        if (!hit.has(outerId) || hit.get(outerId) === 'error') continue;
        hit.set(outerId, 'error');
        changed = true;
      }
    }
  }
  for (const innerId of reachedInOrder) {
    const inner = calcs.get(innerId)!;
    const severity = hit.get(innerId)!;
    for (const outerId of nestedBy.get(innerId) ?? []) {
      if (!hit.has(outerId)) continue;
      const outer = calcs.get(outerId)!;
      walk(parseOf(outer).formula, {
        enter(node) {
          if (node.kind !== 'NestedCalculation' || node.id !== inner.id || node.service !== serviceName) return;
          const range: Range = node.range;
          outer.messages.push({
            ruleId: NESTS_BROKEN_CALCULATION,
            severity,
            message: `Nests calculation ${inner.id} (${inner.displayPath}), which the schema change ${severity === 'error' ? 'breaks' : 'changes'}`,
            range,
          });
        },
      });
      outer.messages.sort((a, b) => a.range.start.offset - b.range.start.offset);
    }
  }

  const results: FileResult[] = [];
  let failed = false;
  for (const calc of calcs.values()) {
    if (calc.fatal) {
      results.push(calc.fatal);
      failed = true;
      continue;
    }
    if (calc.messages.length === 0) continue;
    const errorCount = calc.messages.filter((m) => m.severity === 'error').length;
    results.push({
      filePath: calc.displayPath,
      messages: calc.messages,
      errorCount,
      warningCount: calc.messages.length - errorCount,
      fixableErrorCount: 0,
      fixableWarningCount: 0,
      source: calc.text ?? '',
    });
  }
  return { datasets, results, failed };
}
