// Property-based fuzzing of the in-process parts: lexer, parser, analysis, formatter and linter on generated and
// corpus-mutated text. Properties: nothing throws; tokens, trivia and skipped text reproduce the input; ranges
// stay inside the text; formatting keeps the AST (meaning) and is idempotent; lint fixes add no syntax error.
// Grammar-generated valid formulas must parse, and format (three option sets) to the same AST, idempotently.
// Long shapes (arbitraries.mjs) go through the same checks at full size and at a tenth, in time linear in their length.
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { formulaText, longShapes } from './arbitraries.mjs';
import { validFormula } from './grammar.mjs';

const dist = (pkg) => new URL(`../../packages/${pkg}/dist/index.js`, import.meta.url).href;
const SCHEMA = JSON.parse(readFileSync(new URL('../../examples/schemas/sales.json', import.meta.url), 'utf8'));

/** Loads the built packages; a part not built yet is skipped (and named) rather than failing the run. */
async function parts() {
  const load = async (pkg) => import(dist(pkg)).catch(() => undefined);
  return { formula: await load('formula'), format: await load('format'), lint: await load('lint') };
}

function check(condition, message) {
  if (!condition) throw new Error(message);
}

/** Tokens, trivia and skipped text together reproduce the input exactly. */
function checkLexRoundTrip(text, formula) {
  const lexed = formula.lex(text);
  const pieces = [
    ...lexed.tokens.map((t) => [t.startOffset, t.image]),
    ...lexed.trivia.map((t) => [t.startOffset, t.image]),
    ...lexed.skipped.map((s) => [s.offset, text.slice(s.offset, s.offset + s.length)]),
  ].sort((a, b) => a[0] - b[0]);
  check(pieces.map((p) => p[1]).join('') === text, 'lex: tokens + trivia + skipped do not reproduce the input');
}

/** Every check on one input; throws with a message naming the broken property. */
function checkInput(text, { formula, format, lint }, counts) {
  checkLexRoundTrip(text, formula);

  const parse = formula.parseFormula(text);
  for (const e of parse.errors) check(e.range.start.offset >= 0 && e.range.end.offset <= text.length, `parse: error range outside the text (${e.code})`);
  for (const options of [{}, { schema: SCHEMA, serviceName: 'ACME' }]) {
    const a = formula.analyzeCalculation(text, options);
    check(a.status === 'VALID' || a.status === 'INVALID', 'analysis: status is neither VALID nor INVALID');
    for (const p of a.problems) check(p.start >= 0 && p.end <= text.length && p.start <= p.end, `analysis: problem range outside the text (${p.code})`);
    for (const c of a.columnPositions) check(c.columnPosition >= 0 && c.columnPosition < text.length, 'analysis: columnPosition outside the text');
  }

  if (format) {
    const out = format.formatText(text);
    check(out.status !== 'internal-error', `format: internal error (${out.message})`);
    if (out.status === 'formatted') {
      counts.formatted++;
      const again = formula.parseFormula(out.text);
      check(again.errors.length === 0, 'format: output does not parse');
      check(JSON.stringify(format.astShape(again.formula)) === JSON.stringify(format.astShape(parse.formula)), 'format: output has a different AST');
      check(format.formatText(out.text).text === out.text, 'format: not idempotent');
    }
  }
  if (lint) {
    const r = lint.lintText(text, { schema: SCHEMA, fix: true });
    check(Array.isArray(r.messages), 'lint: no messages array');
    if (parse.errors.length === 0 && r.output !== undefined) {
      check(formula.parseFormula(r.output).errors.length === 0, 'lint --fix: the fixed text has a syntax error');
      counts.fixed++;
    }
  }
}

/** Format options the valid-formula property cycles through: defaults, a narrow width, lower case. */
const FORMAT_VARIANTS = [{}, { lineWidth: 20, indent: 4 }, { keywordCase: 'lower', functionCase: 'lower', lineWidth: 40 }];

