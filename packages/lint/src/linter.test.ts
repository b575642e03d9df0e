// The engine: one pass per file, fixes applied in passes, counts, overrides by file path, bad input never throws.
import fc from 'fast-check';
import { analyzeFormula, parseFormula } from '@calckit/formula';
import { describe, expect, it } from 'vitest';
import { applyFixes } from './fix.js';
import { RuleError, lintText } from './linter.js';
import { rule as bareColumn } from './rules/bare-column.js';
import type { Rule } from './types.js';
import type { Node } from '@calckit/formula';

describe('lintText', () => {
  it('counts errors, warnings and fixable ones', () => {
    // A bare column (a fixable warning), a wrong argument count (an error) and a pasted en dash (a fixable error).
    const r = lintText('SUM(revenue) + SUM(LENGTH(`a`, 1)) \u2013 1');
    expect(r.errorCount).toBe(2);
    expect(r.warningCount).toBe(1);
    expect(r.fixableErrorCount).toBe(1);
    expect(r.fixableWarningCount).toBe(1);
    expect(r.messages.map((m) => m.ruleId)).toEqual(['bare-column', 'argument-count', 'pasted-characters']);
  });
  it("gives every rule's message the same fields, a fix and suggestions or not (one shape for the code that reads them)", () => {
    const r = lintText('SUM(revenue) / 0 + SUM(CASE WHEN `a` = NULL THEN 1 END) + CONCAT("x", `b`)');
    const shapes = new Set(r.messages.map((m) => Object.keys(m).join(',')));
    expect([...shapes]).toEqual(['ruleId,severity,message,messageId,range,fix,suggestions']);
    // Those with and without each part are all there.
    expect(r.messages.some((m) => m.fix) && r.messages.some((m) => !m.fix)).toBe(true);
    expect(r.messages.some((m) => m.suggestions) && r.messages.some((m) => !m.suggestions)).toBe(true);
  });
  it('fixes in several passes (typographic “x” → "x" → a column or text)', () => {
    const r = lintText('SUM(“Amount”) + `a` = “b”', { fix: true });
    expect(r.output).toBe("SUM(`Amount`) + `a` = 'b'");
    expect(r.messages.filter((m) => m.fix)).toEqual([]);
  });
  it('applies overrides by file path', () => {
    const config = { rules: { 'bare-column': 'error' as const }, overrides: [{ files: ['legacy/**'], rules: { 'bare-column': 'off' as const } }] };
    expect(lintText('SUM(a)', { config, filePath: 'x.calc' }).errorCount).toBe(1);
    expect(lintText('SUM(a)', { config, filePath: 'legacy/x.calc' }).messages).toEqual([]);
  });
  it('answers parents and enclosing aggregates from the walk as the model does, for every node and its ancestors', () => {
    const texts = [
      "SUM(CASE WHEN `r` = 'a' THEN (`x` + 1) * 2 ELSE NULL END) / NULLIF(COUNT(DISTINCT `c`), 0)",
      "CASE `k` WHEN 'A' THEN SUM(AVG(`s`)) WHEN 'B' THEN MAX(`s`) OVER (PARTITION BY `r` ORDER BY `d` DESC) ELSE 0 END",
      'SUM(SUM(`s`) FIXED (BY `r` FILTER ALLOW `c`)) + ' + Array.from({ length: 40 }, (_, i) => `(${'('.repeat(i % 12)}SUM(\`v${i}\`)${')'.repeat(i % 12)})`).join(' - '),
      "`a` IN (1, 2, 3) AND `b` NOT LIKE '%x%' OR `c` BETWEEN 1 AND SUM(`d`) OR `e` IS NOT NULL",
      'SUM(`a`',
    ];
    for (const text of texts) {
      const parse = parseFormula(text);
      const model = analyzeFormula(parse);
      const asked: string[] = [];
      const probe: Rule = {
        meta: { ...bareColumn.meta, id: 'probe' },
        create: (context) => {
          const check = (node: Node): void => {
            // The node and each of its ancestors, as a rule walking up asks.
            for (let n: Node | undefined = node; n; n = context.semantics.parentOf(n)) {
              expect(context.semantics.parentOf(n)).toBe(model.parentOf(n));
              expect(context.semantics.enclosingAggregate(n)).toBe(model.enclosingAggregate(n));
            }
            asked.push(node.kind);
          };
          return Object.fromEntries(['Column', 'Call', 'String', 'Number', 'Binary', 'Case', 'When', 'Paren', 'Null', 'Error'].map((kind) => [kind, check]));
        },
      };
      lintText(text, { parse, model, rules: [probe], config: { rules: { probe: 'error' } } });
      expect(asked.length).toBeGreaterThan(1);
    }
  });

  it('answers a question rules share once per node for the rules that ask it in turn (Semantics.shared)', () => {
    const asked: string[] = [];
    const QUESTION = {};
    const OTHER = {};
    const prober = (id: string, question: object): Rule => ({
      meta: { ...bareColumn.meta, id },
      create: (context) => ({
        Column: (n) => {
          const answer = context.semantics.shared(question, n, (c) => {
            asked.push(`${id}:${c.name}`);
            return c.name.toUpperCase();
          });
          expect(answer).toBe(n.name.toUpperCase());
        },
      }),
    });
    const rules = [prober('first', QUESTION), prober('second', QUESTION), prober('third', OTHER)];
    lintText('`a` + `b`', { rules, config: { rules: { first: 'error', second: 'error', third: 'error' } } });
    // The second rule reads the first's answers; a rule with a question of its own computes its own.
    expect(asked).toEqual(['first:a', 'third:a', 'first:b', 'third:b']);
  });
  it("reuses the caller's parse of the same text, and ignores one of other text", () => {
    const text = 'SUM(revenue) / 0';
    const parse = parseFormula(text);
    const own = lintText(text).messages.map((m) => m.message);
    expect(lintText(text, { parse }).messages.map((m) => m.message)).toEqual(own);
    expect(lintText(text, { parse: parseFormula('SUM(`x`)') }).messages.map((m) => m.message)).toEqual(own);
    // The rules see the very nodes of the given parse.
    const seen: unknown[] = [];
    const probe: Rule = { meta: { ...bareColumn.meta, id: 'probe' }, create: () => ({ Column: (n) => void seen.push(n) }) };
    lintText(text, { parse, rules: [probe], config: { rules: { probe: 'error' } } });
    expect(seen[0]).toBe((parse.formula.expression as unknown as { left: { args: unknown[] } }).left.args[0]);
  });
  it("uses the caller's semantic model of that parse, and builds its own with the project's service name otherwise", () => {
    const text = '`Sales` + 1';
    const parse = parseFormula(text);
    const typed = analyzeFormula(parse, { schema: [{ name: 'Sales', type: 'DECIMAL' }] });
    const seen: string[] = [];
    const probe: Rule = {
      meta: { ...bareColumn.meta, id: 'probe' },
      create: (context) => ({ onStart: () => void seen.push(context.semantics.typeOf(context.parse.formula.expression!)) }),
    };
    const run = (options: Parameters<typeof lintText>[1]) => lintText(text, { rules: [probe], config: { rules: { probe: 'error' } }, ...options });
    run({ parse, model: typed });
    run({ parse });
    // A model of another text's parse is never used.
    run({ parse: parseFormula('`Sales` + 2'), model: typed });
    expect(seen).toEqual(['DECIMAL', 'DOUBLE', 'DOUBLE']);
  });

  it('names the rule and the file when a rule fails', () => {
    const broken: Rule = { meta: { ...bareColumn.meta, id: 'broken' }, create: () => ({ Column: () => { throw new Error('boom'); } }) };
    expect(() => lintText('SUM(`a`)', { rules: [broken], filePath: 'x.calc', config: { rules: { broken: 'error' } } })).toThrow(RuleError);
    expect(() => lintText('SUM(`a`)', { rules: [broken], filePath: 'x.calc', config: { rules: { broken: 'error' } } })).toThrow('rule broken failed on x.calc: boom');
  });
  it('never throws and gives positions inside the text, whatever the input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        const r = lintText(text, { fix: true });
        for (const m of r.messages) {
          expect(m.range.start.offset).toBeLessThanOrEqual(r.source.length);
          expect(m.range.end.offset).toBeGreaterThanOrEqual(m.range.start.offset);
        }
      }),
      { numRuns: 300 },
    );
  });
});

