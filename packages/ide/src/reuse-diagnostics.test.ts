// Diagnostics moved over an edit of spaces between tokens or of a comment must be exactly what linting the new text
// gives: checked on every whitespace run and comment of the corpus formulas, of the same formulas cut short (broken,
// as while typing), and of texts made to test the edges (directives, CRLF, split function names, pasted characters).
import { readFileSync } from 'node:fs';
import { lex, type DatasetColumn } from '@calckit/formula';
import { describe, expect, it } from 'vitest';
import { diagnose } from './diagnostics.js';
import { createDocument } from './document.js';
import { diagnosticsAfterTriviaEdit } from './reuse-diagnostics.js';
import { ideSettings, type IdeSettings } from './types.js';

const corpus: string[] = readFileSync(new URL('../../../test/corpus/formulas.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => (JSON.parse(line) as { formula: string }).formula);
const schema = JSON.parse(readFileSync(new URL('../../../examples/schemas/sales.json', import.meta.url), 'utf8')) as DatasetColumn[];

const EDGES = [
  '-- calckit-disable-next-line bare-column\nSUM(`Revenue`) + `Region`  +  1',
  '/* calckit-disable mixed-aggregation */ SUM(`Revenue`)  +  `Region` /* calckit-enable mixed-aggregation */ + `Region`',
  'SUM(`Revenue`)  + `Region` -- calckit-disable-line mixed-aggregation\n  + `Cost`',
  'CASE\r\n  WHEN `Region` = \'a\'   THEN 1\r\n  ELSE   0\r\nEND',
  "DATE  FORMAT(`Order Date`, '%Y')  ,  COUNT  DISTINCT(`Region`)",
  "STR_TO - DATE(`Order Date`, '%y')  +  YEAR-WEEK(`Order Date`)",
  'sum(`Revenue`)   /   sum(`Cost`)  +  count( `Regoin` )',
  '`Revenue` \u00a0 + \u00a0\u00a0 `Cost`  ',
  '"Region"  =  "East"  AND  `Revenue`  >  1',
  'a  -  -b  +  ( 1  ',
  'CASE  WHEN  WHEN  `Region`  THEN  ',
  "   \t  -- only a comment\n   ",
  "'unterminated   text  ",
  'IF(`Revenue`  >  0,  `Revenue`  /  `Cost`,  NULL)',
  '`Revenue` /* a note */ + `Region` -- another\n  + 1 /* calckit-disable-line */ -- calckit-disable-line mixed-aggregation',
  'SUM(`Revenue`) /* calckit-disable mixed-aggregation */ + `Region` /* calckit-enable */ + `Region` -- calckit',
  '`Revenue` - -- a comment that a minus before it must not join\n  1 /* a**/ + /**/ 2 -- ends at the end',
];

/** Every formula cut short before every 7th token: broken shapes as while typing. */
function cutShort(texts: readonly string[]): string[] {
  const out: string[] = [];
  for (const text of texts) {
    const tokens = lex(text).tokens;
    for (let i = 3; i < tokens.length; i += 7) out.push(text.slice(0, tokens[i]!.startOffset));
  }
  return out;
}

/** Spaces and tabs typed at the end, inside and after the first character of every whitespace run, and deleted; and
 * in every comment, a letter typed at its end (before a block comment's `*\/`), a `*\/` typed in a block comment,
 * a `calckit-disable-line` typed (a directive made), and its last character deleted. */
function triviaEdits(text: string): string[] {
  const out: string[] = [];
  const at = (offset: number, typed: string) => `${text.slice(0, offset)}${typed}${text.slice(offset)}`;
  for (const t of lex(text).trivia) {
    const start = t.startOffset;
    const end = start + t.image.length;
    const type = t.tokenType.name;
    if (type === 'WhiteSpace') {
      out.push(at(end, ' '), at(start + 1, '\t'));
      if (t.image.length >= 2 && (text[end - 1] === ' ' || text[end - 1] === '\t')) out.push(text.slice(0, end - 1) + text.slice(end));
    } else if (type === 'LineComment' || type === 'BlockComment') {
      const inside = type === 'LineComment' ? end : end - 2;
      out.push(at(inside, 'x'), at(start + 2, ' calckit-disable-line '), text.slice(0, inside - 1) + text.slice(inside));
      if (type === 'BlockComment') out.push(at(start + 3, '*/'));
    }
  }
  return out;
}

function check(texts: readonly string[], settings: IdeSettings): { moved: number; linted: number } {
  let moved = 0;
  let linted = 0;
  for (const text of texts) {
    const doc = createDocument(text);
    const earlier = { parse: doc.parse, diagnostics: diagnose(doc, settings) };
    for (const next of triviaEdits(text)) {
      const reused = diagnosticsAfterTriviaEdit(earlier, next);
      if (reused === undefined) {
        linted++;
        continue;
      }
      moved++;
      expect(reused, `${JSON.stringify(text)} → ${JSON.stringify(next)}`).toEqual(diagnose(createDocument(next), settings));
    }
  }
  return { moved, linted };
}

describe('diagnostics after an edit of spaces between tokens or of a comment', () => {
  const withSchema = ideSettings({ schema, lintConfig: { rules: { 'keyword-case': 'warn', 'division-without-nullif': 'warn' } } });

  it('are what linting the new text gives, on every whitespace run and comment of the corpus', () => {
    const { moved, linted } = check([...corpus, ...corpus.map((f) => `/* why */ ${f.replace(' ', ' -- a note\n ')} -- and a note`)], withSchema);
    // Most runs are covered by no diagnostic: if this fell, the edits would be linted again and nothing checked.
    expect(moved).toBeGreaterThan(3 * linted);
  });

  it('are what linting gives on the corpus cut short (syntax errors) and without a schema', () => {
    const texts = cutShort(corpus);
    const { moved } = check(texts, ideSettings({}));
    expect(moved).toBeGreaterThan(texts.length);
  });

  it('are what linting gives around directives, CRLF, split names, pasted spaces and unterminated text', () => {
    const { moved, linted } = check([...EDGES, ...cutShort(EDGES)], withSchema);
    expect(moved).toBeGreaterThan(0);
    expect(linted).toBeGreaterThan(0);
  });

  it('are not moved when a diagnostic covers the edited run (its message or fix may quote the spaces) or a syntax error quotes a place on its line', () => {
    const settings = ideSettings({});
    const earlierOf = (text: string) => {
      const doc = createDocument(text);
      return { parse: doc.parse, diagnostics: diagnose(doc, settings) };
    };
    const split = "DATE  FORMAT(`Order Date`, '%Y')\n  +  1";
    const earlier = earlierOf(split);
    expect(earlier.diagnostics.map((d) => [d.code, d.span])).toEqual([['split-function-name', { start: 0, end: 12 }]]);
    expect(diagnosticsAfterTriviaEdit(earlier, split.replace('DATE  ', 'DATE   '))).toBeUndefined();
    expect(diagnosticsAfterTriviaEdit(earlier, split.replace('+  1', '+   1'))).toEqual(earlier.diagnostics);
    // "WHEN at 1:6 is missing THEN": a space typed before the WHEN moves it to 1:7.
    const broken = 'CASE when `a` \n  + 1';
    const syntax = earlierOf(broken);
    expect(syntax.diagnostics.map((d) => d.message)).toContain('WHEN at 1:6 is missing THEN');
    expect(diagnosticsAfterTriviaEdit(syntax, broken.replace('CASE ', 'CASE  '))).toBeUndefined();
    expect(diagnosticsAfterTriviaEdit(syntax, broken.replace('\n  +', '\n   +'))).toEqual(diagnose(createDocument(broken.replace('\n  +', '\n   +')), settings));
  });

  it('are moved over text typed in a comment, unless the comment is or becomes a directive', () => {
    const settings = ideSettings({ schema });
    const text = 'SUM(`Revenue`) + `Region` -- calckit\n/* why */ + 1';
    const doc = createDocument(text);
    const earlier = { parse: doc.parse, diagnostics: diagnose(doc, settings) };
    expect(earlier.diagnostics.map((d) => d.code)).toEqual(['mixed-aggregation']);
    const typed = (from: string, to: string) => diagnosticsAfterTriviaEdit(earlier, text.replace(from, to));
    expect(typed('/* why */', '/* why not */')).toEqual(earlier.diagnostics);
    expect(typed('-- calckit', '-- calckit-disable-line')).toBeUndefined();
    expect(diagnose(createDocument(text.replace('-- calckit', '-- calckit-disable-line')), settings)).toEqual([]);
    // A `*/` typed in a block comment ends it there: the rest is code.
    expect(typed('/* why */', '/* w*/hy */')).toBeUndefined();
    // A line break typed in a `--` comment ends it there.
    expect(typed('-- calckit', '-- calc\nkit')).toBeUndefined();
  });
});