/** A formula the grammar generator made: it must parse, and every formatting of it must keep its AST. */
function checkValid(text, { formula, format }, counts) {
  const parse = formula.parseFormula(text);
  check(parse.errors.length === 0, `parse: a valid formula has a syntax error (${parse.errors[0]?.message})`);
  if (!format) return;
  const shape = JSON.stringify(format.astShape(parse.formula));
  for (const options of FORMAT_VARIANTS) {
    const out = format.formatText(text, options);
    check(out.status === 'formatted', `format ${JSON.stringify(options)}: ${out.status} (${out.message ?? out.errors[0]?.message})`);
    check(JSON.stringify(format.astShape(formula.parseFormula(out.text).formula)) === shape, `format ${JSON.stringify(options)}: output has a different AST`);
    check(format.formatText(out.text, options).text === out.text, `format ${JSON.stringify(options)}: not idempotent`);
    counts.formatted++;
  }
}

/** Replays the saved cases of test/robust/regressions/*.json ({ description, input }) through the same checks. */
export async function replayRegressions() {
  const p = await parts();
  const dir = new URL('./regressions/', import.meta.url);
  const failures = [];
  let tried = 0;
  if (!p.formula) return { tried, failures };
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const { description, input } = JSON.parse(readFileSync(new URL(name, dir), 'utf8'));
    tried++;
    try {
      checkInput(input, p, { formatted: 0, fixed: 0 });
    } catch (error) {
      failures.push({ message: `${name} (${description}): ${error instanceof Error ? error.message : String(error)}`, counterexample: input });
    }
  }
  return { tried, failures };
}

/**
 * Runs `runs` inputs of any text and `validRuns` grammar-generated valid formulas, in chunks (each chunk one
 * fast-check run with its own seed, so one failure does not hide others); returns { tried, validTried,
 * failures: [{ message, counterexample, seed }], formatted, fixed, skipped }.
 */
export async function fuzzCore({ runs = 100_000, validRuns = 20_000, seed = 42, chunk = 5_000, log = () => {} } = {}) {
  const p = await parts();
  if (!p.formula) return { tried: 0, failures: [], notAvailable: 'packages/formula is not built' };
  const counts = { formatted: 0, fixed: 0 };
  const failures = [];
  let tried = 0;
  let validTried = 0;
  const properties = [
    { name: 'any text', arbitrary: formulaText, total: runs, body: (text) => checkInput(text, p, counts) },
    { name: 'valid formulas', arbitrary: validFormula, total: validRuns, body: (text) => checkValid(text, p, counts) },
  ];
  for (const property of properties) {
    for (let done = 0, n = 0; done < property.total; done += chunk, n++) {
      const numRuns = Math.min(chunk, property.total - done);
      const details = fc.check(fc.property(property.arbitrary, property.body), { numRuns, seed: seed + n, endOnFailure: false });
      tried += details.numRuns;
      if (property.arbitrary === validFormula) validTried += details.numRuns;
      if (details.failed) {
        const error = details.errorInstance;
        failures.push({ message: `${property.name}: ${error instanceof Error ? error.message : String(error)}`, counterexample: details.counterexample?.[0], seed: seed + n });
      }
      log(`core fuzz (${property.name}): ${done + numRuns}/${property.total} inputs, ${failures.length} failing chunks`);
    }
  }
  return { tried, validTried, failures, ...counts, skipped: ['format', 'lint'].filter((k) => !p[k]) };
}

/**
 * The checks of `checkInput` on one long shape, with the tree compared iteratively (format.sameShape: JSON of a tree
 * 100,000 levels deep would overflow the checker itself). A valid shape must parse without errors and format.
 */
