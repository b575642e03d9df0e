// The second oracle's extractor: from a MariaDB regression test script, the expressions of its literal SELECTs
// (`SELECT <expr>[, <expr>…];`, no table) that use only the formula language's vocabulary (catalogue functions, its
// keywords and operators, MySQL's own argument syntax of catalogue functions such as TRIM(LEADING x FROM s)), in
// order, with the session settings they run under. Settings the comparison does not model make the statements after
// them skipped until the setting is back to its default; every skip is counted by its reason.
import { bareAllowedFunction, INTERVAL_UNITS, lookupFunction, tokens as formulaTokens } from '@calckit/formula';
import { readScript } from './mtr-script.js';
import { splitTopLevel, sqlTokens, type SqlToken } from './sql-tokens.js';

/** One expression to compare, with the settings its statement ran under. */
export interface RegressionCase {
  /** The test file's name (`func_time.test`). */
  readonly file: string;
  readonly line: number;
  /** The expression's text as the test writes it: MySQL's syntax, which is the formula language's. */
  readonly expression: string;
}

/** A session setting replayed in MariaDB before the cases that follow it. */
export interface SettingStep {
  readonly kind: 'set';
  /** The SET statement MariaDB runs. */
  readonly sql: string;
}

export type Step = SettingStep | ({ readonly kind: 'case' } & RegressionCase);

export interface Extraction {
  readonly steps: readonly Step[];
  /** Why expressions or statements were left out, with how many. */
  readonly skipped: ReadonlyMap<string, number>;
}

/** Words of the formula language that are not calls: its keywords and INTERVAL's units. */
const KEYWORDS = new Set([...formulaTokens.RESERVED_KEYWORDS, ...formulaTokens.CONTEXTUAL_KEYWORDS].map((t) => t.name));
const UNITS = new Set(INTERVAL_UNITS);
/** MySQL's argument syntax of catalogue functions: TRIM({BOTH|LEADING|TRAILING} x FROM s), SUBSTRING(s FROM i FOR n). */
const ARGUMENT_WORDS = new Set(['FROM', 'FOR', 'LEADING', 'TRAILING', 'BOTH']);
/** Catalogue functions whose values cannot be compared: not deterministic (SYSDATE is the clock, not `timestamp`). */
const NOT_DETERMINISTIC = new Set(['RAND', 'RANDOM', 'SYSDATE']);
/** Functions whose value depends on the session's time zone beyond NOW() itself, which the evaluator does not model. */
const ZONE_DEPENDENT = new Set(['UNIX_TIMESTAMP', 'FROM_UNIXTIME', 'CONVERT_TZ']);
/** Words after SELECT that make it something other than a list of expressions over no table. */
const CLAUSES = new Set(['FROM', 'WHERE', 'INTO', 'GROUP', 'HAVING', 'ORDER', 'LIMIT', 'UNION', 'PROCEDURE', 'WINDOW', 'FOR', 'LOCK', 'EXCEPT', 'INTERSECT']);
const SELECT_OPTIONS = /^(ALL|DISTINCT|DISTINCTROW|HIGH_PRIORITY|STRAIGHT_JOIN|SQL_\w+)$/i;
/** sql_mode flags that change nothing in a SELECT of literals (they govern writes, DDL and privileges). */
const MODES_WITHOUT_EFFECT = new Set(['', 'STRICT_TRANS_TABLES', 'STRICT_ALL_TABLES', 'ERROR_FOR_DIVISION_BY_ZERO', 'NO_AUTO_CREATE_USER', 'NO_ENGINE_SUBSTITUTION', 'NO_ZERO_DATE', 'NO_ZERO_IN_DATE', 'TRADITIONAL', 'NO_UNSIGNED_SUBTRACTION', 'NO_DIR_IN_CREATE', 'NO_AUTO_VALUE_ON_ZERO', 'PAD_CHAR_TO_FULL_LENGTH', 'SIMULTANEOUS_ASSIGNMENT', 'NO_FIELD_OPTIONS', 'NO_KEY_OPTIONS', 'NO_TABLE_OPTIONS']);
/** Settings that change nothing in a SELECT of literals of the vocabulary (RAND is left out; max_allowed_packet bounds
 * only values over 1 MB, which the tests' literal SELECTs build only to see NULL, against our server's 16 MB;
 * character_set_results is how text is sent, and our session reads every result as utf8mb4 text). */
