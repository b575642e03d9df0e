// Writes docs/rules/<id>.md, docs/rules/README.md and the README's rule list from the rules' meta (built dist).
// Run through `npm run docs:rules`, which builds first. test/lint/docs.test.ts fails when the files are stale.
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RULES, ruleDoc, rulesIndex, withReadmeList } from '../dist/index.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const dir = join(root, 'docs', 'rules');
mkdirSync(dir, { recursive: true });
const wanted = new Set(RULES.map((r) => `${r.meta.id}.md`).concat('README.md'));
for (const f of readdirSync(dir)) if (f.endsWith('.md') && !wanted.has(f)) rmSync(join(dir, f));
for (const rule of RULES) writeFileSync(join(dir, `${rule.meta.id}.md`), ruleDoc(rule));
writeFileSync(join(dir, 'README.md'), rulesIndex(RULES));
const readmePath = join(root, 'README.md');
writeFileSync(readmePath, withReadmeList(readFileSync(readmePath, 'utf8'), RULES));
console.log(`wrote ${RULES.length} rule pages to docs/rules and the rule list in README.md`);
