// The grammar's two flavours agree: the AST its embedded actions build equals the one read from Chevrotain's CST, and
// both report the same errors, on every formula the actions are trusted with (no re-synchronisation).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EOF, type IToken } from 'chevrotain';
import { CstToAst } from './build-ast.js';
import { lex } from './lexer.js';
import { CODE_SEPARATOR, createMessageProvider, forgetOpenerScan, type MessageContext } from './messages.js';
import { markAroundDeleted, markEnclosingRecovered, markParentsOfErrors, mendCommonErrors } from './light-recovery.js';
import { parseFormula } from './parse.js';
import { FormulaCstParser, FormulaParser } from './parser.js';
import { LineIndex } from './positions.js';

const corpus: string[] = readFileSync(new URL('../../../../test/corpus/formulas.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => (JSON.parse(l) as { formula: string }).formula)
  // Forms the corpus lacks: INTERVAL with an expression, IS TRUE/FALSE, backslash escapes, TRIM's refused FROM form.
  .concat([
    'DATE_SUB(`Date`, INTERVAL DAYOFMONTH(`Date`) - 1 DAY) + INTERVAL `Qty` * 7 DAY',
    'CASE WHEN `a` IS NOT TRUE THEN 1 WHEN `b` + 1 IS FALSE THEN 2 END',
    "CONCAT('it\\'s', \"a\\\"b\", 'C:\\\\') LIKE '%\\%'",
    "TRIM(LEADING 'x' FROM `a`)",
  ]);

let context: MessageContext = { tokens: [], lines: new LineIndex('') };
const provider = createMessageProvider(() => context);
const actions = new FormulaParser(provider, true);
const cst = new FormulaCstParser(provider, true);
const strict = new FormulaParser(provider, false);

/** Both flavours on one text: the trees and the error messages, and whether recovery re-synchronised. */
function both(text: string) {
  const { tokens, lines } = lex(text);
  context = { tokens, lines };
  const read = (p: FormulaParser | FormulaCstParser) => {
    p.read(tokens, lines);
    forgetOpenerScan();
    return p;
  };
  const a = read(actions);
  const fromActions = a.builder.formula(a.formula(), text.length, false);
  const actionErrors = a.errors.map((e) => e.message);
  const resynced = a.resynchronised;
  const c = read(cst);
  const fromCst = new CstToAst(lines).formulaOf(c.formulaCst(), text.length);
  return { fromActions, fromCst, actionErrors, cstErrors: c.errors.map((e) => e.message), resynced };
}

/** The corpus, each formula cut short before every token and with every token left out: valid and broken shapes. */
function variants(): string[] {
  const out = new Set<string>(corpus);
  for (const f of corpus) {
    for (const t of lex(f).tokens as IToken[]) {
      out.add(f.slice(0, t.startOffset));
      out.add(f.slice(0, t.startOffset) + f.slice(t.startOffset + t.image.length));
    }
  }
  return [...out];
}

describe('the grammar with embedded actions', () => {
  it('builds the same AST as the CST reading, with the same errors, wherever recovery did not re-synchronise', () => {
    let compared = 0;
    let withErrors = 0;
    for (const text of variants()) {
      const r = both(text);
      expect(r.actionErrors, text).toEqual(r.cstErrors);
      if (r.resynced) continue;
      expect(r.fromActions, text).toEqual(r.fromCst);
      compared++;
      if (r.actionErrors.length > 0) withErrors++;
    }
    // Most variants are compared, broken ones mended by inserting or deleting one token among them.
    expect(compared).toBeGreaterThan(500);
    expect(withErrors).toBeGreaterThan(50);
  });

  it('mends a missing THEN, AND or `(` by inserting it, without re-synchronising', () => {
    for (const text of ['CASE WHEN a 1 END', 'a BETWEEN 1 2', 'x IN 1, 2)']) {
      const r = both(text);
      expect(r.resynced, text).toBe(false);
      expect(r.actionErrors, text).toHaveLength(1);
      expect(r.fromActions, text).toEqual(r.fromCst);
    }
  });
});

describe('reading on over the tail at the end (parse.ts)', () => {
  it('builds the tree and reports the error that reading the formula again with the tail gives', () => {
    let readOn = 0;
    for (const text of variants()) {
      const { tokens, lines, errors: lexErrors } = lex(text);
      if (lexErrors.length > 0) continue;
      context = { tokens, lines };
      strict.read(tokens, lines);
      strict.formula();
      const first = strict.errorsFound[0];
      forgetOpenerScan();
      if (!first || first.token.tokenType !== EOF) continue;
      // The light recovery's way: the tail appended, the formula read again from its start.
      const light = mendCommonErrors(strict, tokens, lines, first);
      forgetOpenerScan();
      if (!light) continue;
      const again = strict.builder.formula(light.expression, text.length, true);
      markEnclosingRecovered(again);
      markAroundDeleted(again, light.deleted);
      markParentsOfErrors(again);
      const parsed = parseFormula(text);
      expect(parsed.formula, text).toEqual(again);
      expect(parsed.errors.map((e) => e.message), text).toEqual(light.errors.map((e) => (e.message.includes(CODE_SEPARATOR) ? e.message.split(CODE_SEPARATOR)[1] : e.message)));
      readOn++;
    }
    expect(readOn).toBeGreaterThan(400);
  });
});

describe('input left over after a complete formula (parse.ts)', () => {
  it('keeps the fast reading: the tree and the error the CST reading gives', () => {
    let compared = 0;
    // Cut and gapped corpus formulas, each followed by a word being typed (`lag(x, 1) ove`), and two in a row.
    const texts = [...variants(), ...corpus.map((f) => `${f} ove`), ...corpus.map((f) => `${f} ${f}`)];
    for (const text of texts) {
      const { tokens, lines, errors: lexErrors } = lex(text);
      if (lexErrors.length > 0) continue;
      context = { tokens, lines };
      strict.read(tokens, lines);
      strict.formula();
      const found = strict.errorsFound;
      forgetOpenerScan();
      // After a stray `)` or END the rest is read again as a formula of its own: another path.
      if (found.length !== 1 || found[0]!.name !== 'NotAllInputParsedException' || ['RParen', 'END'].includes(found[0]!.token.tokenType.name)) continue;
      const c = cst;
      c.read(tokens, lines);
      const fromCst = new CstToAst(lines).formulaOf(c.formulaCst(), text.length);
      const cstErrors = c.errors.map((e) => (e.message.includes(CODE_SEPARATOR) ? e.message.split(CODE_SEPARATOR)[1] : e.message));
      forgetOpenerScan();
      const parsed = parseFormula(text);
      expect(parsed.formula, text).toEqual(fromCst);
      expect(parsed.errors.map((e) => e.message), text).toEqual(cstErrors);
      compared++;
    }
    expect(compared).toBeGreaterThan(100);
  });
});