const SETTINGS_WITHOUT_EFFECT = new Set(['character_set_results', 'rand_seed1', 'rand_seed2', 'sql_warnings', 'sql_notes', 'max_allowed_packet', 'big_tables', 'max_heap_table_size', 'tmp_table_size', 'sort_buffer_size', 'join_buffer_size', 'optimizer_switch', 'optimizer_use_condition_selectivity', 'use_stat_tables', 'histogram_size', 'histogram_type', 'sql_safe_updates', 'autocommit', 'unique_checks', 'foreign_key_checks', 'sql_log_bin', 'storage_engine', 'default_storage_engine', 'default_tmp_storage_engine', 'in_predicate_conversion_threshold', 'group_concat_max_len', 'max_sort_length', 'sql_quote_show_create', 'debug_sync', 'binlog_format', 'optimizer_trace', 'sql_select_limit', 'max_join_size', 'sql_big_selects', 'tx_isolation', 'transaction_isolation', 'explicit_defaults_for_timestamp']);
/** The defaults of settings the tests set back by value: a statement after `SET x = <its default>` is compared. */
const DEFAULT_VALUES: Readonly<Record<string, string>> = { default_week_format: '0', div_precision_increment: '4', lc_time_names: 'en_US', character_set_results: 'latin1', max_allowed_packet: '16777216' };
/** Character sets whose text the comparison's utf8mb4 session reads the same: the tests' literals are ASCII or UTF-8. */
const SAME_TEXT_CHARSETS = /^(utf8|utf8mb3|utf8mb4|latin1|default)$/i;