const FRAGMENTS = [
  'SUM(', 'COUNT(DISTINCT ', 'LAG(', 'DATE_FORMAT(`d`, ', "'%Y-%q'", 'CASE ', 'WHEN ', 'THEN ', 'ELSE ', 'END ', '`a`', 'b ', '"c"',
  '‘t’', "'s'", '1', '0', 'NULL', 'TRUE', ' = ', ' <> ', ' / ', ' + ', ', ', ')', '(', ' OVER (PARTITION BY `r`)', ' FIXED (BY `r`)',
  'INTERVAL 3 HOURS', 'DAYOFWEEK(`d`) = 0', 'SQRT(', 'DATE_DIFF(', 'SVC_BEAST_MODE(1)', ' IN (', ' LIKE ', ' IS NULL', '-- c\n', '/* x */',
  '/* calckit-disable bare-column */', '-- calckit-disable-next-line\n',
];

describe('fixes keep tokens apart', () => {
  // A probe rule whose fix is a plain edit (not the fixer's): writes `-` over every en dash, wherever it is.
  const dashes: Rule = {
    meta: { ...bareColumn.meta, id: 'dashes', fixable: 'code' },
    create: (context) => ({
      onStart() {
        for (const m of context.text.matchAll(/\u2013/g)) {
          context.report({ messageId: Object.keys(bareColumn.meta.messages)[0]!, data: { name: 'x', column: 'x' }, range: context.parse.lines.rangeOf(m.index, m.index + 1), fix: { range: [m.index, m.index + 1], text: '-' } });
        }
      },
    }),
  };
  const fixDashes = (text: string) => lintText(text, { fix: true, rules: [dashes], config: { rules: { dashes: 'error' } } }).output;
  it.each([
    ['1 -\u20131', '1 - -1'],
    ['1 \u2013-1', '1 - -1'],
    ['`a` -\u2013 1', '`a` - - 1'],
    // Inside text, `--` is two characters: left as written.
    ["'a-\u2013b'", "'a--b'"],
    ['`a-\u2013b`', '`a--b`'],
  ])('never lets a fix start a comment: %j → %j', (text, fixed) => {
    expect(fixDashes(text)).toBe(fixed);
  });
  it('does not glue a fixed string to a neighbouring one', () => {
    expect(lintText('"c"\'x\'', { fix: true, config: { rules: { 'syntax-error': 'off' } } }).output).toBe("'c' 'x'");
  });
  it('does not fix a node the parser repaired by deleting a token, nor glue a fix to a following word', () => {
    // Found by the property test below: Chevrotain deleted the stray `r` to close FIXED(…), which left no mark in
    // the tree, and `NULL = …` became `… IS NULLSUM(`.
    const text = 'NULL =  FIXED (BY `r`)SUM( = ';
    const errors = (t: string) => lintText(t).messages.filter((m) => m.ruleId === 'syntax-error').length;
    expect(errors(lintText(text, { fix: true }).output ?? text)).toBeLessThanOrEqual(errors(text));
    expect(lintText('`a` = NULL', { fix: true }).output).toBe('`a` IS NULL');
  });

  it('does not glue words when removing an unused directive', () => {
    expect(lintText('SUM(`a`/* calckit-disable */+1)', { fix: true }).output).toBe('SUM(`a`+1)');
    expect(lintText('`a`/* calckit-disable */`b`', { fix: true, config: { rules: { 'syntax-error': 'off' } } }).output).toBe('`a` `b`');
  });
});

describe('lintText on formula-like input', () => {
  it('never throws; fixes never add syntax errors and converge', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 14 }), (parts) => {
        const text = parts.join('');
        const before = lintText(text).messages.filter((m) => m.ruleId === 'syntax-error').length;
        const fixed = lintText(text, { fix: true });
        const after = fixed.messages.filter((m) => m.ruleId === 'syntax-error').length;
        expect(after).toBeLessThanOrEqual(before);
        // The fix loop converges: what is left has no fix to offer.
        expect(fixed.messages.filter((m) => m.fix).map((m) => m.ruleId)).toEqual([]);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('applyFixes', () => {
  it('applies non-overlapping fixes and leaves overlapping ones', () => {
    const m = (start: number, end: number, text: string) => ({ ruleId: 'r', severity: 'error' as const, message: '', range: { start: { offset: start, line: 1, column: start + 1 }, end: { offset: end, line: 1, column: end + 1 } }, fix: { range: [start, end] as const, text } });
    const out = applyFixes('abcdef', [m(4, 5, 'E'), m(0, 2, 'AB'), m(1, 3, 'zz')]);
    expect(out.output).toBe('ABcdEf');
    expect(out.remaining).toHaveLength(1);
  });
});
