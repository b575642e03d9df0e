// RuleTester: runs a rule's table of valid and invalid cases through the real engine (ESLint's RuleTester model).
// It refuses malformed tables (an invalid case without errors, a fix without `output`, duplicates, unknown message
// ids) and checks that every fix output re-lints without the problem it fixed. Framework-agnostic: pass `it`.
import { parseFormula, type DatasetColumn } from '@calckit/formula';
import type { RuleEntry } from '../config.js';
import { applyFixes } from '../fix.js';
import { lintText } from '../linter.js';
import { RULES } from '../rules/index.js';
import type { LintMessage, ProjectInfo, Rule, RuleOptions } from '../types.js';

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

export interface ExpectedError {
  readonly messageId: string;
  readonly data?: Readonly<Record<string, string | number>>;
  /** The exact message text, when the case wants to pin it. */
  readonly message?: string;
  readonly line?: number;
  readonly column?: number;
  readonly endLine?: number;
  readonly endColumn?: number;
  /** Expected suggestions' outputs (each applied alone), in order. */
  readonly suggestions?: readonly string[];
}

export interface InvalidCase extends CaseBase {
  readonly errors: readonly ExpectedError[];
  /** The text after applying the rule's fixes; `null` asserts the rule offers none. Required when it does. */
  readonly output?: string | null;
}

export type ValidCase = string | CaseBase;

export interface RuleTable {
  readonly valid: readonly ValidCase[];
  readonly invalid: readonly InvalidCase[];
}

export interface TestCase {
  readonly name: string;
  run(): void;
}

class TableError extends Error {}

function fail(message: string): never {
  throw new Error(message);
}

function messagesOf(rule: Rule, c: CaseBase, code = c.code, fix = false): { messages: readonly LintMessage[]; output?: string } {
  // Other built-in rules stay registered (so directives naming them are known) but only this rule runs.
  const rules = RULES.some((r) => r.meta.id === rule.meta.id) ? RULES.map((r) => (r.meta.id === rule.meta.id ? rule : r)) : [...RULES, rule];
  const settings: Record<string, RuleEntry> = Object.fromEntries(
    rules.map((r): [string, RuleEntry] => [r.meta.id, r === rule ? ['error', c.options ?? {}] : c.alsoEnable?.includes(r.meta.id) ? 'warn' : 'off']),
  );
  const result = lintText(code, {
    rules,
    config: { rules: settings },
    ...(c.schema ? { schema: c.schema } : {}),
    ...(c.project ? { project: c.project } : {}),
    fix,
  });
  return { messages: result.messages.filter((m) => m.ruleId === rule.meta.id), ...(result.output !== undefined ? { output: result.output } : {}) };
}

const show = (m: LintMessage) => `${m.messageId ?? '?'} at ${m.range.start.line}:${m.range.start.column}: ${m.message}`;

