// The second oracle: the literal expressions of MariaDB 10.11's own regression tests (mysql-test/main/func_*.test and
// type_*.test, from Debian's mariadb-test-data: scripts/mariadb/regression-tests.sh) that use only the formula
// language's vocabulary, computed by our private MariaDB server under the settings each script sets (extract.ts) and
// by calckit (evaluator and lint, compare.ts). Every expression agrees, or is a documented difference
// (documented-differences.ts, with its evidence), or is pending (pending-differences.json, with the exact values).
//
// After a change of the evaluator or of lint: `UPDATE_PENDING=1 npx vitest run test/evaluate/regression` rewrites
// pending-differences.json (fixed entries leave, new ones come with cause 'TODO'); read its diff before committing.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Connection } from 'mariadb';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { connectMariadb, startMariadb } from '../../../scripts/mariadb/server.mjs';
import { SESSION_SETTINGS } from '../mariadb.js';
import { compareSteps, type CaseOutcome } from './compare.js';
import { EvaluatorThread } from './evaluator-thread.js';
import { DOCUMENTED_DIFFERENCES } from './documented-differences.js';
import { extractCases, type Step } from './extract.js';

/** Fewer expressions than this means the extraction broke (the 10.11.19 scripts give about 1,300). */
const MINIMUM_CASES = 1200;

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const PENDING_FILE = fileURLToPath(new URL('./pending-differences.json', import.meta.url));
/** A plain-text list of the disagreements of the last run, grouped by cause (for people fixing them). */
const REPORT_FILE = join(ROOT, 'node_modules/.cache/calckit/regression-disagreements.txt');
const UPDATE = process.env.UPDATE_PENDING === '1';

interface PendingDifference {
  readonly key: string;
  readonly mariadb: unknown;
  readonly calckit: unknown;
  readonly lintErrors?: readonly string[];
  /** What is wrong, in a few words (the report groups by it). */
  readonly cause: string;
}

const pending: readonly PendingDifference[] = JSON.parse(readFileSync(PENDING_FILE, 'utf8'));
const pendingByKey = new Map(pending.map((p) => [p.key, p]));
const documentedByKey = new Map(DOCUMENTED_DIFFERENCES.flatMap((d) => d.keys.map((k) => [k, d] as const)));

/** The scripts' directory, fetched (idempotently) by the set-up script; or why it is not there. */
function fetchScripts(): { dir: string } | { error: string } {
  const run = spawnSync('bash', [join(ROOT, 'scripts/mariadb/regression-tests.sh')], { encoding: 'utf8' });
  // Its last line says why (apt's own message).
  if (run.status !== 0) return { error: `scripts/mariadb/regression-tests.sh failed (exit ${run.status}): ${run.stderr.trim().split('\n').pop() || run.error?.message}` };
  return { dir: run.stdout.trim() };
}

const scripts = fetchScripts();
const files = 'dir' in scripts ? readdirSync(scripts.dir).filter((f) => /^(func|type)_.*\.test$/.test(f)).sort() : [];
const extractions = new Map(files.map((f) => [f, extractCases(f, readFileSync(join((scripts as { dir: string }).dir, f), 'utf8'))]));
const withCases = files.filter((f) => extractions.get(f)!.steps.some((s) => s.kind === 'case'));
const caseCount = [...extractions.values()].reduce((n, e) => n + e.steps.filter((s) => s.kind === 'case').length, 0);

let socket: string | undefined;
let ownServer: { stop(): Promise<void> } | undefined;
let serverFailure: Error | undefined;
let evaluator: EvaluatorThread;
const outcomes = new Map<string, CaseOutcome[]>();

beforeAll(async () => {
  evaluator = await EvaluatorThread.create();
  try {
    const provided = inject('mariadb');
    if (provided && 'error' in provided) throw new Error(provided.error);
    if (provided) socket = provided.socket;
    else {
      const server = await startMariadb();
      ownServer = server;
      socket = server.socket;
    }
  } catch (error) {
    serverFailure = new Error(`MariaDB, the oracle, is not available: ${error instanceof Error ? error.message : String(error)} (bash scripts/mariadb/install.sh installs it)`);
  }
}, 120_000);

afterAll(async () => {
  await ownServer?.stop();
  await evaluator?.close();
  writeReport([...outcomes.values()].flat());
  if (UPDATE) writePending([...outcomes.values()].flat());
});

async function runScript(file: string): Promise<CaseOutcome[]> {
  if (serverFailure) throw serverFailure;
  const conn: Connection = await connectMariadb(socket!, { collation: 'UTF8MB4_GENERAL_CI' });
  try {
    await conn.query(SESSION_SETTINGS);
    return await compareSteps(conn, evaluator, extractions.get(file)!.steps as Step[]);
  } finally {
    await conn.end().catch(() => {});
  }
}

const show = (v: unknown) => JSON.stringify(v);
const describeOutcome = (o: CaseOutcome) =>
  `${o.key} (line ${o.line})\n    MariaDB ${show(o.mariadb)}${o.mariadbType ? ` (${o.mariadbType})` : ''}, calckit ${show(o.calckit)}${o.lintErrors.length > 0 ? `, lint errors ${show(o.lintErrors)}` : ''}`;
