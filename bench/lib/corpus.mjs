// The formula corpus (test/corpus/formulas.jsonl) and deterministic, seeded variants of it for larger sets:
// numbers re-drawn, column names suffixed, two formulas joined by an operator — same language, more text.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { mulberry32 } from './prng.mjs';

const CORPUS = fileURLToPath(new URL('../../test/corpus/formulas.jsonl', import.meta.url));

/** The corpus entries: { id, expect: 'valid'|'warn'|'error', formula, note }. */
export function loadCorpus() {
  return readFileSync(CORPUS, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
}

/** One variant of `formula`: numeric literals re-drawn and backtick column names given a suffix. */
function variant(formula, random) {
  const suffix = random() < 0.5 ? '' : String(Math.floor(random() * 9) + 1);
  return formula
    .replace(/\b\d+(\.\d+)?\b/g, (m) => (m.includes('.') ? (random() * 1000).toFixed(2) : String(Math.floor(random() * 1000))))
    .replace(/`([^`]+)`/g, (_, name) => `\`${name}${suffix}\``);
}

/** `count` formulas generated from the corpus with a fixed seed (same output for the same arguments). */
export function generateFormulas(count, seed = 7) {
  const random = mulberry32(seed);
  const formulas = loadCorpus().map((e) => e.formula);
  const out = [];
  for (let i = 0; i < count; i++) {
    const a = variant(formulas[i % formulas.length], random);
    // One in eight joins a second scalar-looking formula, so sizes vary as real files do.
    if (random() < 0.125) out.push(`(${a}) + (${variant(formulas[Math.floor(random() * formulas.length)], random)})`);
    else out.push(a);
  }
  return out;
}