const unquote = (s: string) => s.replace(/^(['"`])([\s\S]*)\1$/, '$2');
const upper = (t: SqlToken) => t.text.toUpperCase();

/** Why an expression falls outside the vocabulary (undefined when it is inside), e.g. "DIV" or "IF(". */
export function outsideVocabulary(expression: readonly SqlToken[]): string | undefined {
  for (let i = 0; i < expression.length; i++) {
    const t = expression[i]!;
    const next = expression[i + 1];
    switch (t.kind) {
      case 'string':
        // MySQL joins adjacent strings ('a' 'b'): no operator of the formula language.
        if (next?.kind === 'string') return 'adjacent strings';
        continue;
      case 'number':
        continue;
      case 'quoted-name':
        return 'a column';
      case 'variable':
        return 'a variable';
      case 'punct':
        if (t.text === '(' && isRowConstructor(expression, i)) return 'a row constructor (a, b)';
        if (/^(\(|\)|,|\+|-|\*|\/|=|<>|!=|<|>|<=|>=)$/.test(t.text)) continue;
        return `operator ${t.text}`;
      case 'word': {
        const word = upper(t);
        if (next?.text === '(' && next.start === t.end) {
          // MySQL reads a built-in's name followed by `(` as a call (no space: with one, some names are other things).
          if (!lookupFunction(word)) return `function ${word}`;
          if (NOT_DETERMINISTIC.has(word)) return `not deterministic: ${word}`;
          continue;
        }
        if (KEYWORDS.has(word) || UNITS.has(word) || ARGUMENT_WORDS.has(word) || bareAllowedFunction(word)) continue;
        // A string right after a word is an introducer or a literal prefix (_latin1'…', X'…', DATE'…').
        return next?.kind === 'string' && next.start === t.end ? `prefix ${word}'…'` : `word ${word}`;
      }
    }
  }
  return undefined;
}

/** Whether the `(` at `open` holds a list that is neither a call's arguments nor IN's list: MySQL's row `(a, b)`. */
function isRowConstructor(expression: readonly SqlToken[], open: number): boolean {
  const before = expression[open - 1];
  if (before && ((before.kind === 'word' && before.end === expression[open]!.start) || upper(before) === 'IN')) return false;
  if (before?.kind === 'word' && lookupFunction(upper(before))) return false; // a call written with a space
  let depth = 0;
  for (let i = open; i < expression.length; i++) {
    const text = expression[i]!.text;
    if (text === '(') depth++;
    else if (text === ')' && --depth === 0) return false;
    else if (text === ',' && depth === 1) return true;
  }
  return false;
}

/** An expression's tokens without its alias (`expr AS name`, `expr 'name'`, `expr name`). */
function withoutAlias(item: SqlToken[]): SqlToken[] {
  const n = item.length;
  if (n >= 3 && upper(item[n - 2]!) === 'AS') return item.slice(0, n - 2);
  if (n >= 2) {
    const last = item[n - 1]!;
    const before = item[n - 2]!;
    const endsOperand = before.text === ')' || before.kind === 'number' || before.kind === 'string' || (before.kind === 'word' && !KEYWORDS.has(upper(before)));
    const aliasLike = last.kind === 'quoted-name' || (last.kind === 'string' && before.kind !== 'string') || (last.kind === 'word' && !KEYWORDS.has(upper(last)) && !UNITS.has(upper(last)) && !bareAllowedFunction(last.text));
    if (endsOperand && aliasLike) return item.slice(0, n - 1);
  }
  return item;
}

/** The session state that decides what is compared, per test file. */
class Session {
  /** Settings in force that are not modelled, by name: statements are skipped while any is. */
  readonly unmodelled = new Set<string>();
  zoneIsUtc = true;

  /** The MariaDB statement replaying a SET, or undefined when it is not replayed; updates what is modelled. */
  apply(sql: string): string | undefined {
    const body = sql.replace(/^\s*SET\s+/i, '');
    if (/^STATEMENT\b/i.test(body)) return undefined;
    const replay: string[] = [];
    for (const assignment of splitTopLevel(sqlTokens(body))) {
      if (assignment.length === 0) continue;
      let at = 0;
      let scope = 'SESSION';
      if (/^(GLOBAL|SESSION|LOCAL)$/i.test(assignment[0]!.text)) scope = upper(assignment[at++]!);
      const target = assignment[at];
      if (!target) continue;
      if (target.kind === 'variable' && !target.text.startsWith('@@')) continue; // a user variable: no setting
      const nameMatch = /^(?:@@(?:(global|session|local)\.)?)?(\w+)$/i.exec(target.text);
      if (!nameMatch) continue;
      if (nameMatch[1]) scope = nameMatch[1].toUpperCase();
      const name = nameMatch[2]!.toLowerCase();
      const valueTokens = assignment.slice(at + 1).filter((t, i) => !(i === 0 && (t.text === '=' || t.text === ':=')));
      const value = body.slice(valueTokens[0]?.start ?? 0, valueTokens[valueTokens.length - 1]?.end ?? 0).trim();
      const restores = /^(DEFAULT|@@?[\w.]+)$/i.test(value) || unquote(value).toLowerCase() === DEFAULT_VALUES[name]?.toLowerCase();
      if (SETTINGS_WITHOUT_EFFECT.has(name)) continue;
      if (name === 'names' || name === 'character' || /^(character_set|collation)_/.test(name)) {
        const charset = unquote(value.split(/\s+/)[name === 'character' ? 1 : 0] ?? '');
        this.setModelled(`${name === 'character' ? 'character set' : name}`, restores || SAME_TEXT_CHARSETS.test(charset) || /^utf8/i.test(charset));
        continue;
      }
      if (scope === 'GLOBAL') {
        this.setModelled(`global ${name}`, restores);
        continue;
      }
      if (name === 'time_zone') {
        // UTC by name: our server has no time zone tables, so it is replayed as its offset.
        const zone = restores || /^(UTC|GMT)$/i.test(unquote(value)) ? '+00:00' : unquote(value);
        const offset = /^[+-]\d{1,2}:\d{2}$/.test(zone);
        this.setModelled('time_zone', offset);
        if (offset) {
          this.zoneIsUtc = /^[+-]0?0:00$/.test(zone);
          replay.push(`time_zone = '${zone}'`);
        }
        continue;
      }
      if (name === 'timestamp') {
        const literal = !/[@$]/.test(value);
        this.setModelled('timestamp', literal);
        // The default is the clock: the comparison's fixed time stands for it (mariadb.ts NOW).
        if (literal) replay.push(restores ? 'timestamp = UNIX_TIMESTAMP(@calckit_now)' : `timestamp = ${value}`);
        continue;
      }
      if (name === 'sql_mode') {
        const modes = unquote(value).toUpperCase().split(',').map((m) => m.trim());
        this.setModelled('sql_mode', restores || modes.every((m) => MODES_WITHOUT_EFFECT.has(m)));
        continue;
      }
      // Any other setting: not modelled until back to its default (`= DEFAULT`, or a value saved in a variable).
      this.setModelled(name, restores);
    }
    return replay.length > 0 ? `SET ${replay.join(', ')}` : undefined;
  }

  private setModelled(name: string, modelled: boolean): void {
    if (modelled) this.unmodelled.delete(name);
    else this.unmodelled.add(name);
  }
}

/** Extracts the cases of one test script (`file` is its name, for the cases' keys and reports). */
export function extractCases(file: string, text: string): Extraction {
  const steps: Step[] = [];
  const skipped = new Map<string, number>();
  const skip = (reason: string, n = 1) => skipped.set(reason, (skipped.get(reason) ?? 0) + n);
  const session = new Session();
  for (const statement of readScript(text)) {
    const tokens = sqlTokens(statement.sql);
    const first = tokens[0] ? upper(tokens[0]) : '';
    if (first === 'SET' && !statement.expectsError) {
      const replay = session.apply(statement.sql);
      if (replay) steps.push({ kind: 'set', sql: replay });
      continue;
    }
    if (first !== 'SELECT') continue;
    const rest = tokens.slice(1);
    let depth = 0;
    const clause = rest.find((t) => {
      if (t.text === '(') depth++;
      else if (t.text === ')') depth--;
      return depth === 0 && t.kind === 'word' && CLAUSES.has(upper(t));
    });
    if (clause || rest.length === 0) continue; // a query of tables: not a literal SELECT
    if (SELECT_OPTIONS.test(rest[0]!.text)) continue;
    const items = splitTopLevel(rest).map(withoutAlias);
    const inVocabulary = items.filter((item) => item.length > 0 && outsideVocabulary(item) === undefined);
    if (inVocabulary.length === 0) continue;
    if (statement.expectsError) {
      skip('the test expects MariaDB to refuse the statement', inVocabulary.length);
      continue;
    }
    if (session.unmodelled.size > 0) {
      skip(`after SET ${[...session.unmodelled].sort().join(', ')} (not modelled)`, inVocabulary.length);
      continue;
    }
    if (statement.sql.includes('\uFFFD')) {
      skip('text that is not UTF-8 (a latin1 test file)', inVocabulary.length);
      continue;
    }
    for (const item of inVocabulary) {
      const expression = statement.sql.slice(item[0]!.start, item[item.length - 1]!.end);
      if (!session.zoneIsUtc && item.some((t) => t.kind === 'word' && ZONE_DEPENDENT.has(upper(t)))) {
        skip('UNIX_TIMESTAMP, FROM_UNIXTIME or CONVERT_TZ under a time_zone other than UTC (the evaluator has none)');
        continue;
      }
      steps.push({ kind: 'case', file, line: statement.line, expression });
    }
  }
  return { steps, skipped };
}
