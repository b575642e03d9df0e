// Rule docs and tests are complete and fresh: every rule file is registered, has a table test and a generated doc
// page that matches its meta; doc examples lint as they claim; the rule list of docs/linting.md is up to date.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIRECTIVE_RULE_ID, RULES, RULE_LIST_PAGE, lintText, ruleDoc, rulesIndex, withRuleList, type Rule } from '@calckit/lint';

const root = join(import.meta.dirname, '..', '..');
const rulesDir = join(root, 'packages', 'lint', 'src', 'rules');
const docsDir = join(root, 'docs', 'rules');
// A rule file exports `rule`; the others (index.ts, util.ts, data shared by rules) are helpers.
const ruleFiles = readdirSync(rulesDir)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && /^export const rule\b/m.test(readFileSync(join(rulesDir, f), 'utf8')))
  .map((f) => f.slice(0, -3));
const STALE = 'is stale: run `npm run docs:rules`';

function lintExample(rule: Rule, code: string) {
  // Directive examples need the rules they name running; other rules' examples run alone.
  const others = rule.meta.id === DIRECTIVE_RULE_ID ? 'error' : 'off';
  return lintText(code, {
    config: { rules: Object.fromEntries(RULES.map((r) => [r.meta.id, r === rule ? ['error', rule.meta.docs.options ?? {}] : others])) },
    ...(rule.meta.docs.schema ? { schema: rule.meta.docs.schema } : {}),
  }).messages.filter((m) => m.ruleId === rule.meta.id);
}

describe('rule docs and tests', () => {
  it('every rule file is registered under its own id', () => {
    expect(RULES.map((r) => r.meta.id).sort()).toEqual([...ruleFiles].sort());
  });
  for (const rule of RULES) {
    const id = rule.meta.id;
    it(`${id} has a table test`, () => {
      const test = join(rulesDir, `${id}.test.ts`);
      expect(existsSync(test), `${id}.test.ts is missing`).toBe(true);
      expect(readFileSync(test, 'utf8')).toContain('testRule(');
    });
    it(`${id} has a fresh doc page`, () => {
      const page = join(docsDir, `${id}.md`);
      expect(existsSync(page), `docs/rules/${id}.md is missing: run \`npm run docs:rules\``).toBe(true);
      expect(readFileSync(page, 'utf8'), `docs/rules/${id}.md ${STALE}`).toBe(ruleDoc(rule));
    });
    it(`${id} doc examples lint as they say`, () => {
      expect(rule.meta.docs.examples.length).toBeGreaterThan(0);
      for (const ex of rule.meta.docs.examples) {
        if (rule.meta.requiresProject) continue; // needs a project: covered by the table test
        expect(lintExample(rule, ex.code).length > 0, `${id}: example ${JSON.stringify(ex.code)} should ${ex.reported ? '' : 'not '}be reported`).toBe(ex.reported);
      }
    });
  }
  it('the docs index and the rule list of the linting page are fresh', () => {
    expect(readFileSync(join(docsDir, 'README.md'), 'utf8'), `docs/rules/README.md ${STALE}`).toBe(rulesIndex(RULES));
    // The list moved from the README to docs/linting.md, whose links into docs/rules/ are relative to docs/.
    const page = readFileSync(join(root, RULE_LIST_PAGE), 'utf8');
    expect(withRuleList(page, RULES), `${RULE_LIST_PAGE}'s rule list ${STALE}`).toBe(page);
  });
  it('no stray doc pages', () => {
    const pages = readdirSync(docsDir).filter((f) => f !== 'README.md');
    expect(pages.sort()).toEqual(RULES.map((r) => `${r.meta.id}.md`).sort());
  });
});
