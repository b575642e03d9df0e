// Writes docs/rules/<id>.md, docs/rules/README.md and the rule list of docs/linting.md from the rules' meta (built dist).
// Run through `npm run docs:rules`, which builds first. test/lint/docs.test.ts fails when the files are stale.
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RULES, RULE_LIST_PAGE, ruleDoc, rulesIndex, withRuleList } from '../dist/index.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const dir = join(root, 'docs', 'rules');
mkdirSync(dir, { recursive: true });
const wanted = new Set(RULES.map((r) => `${r.meta.id}.md`).concat('README.md'));
for (const f of readdirSync(dir)) if (f.endsWith('.md') && !wanted.has(f)) rmSync(join(dir, f));
for (const rule of RULES) writeFileSync(join(dir, `${rule.meta.id}.md`), ruleDoc(rule));
writeFileSync(join(dir, 'README.md'), rulesIndex(RULES));
const listPath = join(root, RULE_LIST_PAGE);
writeFileSync(listPath, withRuleList(readFileSync(listPath, 'utf8'), RULES));
console.log(`wrote ${RULES.length} rule pages to docs/rules and the rule list in ${RULE_LIST_PAGE}`);
