// Runs the cases of one test script on both sides: MariaDB (our private server, one session per script, the
// script's modelled settings replayed in order) and calckit (the evaluator over one row, in a thread with limits; and
// lint), and says for
// each expression whether they agree. Values are compared as the differential suite compares them (harness.ts), and
// an expression that shows one of its known differences (SEC_TO_TIME's wrap at 24 hours, WEEKDAY replaced, …) is
// compared with MariaDB rewritten to the documented behaviour, as there.
import { lintText } from '@calckit/lint';
import type { Connection } from 'mariadb';
import { fromEvaluator, fromMariadb, knownDifferencesOf, sameValue } from '../differential/harness.js';
import { toMariadb } from '../differential/translate.js';
import { select } from '../mariadb.js';
import type { EvaluatorThread } from './evaluator-thread.js';
import type { Step } from './extract.js';

/** What one expression gave on each side. */
export interface CaseOutcome {
  /** `<file>: <expression>`, with ` #n` for its n-th occurrence in the file (n > 1). */
  readonly key: string;
  readonly file: string;
  readonly line: number;
  readonly expression: string;
  /** MariaDB's value as compared; `{ error }` when MariaDB refuses the expression on its own. */
  readonly mariadb: unknown;
  readonly mariadbType?: string;
  /** The evaluator's value as compared, or `{ error }`. */
  readonly calckit: unknown;
  /** Lint's errors (`rule: message`): MariaDB computes the expression, so each is a disagreement too. */
  readonly lintErrors: readonly string[];
  readonly agrees: boolean;
  /** The differential suite's known differences (known-differences.ts) the expression shows: MariaDB's value above is
   * that of the expression rewritten to the service's documented behaviour. */
  readonly knownDifferences?: readonly string[];
}

/** The expression as MariaDB computes the service's documented behaviour, when a known difference applies. */
function documentedSql(expression: string): { sql: string; known: string[] } | undefined {
  try {
    const known = knownDifferencesOf(expression).map((k) => k.function);
    if (known.length === 0) return undefined;
    const sql = toMariadb(expression, { documented: true, schema: [] }).sql;
    return sql === expression ? undefined : { sql, known };
  } catch {
    return undefined; // calckit does not read it: compared as written (and calckit's refusal shows)
  }
}

const errorText = (error: unknown) => {
  const code = (error as { code?: string }).code;
  return `${code ? `${code}: ` : ''}${error instanceof Error ? error.message : String(error)}`;
};

/** The session's clock as the evaluator's `now` (fraction only when there is one). */
async function sessionNow(conn: Connection): Promise<string> {
  const { rows } = await select(conn, "SELECT DATE_FORMAT(NOW(6), '%Y-%m-%d %H:%i:%s.%f')");
  return String(rows[0]![0]).replace(/\.?0+$/, '');
}

async function evaluate(evaluator: EvaluatorThread, expression: string, now: string): Promise<unknown> {
  const reply = await evaluator.evaluate({ expression, now });
  return 'error' in reply ? reply : fromEvaluator(reply.value);
}

function lintErrorsOf(expression: string): string[] {
  try {
    return lintText(expression, {})
      .messages.filter((m) => m.severity === 'error')
      .map((m) => `${m.ruleId}: ${m.message}`);
  } catch (error) {
    return [`lint threw: ${errorText(error)}`];
  }
}

/**
 * Compares the steps of one script over `conn`, a fresh session with the comparison's settings (mariadb.ts
 * SESSION_SETTINGS). MariaDB's refusals of an expression alone are returned with `{ error }` as its value.
 */
export async function compareSteps(conn: Connection, evaluator: EvaluatorThread, steps: readonly Step[]): Promise<CaseOutcome[]> {
  await conn.query('SET @calckit_now = NOW()');
  let now = await sessionNow(conn);
  const seen = new Map<string, number>();
  const outcomes: CaseOutcome[] = [];
  for (const step of steps) {
    if (step.kind === 'set') {
      await conn.query(step.sql);
      now = await sessionNow(conn);
      continue;
    }
    const base = `${step.file}: ${step.expression}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    const key = n > 1 ? `${base} #${n}` : base;
    let mariadb: unknown;
    let mariadbType: string | undefined;
    let meta: { type: string; scale: number } | undefined;
    const documented = documentedSql(step.expression);
    try {
      const result = await select(conn, `SELECT ${documented?.sql ?? step.expression}`);
      meta = result.meta[0]!;
      mariadb = fromMariadb(result.rows[0]![0], meta);
      mariadbType = `${meta.type}${meta.scale < 31 ? ` (${meta.scale} decimals)` : ''}`;
    } catch (error) {
      mariadb = { error: errorText(error) };
    }
    const calckit = await evaluate(evaluator, step.expression, now);
    const lintErrors = lintErrorsOf(step.expression);
    const valuesAgree = meta !== undefined && !(typeof calckit === 'object' && calckit !== null) && sameValue(mariadb, calckit, meta);
    outcomes.push({ key, file: step.file, line: step.line, expression: step.expression, mariadb, ...(mariadbType ? { mariadbType } : {}), calckit, lintErrors, agrees: valuesAgree && lintErrors.length === 0, ...(documented ? { knownDifferences: documented.known } : {}) });
  }
  return outcomes;
}
