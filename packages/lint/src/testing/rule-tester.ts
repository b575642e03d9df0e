// RuleTester: runs a rule's table of valid and invalid cases through the real engine (ESLint's RuleTester model).
// It refuses malformed tables, requires every problem's location and every suggestion a problem carries, freezes the
// parse and the options while the rule runs, checks that every fix output re-lints clean, and that a space typed
// between tokens or a letter typed in a comment changes nothing the rule reports outside what a report covers.
// Pass `describe`/`it`.
import { overlapsGap, parseFormula, shiftOffset, tokens, triviaEditOf, type DatasetColumn, type ParseResult, type TriviaEdit } from '@calckit/formula';
import { isDirectiveComment } from '../directives.js';
import { resolveConfig, type RuleEntry } from '../config.js';
import { applyFixes } from '../fix.js';
import { lintText } from '../linter.js';
import { RULES } from '../rules/index.js';
import type { LintMessage, ProjectInfo, ResolvedConfig, Rule, RuleOptions } from '../types.js';

export interface CaseBase {
  readonly code: string;
  readonly name?: string;
  readonly options?: RuleOptions;
  readonly schema?: readonly DatasetColumn[];
  readonly project?: ProjectInfo;
  /** The code is allowed to have syntax errors (rules about broken input). */
  readonly syntaxErrors?: boolean;
  /** Other rules to run as well (their messages are not compared): for rules about directives. */
  readonly alsoEnable?: readonly string[];
}

/** A suggestion a problem must offer: the text after applying it alone, or that text and the suggestion's message. */
export type ExpectedSuggestion<M extends string = string> =
  | string
  | {
      /** The suggestion's description must be this message of the rule (its placeholders filled by `data`). */
      readonly messageId?: M;
      readonly data?: Readonly<Record<string, string | number>>;
      /** The exact description. */
      readonly desc?: string;
      readonly output: string;
    };

export interface ExpectedError<M extends string = string> {
  readonly messageId: M;
  readonly data?: Readonly<Record<string, string | number>>;
  /** The exact message text, when the case wants to pin it. */
  readonly message?: string;
  /** Where the problem starts and ends (1-based, end exclusive): all four required unless the table opts out. */
  readonly line?: number;
  readonly column?: number;
  readonly endLine?: number;
  readonly endColumn?: number;
  /** The problem's suggestions, in order; required when it has any. `[]` asserts it has none. */
  readonly suggestions?: readonly ExpectedSuggestion<M>[];
}

export interface InvalidCase<M extends string = string> extends CaseBase {
  readonly errors: readonly ExpectedError<M>[];
  /** The text after applying the rule's fixes; `null` asserts the rule offers none. Required when it does. */
  readonly output?: string | null;
}

export type ValidCase = string | CaseBase;

export interface RuleTable<M extends string = string> {
  readonly valid: readonly ValidCase[];
  readonly invalid: readonly InvalidCase<M>[];
  /** `false` lets expected errors leave out line and column (for tables written before locations were required). */
  readonly requireLocations?: boolean;
}

export interface TestCase {
  readonly name: string;
  run(): void;
}

class TableError extends Error {}

function fail(message: string): never {
  throw new Error(message);
}

const CASE_KEYS = new Set(['code', 'name', 'options', 'schema', 'project', 'syntaxErrors', 'alsoEnable']);
const INVALID_KEYS = new Set([...CASE_KEYS, 'errors', 'output']);
const ERROR_KEYS = new Set(['messageId', 'data', 'message', 'line', 'column', 'endLine', 'endColumn', 'suggestions']);
const SUGGESTION_KEYS = new Set(['messageId', 'data', 'desc', 'output']);
const LOCATION_KEYS = ['line', 'column', 'endLine', 'endColumn'] as const;

/**
 * Freezes a value and everything reachable from it, so that a rule writing to the AST, the tokens or its options throws
 * (modules are strict). A token's `tokenType` is the lexer's shared definition and is left alone.
 */