function checkLong(text, valid, { formula, format, lint }) {
  checkLexRoundTrip(text, formula);
  const parse = formula.parseFormula(text);
  check(parse.tokens.length + parse.skipped.length > 0, 'parse: nothing read and nothing skipped');
  if (valid) check(parse.errors.length === 0, `parse: a valid formula has a syntax error (${parse.errors[0]?.message})`);
  else check(parse.errors.length > 0, 'parse: no error reported for a broken formula');
  for (const e of parse.errors) check(e.range.start.offset >= 0 && e.range.end.offset <= text.length, `parse: error range outside the text (${e.code})`);
  for (const options of [{}, { schema: SCHEMA, serviceName: 'ACME' }]) {
    const a = formula.analyzeCalculation(text, options);
    check(a.status === 'VALID' || a.status === 'INVALID', 'analysis: status is neither VALID nor INVALID');
    for (const p of a.problems) check(p.start >= 0 && p.end <= text.length && p.start <= p.end, `analysis: problem range outside the text (${p.code})`);
  }
  if (format) {
    const out = format.formatText(text);
    check(out.status !== 'internal-error', `format: internal error (${out.message})`);
    if (valid) check(out.status === 'formatted', `format: a valid formula was not formatted (${out.status})`);
    if (out.status === 'formatted') {
      const again = formula.parseFormula(out.text);
      check(again.errors.length === 0, 'format: output does not parse');
      check(format.sameShape(again.formula, parse.formula), 'format: output has a different AST');
      check(format.formatText(out.text, {}, again).text === out.text, 'format: not idempotent');
    }
  }
  if (lint) {
    const r = lint.lintText(text, { schema: SCHEMA, fix: true });
    check(Array.isArray(r.messages), 'lint: no messages array');
    if (parse.errors.length === 0 && r.output !== undefined) check(formula.parseFormula(r.output).errors.length === 0, 'lint --fix: the fixed text has a syntax error');
  }
}

/**
 * The long shapes of arbitraries.mjs (100,000-term chains of every operator, 10,000-WHEN CASEs, 100,000-value lists
 * and calls, prefix runs, chains that nest without parentheses, megabyte literals and comments, a broken chain, text
 * past the length and depth limits) through checkLong, at `scale` and at a tenth of it: the time per KB of the two
 * must stay within `maxGrowth` of each other (linear time; a quadratic walk would be about ten times slower per KB).
 * Returns { tried, failures: [{ message, counterexample, seed }], shapes: [{ name, kb, msPerKb }] }.
 */
export async function fuzzLongShapes({ scale = 1, seed = 42, maxGrowth = 4, log = () => {} } = {}) {
  const p = await parts();
  if (!p.formula) return { tried: 0, failures: [], shapes: [], notAvailable: 'packages/formula is not built' };
  const failures = [];
  const shapes = [];
  const small = longShapes(scale / 10, seed);
  const big = longShapes(scale, seed);
  const timed = (shape) => {
    const t0 = performance.now();
    checkLong(shape.text, shape.valid, p);
    return performance.now() - t0;
  };
  for (let i = 0; i < big.length; i++) {
    const shape = big[i];
    try {
      const smallMs = timed(small[i]);
      const bigMs = timed(shape);
      const kb = shape.text.length / 1024;
      const msPerKb = bigMs / kb;
      const smallPerKb = smallMs / (small[i].text.length / 1024);
      shapes.push({ name: shape.name, kb: Math.round(kb), ms: Math.round(bigMs), msPerKb: Math.round(msPerKb * 100) / 100 });
      // Only where the sizes differ enough and the small run is long enough to time.
      if (shape.text.length >= 5 * small[i].text.length && smallMs >= 20) {
        check(msPerKb <= maxGrowth * smallPerKb, `time: ${msPerKb.toFixed(2)} ms/KB at ${Math.round(kb)} KB against ${smallPerKb.toFixed(2)} ms/KB at a tenth of the size (more than ${maxGrowth}× per KB: not linear)`);
      }
      log(`long shapes: ${shape.name}, ${Math.round(kb)} KB in ${Math.round(bigMs)} ms (${msPerKb.toFixed(2)} ms/KB)`);
    } catch (error) {
      failures.push({ message: `long shape "${shape.name}": ${error instanceof Error ? error.message : String(error)}`, counterexample: `${shape.text.slice(0, 200)}… (${shape.text.length} characters)`, seed });
      log(`long shapes: ${shape.name} FAILED`);
    }
  }
  return { tried: big.length, failures, shapes };
}