/** Builds the test cases of a table; throws at once when the table itself is malformed. */
export function ruleCases(rule: Rule, table: RuleTable): TestCase[] {
  const id = rule.meta.id;
  const seen = new Set<string>();
  const key = (c: CaseBase) => JSON.stringify([c.code, c.options ?? null, c.schema ?? null, c.project !== undefined, c.alsoEnable ?? null]);
  const cases: TestCase[] = [];
  if (table.valid.length === 0) throw new TableError(`${id}: the table has no valid cases`);
  if (table.invalid.length === 0) throw new TableError(`${id}: the table has no invalid cases`);

  const checkCase = (c: CaseBase, kind: string) => {
    if (typeof c.code !== 'string') throw new TableError(`${id}: a ${kind} case has no code`);
    const k = key(c);
    if (seen.has(k)) throw new TableError(`${id}: duplicate test case ${JSON.stringify(c.code)}`);
    seen.add(k);
    for (const name of Object.keys(c.options ?? {})) {
      if (!rule.meta.options?.[name]) throw new TableError(`${id}: case ${JSON.stringify(c.code)} sets unknown option "${name}"`);
    }
  };
  const requireParses = (c: CaseBase) => {
    if (c.syntaxErrors) return;
    const errors = parseFormula(c.code).errors;
    if (errors.length > 0) fail(`test code ${JSON.stringify(c.code)} has syntax errors (${errors[0]!.message}); mark the case syntaxErrors: true if intended`);
  };

  for (const v of table.valid) {
    const c: CaseBase = typeof v === 'string' ? { code: v } : v;
    checkCase(c, 'valid');
    cases.push({
      name: `valid: ${c.name ?? c.code}`,
      run() {
        requireParses(c);
        const { messages } = messagesOf(rule, c);
        if (messages.length > 0) fail(`expected no problems, got:\n  ${messages.map(show).join('\n  ')}`);
      },
    });
  }

  for (const c of table.invalid) {
    checkCase(c, 'invalid');
    if (!Array.isArray(c.errors) || c.errors.length === 0) throw new TableError(`${id}: invalid case ${JSON.stringify(c.code)} lists no errors`);
    for (const e of c.errors) {
      if (!(e.messageId in rule.meta.messages)) throw new TableError(`${id}: invalid case ${JSON.stringify(c.code)} expects unknown messageId "${e.messageId}"`);
    }
    if (typeof c.output === 'string' && rule.meta.fixable !== 'code') throw new TableError(`${id}: case ${JSON.stringify(c.code)} has an output but the rule is not fixable`);
    cases.push({
      name: `invalid: ${c.name ?? c.code}`,
      run() {
        requireParses(c);
        const { messages } = messagesOf(rule, c);
        if (messages.length !== c.errors.length) {
          fail(`expected ${c.errors.length} problem(s), got ${messages.length}:\n  ${messages.map(show).join('\n  ')}`);
        }
        c.errors.forEach((e, i) => {
          const m = messages[i]!;
          const where = `problem ${i + 1} (${show(m)})`;
          if (m.messageId !== e.messageId) fail(`${where}: expected messageId ${e.messageId}`);
          if (/\{\{\s*\w+\s*\}\}/.test(m.message)) fail(`${where}: message has an unfilled placeholder`);
          if (e.message !== undefined && m.message !== e.message) fail(`${where}: expected message ${JSON.stringify(e.message)}`);
          for (const [k, v] of Object.entries(e.data ?? {})) {
            const expected = rule.meta.messages[e.messageId]!.replace(new RegExp(`\\{\\{\\s*${k}\\s*\\}\\}`, 'g'), String(v));
            if (expected === rule.meta.messages[e.messageId]) fail(`${where}: data key "${k}" is not used by the message`);
            if (!m.message.includes(String(v))) fail(`${where}: expected data ${k}=${JSON.stringify(v)}`);
          }
          const r = m.range;
          if (e.line !== undefined && r.start.line !== e.line) fail(`${where}: expected line ${e.line}`);
          if (e.column !== undefined && r.start.column !== e.column) fail(`${where}: expected column ${e.column}`);
          if (e.endLine !== undefined && r.end.line !== e.endLine) fail(`${where}: expected end line ${e.endLine}`);
          if (e.endColumn !== undefined && r.end.column !== e.endColumn) fail(`${where}: expected end column ${e.endColumn}`);
          if (e.suggestions !== undefined) {
            const got = (m.suggestions ?? []).map((s) => applyFixes(c.code, [{ ...m, fix: s.fix }]).output);
            if (JSON.stringify(got) !== JSON.stringify(e.suggestions)) fail(`${where}: expected suggestions ${JSON.stringify(e.suggestions)}, got ${JSON.stringify(got)}`);
          }
        });
        const fixable = messages.filter((m) => m.fix);
        if (fixable.length > 0 && c.output === undefined) fail(`the rule fixes this code but the case has no output (fix gives ${JSON.stringify(applyFixes(c.code, messages).output)})`);
        if (c.output === null && fixable.length > 0) fail('expected no fix, but the rule offers one');
        if (typeof c.output === 'string') {
          const fixed = messagesOf(rule, c, c.code, true);
          const output = fixed.output ?? c.code;
          if (output !== c.output) fail(`fix output ${JSON.stringify(output)} differs from expected ${JSON.stringify(c.output)}`);
          if (output === c.code) fail('output equals the input: use output: null for a case without fix');
          // Every fix output must re-lint without the problems that were fixed.
          const again = messagesOf(rule, c, output).messages;
          const stillFixable = again.filter((m) => m.fix);
          if (stillFixable.length > 0 || again.length >= messages.length) {
            fail(`the fixed output still has the problem(s):\n  ${again.map(show).join('\n  ')}`);
          }
        }
      },
    });
  }
  return cases;
}

/** Registers a rule's table with a test framework (`describe`/`it` from vitest, node:test…). */
export function testRule(
  rule: Rule,
  table: RuleTable,
  framework: { describe: (name: string, body: () => void) => void; it: (name: string, body: () => void) => void },
): void {
  const cases = ruleCases(rule, table);
  framework.describe(rule.meta.id, () => {
    for (const c of cases) framework.it(c.name, () => c.run());
  });
}