function deepFreeze<T>(value: T, seen = new WeakSet<object>()): T {
  if (typeof value !== 'object' || value === null || seen.has(value)) return value;
  seen.add(value);
  for (const key of Object.keys(value)) {
    if (key === 'tokenType') continue;
    deepFreeze((value as Record<string, unknown>)[key], seen);
  }
  return Object.freeze(value);
}

function frozenParse(code: string): ParseResult {
  return deepFreeze(parseFormula(code));
}

function rulesWith(rule: Rule): readonly Rule[] {
  // Other built-in rules stay registered (so directives naming them are known) but only this rule runs.
  return RULES.some((r) => r.meta.id === rule.meta.id) ? RULES.map((r) => (r.meta.id === rule.meta.id ? rule : r)) : [...RULES, rule];
}

function configFor(rule: Rule, rules: readonly Rule[], c: CaseBase): ResolvedConfig {
  const settings: Record<string, RuleEntry> = Object.fromEntries(
    rules.map((r): [string, RuleEntry] => [r.meta.id, r === rule ? ['error', c.options ?? {}] : c.alsoEnable?.includes(r.meta.id) ? 'warn' : 'off']),
  );
  return deepFreeze(resolveConfig({ rules: settings }, rules));
}

function messagesOf(rule: Rule, c: CaseBase, code = c.code, fix = false): { messages: readonly LintMessage[]; output?: string } {
  const rules = rulesWith(rule);
  const result = lintText(code, {
    rules,
    resolvedConfig: configFor(rule, rules, c),
    parse: frozenParse(code),
    ...(c.schema ? { schema: deepFreeze(c.schema) } : {}),
    ...(c.project ? { project: c.project } : {}),
    fix,
  });
  return { messages: result.messages.filter((m) => m.ruleId === rule.meta.id), ...(result.output !== undefined ? { output: result.output } : {}) };
}

/** What a problem says and where, with its offsets moved over `edit` (none: as they are). */
function comparable(m: LintMessage, edit?: TriviaEdit): unknown {
  const move = (offset: number) => (edit ? shiftOffset(edit, offset) : offset);
  const fix = (f: { range: readonly [number, number]; text: string }) => [move(f.range[0]), move(f.range[1]), f.text];
  return [m.ruleId, m.severity, m.messageId, m.message, move(m.range.start.offset), move(m.range.end.offset), m.fix && fix(m.fix), m.suggestions?.map((s) => [s.desc, fix(s.fix)])];
}

/** Whether a problem covers any of the edited run: its range, its fix or a suggestion's. */
function covers(edit: TriviaEdit, m: LintMessage): boolean {
  const touches = (start: number, end: number) => overlapsGap(edit, start, end);
  return (
    touches(m.range.start.offset, m.range.end.offset) ||
    (m.fix !== undefined && touches(m.fix.range[0], m.fix.range[1])) ||
    (m.suggestions ?? []).some((s) => touches(s.fix.range[0], s.fix.range[1]))
  );
}

/**
 * Where a character typed changes no token: at the end of each run of whitespace between tokens (a space), at the end
 * of a `--` comment and before a block comment's `*\/` (a letter), directives left out; each with the text after it.
 */
function triviaTyped(code: string, parse: ParseResult): { at: number; text: string }[] {
  const out: { at: number; text: string }[] = [];
  for (const t of parse.trivia) {
    const end = t.startOffset + t.image.length;
    const at = t.tokenType === tokens.WhiteSpace || t.tokenType === tokens.LineComment ? end : t.tokenType === tokens.BlockComment ? end - 2 : -1;
    if (at < 0 || (t.tokenType !== tokens.WhiteSpace && isDirectiveComment(t.image))) continue;
    out.push({ at, text: `${code.slice(0, at)}${t.tokenType === tokens.WhiteSpace ? ' ' : 'x'}${code.slice(at)}` });
  }
  return out;
}

/**
 * A space typed in each run of whitespace between tokens, and a letter in each comment, where no problem covers them,
 * must leave the rule's problems as they were, moved with the text: the editor moves its diagnostics over such edits
 * instead of linting again (ide's reuse-diagnostics.ts). A rule may read the spaces between tokens only inside what it
 * reports, and comments only as directives.
 */