const asPending = (o: CaseOutcome, cause: string): PendingDifference => ({ key: o.key, mariadb: o.mariadb, calckit: o.calckit, ...(o.lintErrors.length > 0 ? { lintErrors: o.lintErrors } : {}), cause });
const sameAsPending = (o: CaseOutcome, p: PendingDifference) => show(asPending(o, p.cause)) === show(p);
/** MariaDB refused the expression alone (the script ran it with others, or after a statement we did not run). */
const mariadbRefused = (o: CaseOutcome) => typeof o.mariadb === 'object' && o.mariadb !== null;

describe('MariaDB regression tests: literal expressions', () => {
  test('the scripts are there and give enough expressions', () => {
    if ('error' in scripts) expect.fail(scripts.error);
    expect(caseCount, `only ${caseCount} expressions extracted from ${files.length} scripts in ${scripts.dir}`).toBeGreaterThanOrEqual(MINIMUM_CASES);
  });

  test.each(withCases)('%s', async (file) => {
    const results = await runScript(file);
    outcomes.set(file, results);
    const problems: string[] = [];
    for (const o of results) {
      const entry = pendingByKey.get(o.key);
      if (o.agrees || mariadbRefused(o)) {
        if (entry && !UPDATE) problems.push(`fixed: ${o.key} now agrees with MariaDB: remove it from pending-differences.json (UPDATE_PENDING=1)`);
        if (documentedByKey.has(o.key)) problems.push(`${o.key} is a documented difference, yet calckit now agrees with MariaDB: the entry in documented-differences.ts is wrong, or calckit no longer does what the service documents`);
        continue;
      }
      if (documentedByKey.has(o.key)) continue;
      if (UPDATE) continue;
      if (!entry) problems.push(`differs from MariaDB:\n  ${describeOutcome(o)}`);
      else if (!sameAsPending(o, entry)) problems.push(`the pending difference changed:\n  ${describeOutcome(o)}\n    was MariaDB ${show(entry.mariadb)}, calckit ${show(entry.calckit)}${entry.lintErrors ? `, lint ${show(entry.lintErrors)}` : ''}`);
    }
    if (problems.length > 0) expect.fail(`${problems.length} problem(s) in ${file}:\n${problems.join('\n')}`);
  }, 120_000);

  test('every pending and documented entry names an extracted expression', () => {
    const keys = new Set([...outcomes.values()].flat().map((o) => o.key));
    if (keys.size === 0) return; // the scripts' tests failed already
    const stale = [...pendingByKey.keys(), ...documentedByKey.keys()].filter((k) => !keys.has(k));
    if (!UPDATE) expect(stale, 'entries for expressions no longer extracted (UPDATE_PENDING=1 drops pending ones)').toEqual([]);
  });
});

/** Rewrites pending-differences.json from this run: every disagreement that is not documented, causes kept. */
function writePending(all: readonly CaseOutcome[]): void {
  if (all.length === 0) return;
  // A run of some scripts only (`-t`) keeps the entries of the others as they were.
  const fileOf = (key: string) => key.slice(0, key.indexOf(': '));
  const fresh = all.filter((o) => !o.agrees && !mariadbRefused(o) && !documentedByKey.has(o.key)).map((o) => asPending(o, pendingByKey.get(o.key)?.cause ?? 'TODO'));
  const entries = files.flatMap((f) => (outcomes.has(f) ? fresh : pending).filter((p) => fileOf(p.key) === f));
  writeFileSync(PENDING_FILE, `[\n${entries.map((e) => `  ${JSON.stringify(e)}`).join(',\n')}\n]\n`);
}

/** The disagreements grouped by their pending cause (TODO for new ones), and the counts of the run. */
function writeReport(all: readonly CaseOutcome[]): void {
  if (all.length === 0) return;
  const groups = new Map<string, CaseOutcome[]>();
  for (const o of all) {
    if (o.agrees || mariadbRefused(o)) continue;
    const cause = documentedByKey.get(o.key) ? `documented: ${documentedByKey.get(o.key)!.cause}` : (pendingByKey.get(o.key)?.cause ?? 'TODO');
    groups.set(cause, [...(groups.get(cause) ?? []), o]);
  }
  const agreeing = all.filter((o) => o.agrees).length;
  const refused = all.filter(mariadbRefused).length;
  const lines = [`${all.length} expressions compared: ${agreeing} agree, ${all.length - agreeing - refused} differ, ${refused} refused by MariaDB alone (not compared)`, ''];
  for (const [cause, list] of [...groups].sort((a, b) => b[1].length - a[1].length)) {
    lines.push(`## ${cause} (${list.length})`);
    for (const o of list) lines.push(`${o.key}\tMariaDB ${show(o.mariadb)}${o.mariadbType ? ` (${o.mariadbType})` : ''}\tcalckit ${show(o.calckit)}${o.lintErrors.length > 0 ? `\tlint ${show(o.lintErrors)}` : ''}`);
    lines.push('');
  }
  const skipped = new Map<string, number>();
  for (const e of extractions.values()) for (const [reason, n] of e.skipped) skipped.set(reason, (skipped.get(reason) ?? 0) + n);
  lines.push('## skipped', ...[...skipped].sort((a, b) => b[1] - a[1]).map(([reason, n]) => `${n}\t${reason}`));
  mkdirSync(join(ROOT, 'node_modules/.cache/calckit'), { recursive: true });
  writeFileSync(REPORT_FILE, `${lines.join('\n')}\n`);
}
