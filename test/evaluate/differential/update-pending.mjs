// Brings pending-differences.ts up to date after the evaluator changed: runs the differential tests, drops the
// entries they report fixed, rewrites those whose values changed (keeping their `why`), and adds the new differences
// with `why: 'TODO'` to be written by hand. Read the diff before committing: a new entry is a bug to report, or a
// documented difference for known-differences.ts, never something to hide.
//
// Usage: node test/evaluate/differential/update-pending.mjs
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const FILE = fileURLToPath(new URL('./pending-differences.ts', import.meta.url));
// The JSON report that vitest.config.ts has vitest write on every run.
const report = join(ROOT, 'node_modules/.cache/calckit/vitest-main.json');

rmSync(report, { force: true });
spawnSync('npx', ['vitest', 'run', 'test/evaluate/differential'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
const messages = JSON.parse(readFileSync(report, 'utf8'))
  .testResults.flatMap((f) => f.assertionResults)
  .flatMap((a) => a.failureMessages ?? [])
  .map((m) => m.replace(/\x1b\[[0-9;]*m/g, ''));

/** The first JSON object of a text (the rest of the line may follow it). */
function firstJson(text) {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return JSON.parse(text.slice(0, i + 1));
  }
  throw new Error(`no JSON object in ${text.slice(0, 80)}`);
}

const keyOf = (e) => `${e.formula}${e.groupBy ? ` GROUP BY ${e.groupBy.join(', ')}` : ''}${e.collation ? ` COLLATE ${e.collation}` : ''}`;
const fixed = new Set();
const changed = new Set();
const found = new Map();
for (const m of messages) {
  const f = /fixed: ([\s\S]*?) now gives MariaDB's values/.exec(m);
  if (f) fixed.add(f[1]);
  const c = /the pending difference changed:\n(.*)\n/.exec(m);
  if (c) changed.add(c[1]);
  const at = m.indexOf('as a pendingDifferences entry: ');
  if (at >= 0) {
    const entry = firstJson(m.slice(at + 'as a pendingDifferences entry: '.length));
    found.set(keyOf(entry), entry);
  }
}

// The entries as they are: each `  {` … `  },` block of the array, with its key and its `why` line.
const text = readFileSync(FILE, 'utf8');
const start = text.indexOf('export const PENDING_DIFFERENCES');
const open = text.indexOf('[\n', start) + 2;
const close = text.lastIndexOf('];');
const blocks = text
  .slice(open, close)
  .split(/\n(?=  \{\n)/)
  .map((b) => b.replace(/\n+$/, ''))
  .filter((b) => b.trim().length > 0);
const whyOf = new Map();
const kept = [];
for (const block of blocks) {
  // eslint-disable-next-line no-new-func
  const entry = Function(`return (${block.trim().replace(/,$/, '')});`)();
  const key = keyOf(entry);
  const why = /\n {4}why:[\s\S]*?,\n {2}\}/.exec(block)?.[0].replace(/\n {2}\}$/, '').replace(/^\n/, '');
  if (why) whyOf.set(key, why);
  if (fixed.has(key) || changed.has(key)) continue;
  kept.push(block.endsWith(',') ? block : `${block},`);
}

const lit = (v) => {
  if (v === null) return 'null';
  if (typeof v === 'string') return v.includes("'") ? JSON.stringify(v) : `'${v.replace(/\\/g, '\\\\')}'`;
  if (Array.isArray(v)) return `[${v.map(lit).join(', ')}]`;
  if (typeof v === 'object') return `{ ${Object.entries(v).map(([k, x]) => `${/^[A-Za-z_]\w*$/.test(k) ? k : JSON.stringify(k)}: ${lit(x)}`).join(', ')} }`;
  return JSON.stringify(v);
};
const added = [...found.values()].map((e) => {
  const lines = ['  {', `    formula: ${lit(e.formula)},`];
  if (e.groupBy) lines.push(`    groupBy: ${lit(e.groupBy)},`);
  if (e.collation) lines.push(`    collation: ${lit(e.collation)},`);
  lines.push(`    count: ${e.count},`, '    first: [', ...e.first.map((d) => `      ${lit(d)},`), '    ],');
  lines.push(whyOf.get(keyOf(e)) ?? "    why: 'TODO: what is wrong, in a few words',");
  lines.push('  },');
  return lines.join('\n');
});
writeFileSync(FILE, `${text.slice(0, open)}${[...kept, ...added].join('\n')}\n${text.slice(close)}`);
console.log(`pending differences: ${fixed.size} fixed (removed), ${changed.size} changed (rewritten), ${added.length - changed.size} new (why: TODO), ${kept.length} unchanged`);