function checkTriviaStable(rule: Rule, c: CaseBase, got: readonly LintMessage[]): void {
  const parse = parseFormula(c.code);
  for (const typed of triviaTyped(c.code, parse)) {
    const edit = triviaEditOf(parse, typed.text);
    if (edit === undefined || got.some((m) => covers(edit, m))) continue;
    const expected = JSON.stringify(got.map((m) => comparable(m, edit)));
    const after = messagesOf(rule, c, typed.text).messages;
    if (JSON.stringify(after.map((m) => comparable(m))) !== expected) {
      fail(`a character typed at offset ${typed.at} between tokens, where no problem is, changed the rule's problems (${JSON.stringify(typed.text)}):\n  ${after.map(show).join('\n  ') || 'none'}\nthe rule may read the spaces between tokens only inside what it reports, and comments only as directives`);
    }
  }
}

const show = (m: LintMessage) => `${m.messageId ?? '?'} at ${m.range.start.line}:${m.range.start.column}: ${m.message}`;
const at = (m: LintMessage) => ({ line: m.range.start.line, column: m.range.start.column, endLine: m.range.end.line, endColumn: m.range.end.column });

/** A message template as a pattern: its `{{placeholders}}` match anything, or the given data. */
function templatePattern(template: string, data: Readonly<Record<string, string | number>> = {}): RegExp {
  const parts = template.split(/(\{\{\s*\w+\s*\}\})/);
  const source = parts
    .map((part) => {
      const name = /^\{\{\s*(\w+)\s*\}\}$/.exec(part)?.[1];
      if (name === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      return name in data ? String(data[name]).replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : '[^]*';
    })
    .join('');
  return new RegExp(`^${source}$`);
}

const outputOf = (s: ExpectedSuggestion) => (typeof s === 'string' ? s : s.output);

/** Builds the test cases of a table; throws at once when the table itself is malformed. */
export function ruleCases<M extends string>(rule: Rule<M>, table: RuleTable<NoInfer<M>>): TestCase[] {
  const id = rule.meta.id;
  const messages: Readonly<Record<string, string>> = rule.meta.messages;
  const requireLocations = table.requireLocations ?? true;
  const seen = new Set<string>();
  const key = (c: CaseBase) => JSON.stringify([c.code, c.options ?? null, c.schema ?? null, c.project !== undefined, c.alsoEnable ?? null]);
  const cases: TestCase[] = [];
  const refuse = (message: string): never => {
    throw new TableError(`${id}: ${message}`);
  };
  if (table.valid.length === 0) refuse('the table has no valid cases');
  if (table.invalid.length === 0) refuse('the table has no invalid cases');

  const checkCase = (c: CaseBase, kind: 'valid' | 'invalid') => {
    if (typeof c.code !== 'string') refuse(`a ${kind} case has no code`);
    const label = `${kind} case ${JSON.stringify(c.code)}`;
    const allowed = kind === 'valid' ? CASE_KEYS : INVALID_KEYS;
    for (const k of Object.keys(c)) {
      if (!allowed.has(k)) refuse(kind === 'valid' && (k === 'errors' || k === 'output') ? `${label} has "${k}": a valid case reports nothing` : `${label} has an unknown key "${k}"`);
    }
    const k = key(c);
    if (seen.has(k)) refuse(`duplicate test case ${JSON.stringify(c.code)}`);
    seen.add(k);
    for (const name of Object.keys(c.options ?? {})) {
      if (!rule.meta.options?.[name]) refuse(`${label} sets unknown option "${name}"`);
    }
    for (const other of c.alsoEnable ?? []) {
      if (!RULES.some((r) => r.meta.id === other)) refuse(`${label} enables unknown rule "${other}"`);
    }
  };
  // A flag that no longer holds hides the day the code starts parsing (or stops): both directions are checked.
  const checkParses = (c: CaseBase) => {
    const errors = parseFormula(c.code).errors;
    if (!c.syntaxErrors && errors.length > 0) fail(`test code ${JSON.stringify(c.code)} has syntax errors (${errors[0]!.message}); mark the case syntaxErrors: true if intended`);
    if (c.syntaxErrors && errors.length === 0) fail(`test code ${JSON.stringify(c.code)} is marked syntaxErrors but parses cleanly`);
  };

  for (const v of table.valid) {
    const c: CaseBase = typeof v === 'string' ? { code: v } : v;
    checkCase(c, 'valid');
    cases.push({
      name: `valid: ${c.name ?? c.code}`,
      run() {
        checkParses(c);
        const { messages: got } = messagesOf(rule, c);
        if (got.length > 0) fail(`expected no problems, got:\n  ${got.map(show).join('\n  ')}`);
        checkTriviaStable(rule, c, got);
      },
    });
  }

  let expectsFix = false;
  for (const c of table.invalid) {
    checkCase(c, 'invalid');
    const label = `invalid case ${JSON.stringify(c.code)}`;
    if (!Array.isArray(c.errors) || c.errors.length === 0) refuse(`${label} lists no errors`);
    for (const e of c.errors) {
      for (const k of Object.keys(e)) if (!ERROR_KEYS.has(k)) refuse(`${label} expects an error with an unknown key "${k}"`);
      if (!(e.messageId in messages)) refuse(`${label} expects unknown messageId "${e.messageId}"`);
      if (requireLocations) {
        const missing = LOCATION_KEYS.filter((k) => e[k] === undefined);
        if (missing.length > 0) refuse(`${label} expects a ${e.messageId} error without ${missing.join(', ')}: give its whole location`);
      }
      for (const s of e.suggestions ?? []) {
        if (!rule.meta.hasSuggestions) refuse(`${label} expects suggestions but the rule's meta has no hasSuggestions`);
        if (typeof s !== 'string') {
          for (const k of Object.keys(s)) if (!SUGGESTION_KEYS.has(k)) refuse(`${label} expects a suggestion with an unknown key "${k}"`);
          if (s.messageId !== undefined && !(s.messageId in messages)) refuse(`${label} expects a suggestion with unknown messageId "${s.messageId}"`);
          if (s.data !== undefined && s.messageId === undefined) refuse(`${label} expects a suggestion with data but no messageId`);
        }
      }
    }
    if (typeof c.output === 'string') {
      expectsFix = true;
      if (rule.meta.fixable !== 'code') refuse(`case ${JSON.stringify(c.code)} has an output but the rule is not fixable`);
    }
    cases.push({
      name: `invalid: ${c.name ?? c.code}`,
      run() {
        checkParses(c);
        const { messages: got } = messagesOf(rule, c);
        if (got.length !== c.errors.length) {
          fail(`expected ${c.errors.length} problem(s), got ${got.length}:\n  ${got.map(show).join('\n  ')}`);
        }
        c.errors.forEach((e, i) => {
          const m = got[i]!;
          const where = `problem ${i + 1} (${show(m)})`;
          if (m.messageId !== e.messageId) fail(`${where}: expected messageId ${e.messageId}`);
          if (/\{\{\s*\w+\s*\}\}/.test(m.message)) fail(`${where}: message has an unfilled placeholder`);
          if (e.message !== undefined && m.message !== e.message) fail(`${where}: expected message ${JSON.stringify(e.message)}`);
          for (const [k, v] of Object.entries(e.data ?? {})) {
            const template = messages[e.messageId]!;
            if (!new RegExp(`\\{\\{\\s*${k}\\s*\\}\\}`).test(template)) fail(`${where}: data key "${k}" is not used by the message`);
          }
          if (e.data !== undefined && !templatePattern(messages[e.messageId]!, e.data).test(m.message)) fail(`${where}: expected data ${JSON.stringify(e.data)}`);
          const actual = at(m);
          for (const k of LOCATION_KEYS) {
            if (e[k] !== undefined && actual[k] !== e[k]) fail(`${where}: expected ${k} ${e[k]}, got ${actual[k]} (it spans ${JSON.stringify(actual)})`);
          }
          checkSuggestions(c, m, e, where);
        });
        checkTriviaStable(rule, c, got);
        const fixable = got.filter((m) => m.fix);
        if (fixable.length > 0 && c.output === undefined) fail(`the rule fixes this code but the case has no output (fix gives ${JSON.stringify(applyFixes(c.code, got).output)})`);
        if (c.output === null && fixable.length > 0) fail('expected no fix, but the rule offers one');
        if (typeof c.output === 'string') {
          const fixed = messagesOf(rule, c, c.code, true);
          const output = fixed.output ?? c.code;
          if (output !== c.output) fail(`fix output ${JSON.stringify(output)} differs from expected ${JSON.stringify(c.output)}`);
          if (output === c.code) fail('output equals the input: use output: null for a case without fix');
          // Every fix output must re-lint without the problems that were fixed.
          const again = messagesOf(rule, c, output).messages;
          const stillFixable = again.filter((m) => m.fix);
          if (stillFixable.length > 0 || again.length >= got.length) {
            fail(`the fixed output still has the problem(s):\n  ${again.map(show).join('\n  ')}`);
          }
        }
      },
    });
  }
  // A fix the table never shows is a fix nobody has checked. (Suggestions are required wherever a problem offers one;
  // a rule may have none to offer on today's catalogue, as unsupported-function's rewrites.)
  if (rule.meta.fixable === 'code' && !expectsFix) refuse('the rule is fixable but no invalid case has an output');

  function checkSuggestions(c: InvalidCase<M>, m: LintMessage, e: ExpectedError<M>, where: string): void {
    const offered = m.suggestions ?? [];
    if (offered.length > 0 && !rule.meta.hasSuggestions) fail(`${where}: the rule offers suggestions but its meta has no hasSuggestions`);
    if (e.suggestions === undefined) {
      if (offered.length > 0) {
        const outputs = offered.map((s) => applyFixes(c.code, [{ ...m, fix: s.fix }]).output);
        fail(`${where}: it offers ${offered.length} suggestion(s) the case does not list: suggestions: ${JSON.stringify(outputs)}`);
      }
      return;
    }
    const outputs = offered.map((s) => applyFixes(c.code, [{ ...m, fix: s.fix }]).output);
    const expected = e.suggestions.map(outputOf);
    if (JSON.stringify(outputs) !== JSON.stringify(expected)) fail(`${where}: expected suggestions ${JSON.stringify(expected)}, got ${JSON.stringify(outputs)}`);
    const parsedBefore = parseFormula(c.code).errors.length === 0;
    e.suggestions.forEach((s, j) => {
      const desc = offered[j]!.desc;
      if (outputs[j] === c.code) fail(`${where}: suggestion ${j + 1} changes nothing`);
      // A suggestion applied to a formula that parsed must leave a formula that parses.
      if (parsedBefore && parseFormula(outputs[j]!).errors.length > 0) fail(`${where}: suggestion ${j + 1} gives code with syntax errors: ${JSON.stringify(outputs[j])}`);
      if (typeof s === 'string') return;
      if (s.desc !== undefined && desc !== s.desc) fail(`${where}: suggestion ${j + 1} is described ${JSON.stringify(desc)}, expected ${JSON.stringify(s.desc)}`);
      if (s.messageId !== undefined && !templatePattern(messages[s.messageId]!, s.data).test(desc)) {
        fail(`${where}: suggestion ${j + 1} is described ${JSON.stringify(desc)}, not by message ${s.messageId}${s.data ? ` with ${JSON.stringify(s.data)}` : ''}`);
      }
    });
  }
  return cases;
}

/** Registers a rule's table with a test framework (`describe`/`it` from vitest, node:test…). The table's message
 * ids are checked against the rule's at compile time. */
export function testRule<M extends string>(
  rule: Rule<M>,
  table: RuleTable<NoInfer<M>>,
  framework: { describe: (name: string, body: () => void) => void; it: (name: string, body: () => void) => void },
): void {
  const cases = ruleCases(rule, table);
  framework.describe(rule.meta.id, () => {
    for (const c of cases) framework.it(c.name, () => c.run());
  });
}
