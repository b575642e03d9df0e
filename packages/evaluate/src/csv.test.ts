// The CSV reader: cells column by column, what csv-parse (calckit's reader before, with the options it used) reads
// from the same text, property-checked on random text; the errors and their lines; memory linear in rows.
import { parse as csvParse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, readCsvColumns } from './csv.js';
import { rowsOfColumns } from './rows.js';

/** csv-parse with the options calckit's reader had (formula-tests.ts before): rows, or 'error'. */
function byCsvParse(text: string): Record<string, unknown>[] | 'error' {
  try {
    return csvParse(text, {
      bom: true,
      skip_empty_lines: true,
      columns: (header: string[]) => {
        if (header.some((name) => name === '') || new Set(header).size !== header.length) throw new Error('header');
        return header;
      },
      cast: (value, context) => (value === '' && !context.quoting && context.header === false ? null : value),
    }) as Record<string, unknown>[];
  } catch {
    return 'error';
  }
}

function byReader(text: string): Record<string, unknown>[] | 'error' {
  try {
    return rowsOfColumns(readCsvColumns(text));
  } catch (error) {
    if (error instanceof CsvSyntaxError) return 'error';
    throw error;
  }
}

/** A cell as a CSV writer writes it: quoted when it must be (or when asked), NULL as nothing. */
const written = (cell: string | null, quote: boolean): string => (cell === null ? '' : quote || /[",\r\n]/.test(cell) || cell === '' ? `"${cell.replace(/"/g, '""')}"` : cell);

describe('readCsvColumns', () => {
  it('reads well-formed CSV as csv-parse did: quotes, line breaks in cells, NULL and empty text, any line end', () => {
    const cell = fc.option(fc.stringMatching(/^[a-z ,"\r\n\u00e9]{0,6}$/), { nil: null, freq: 4 });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }).chain((width) =>
          fc.record({
            rows: fc.array(fc.tuple(fc.array(cell, { minLength: width, maxLength: width }), fc.array(fc.boolean(), { minLength: width, maxLength: width })), { maxLength: 6 }),
            width: fc.constant(width),
            lineEnd: fc.constantFrom('\n', '\r\n', '\r'),
            bom: fc.boolean(),
            emptyLines: fc.boolean(),
            finalLineEnd: fc.boolean(),
          }),
        ),
        ({ rows, width, lineEnd, bom, emptyLines, finalLineEnd }) => {
          // Rows of one NULL cell would be empty lines, which are skipped.
          const kept = width === 1 ? rows.filter(([cells]) => cells[0] !== null) : rows;
          const header = Array.from({ length: width }, (_, k) => `c${k}`).join(',');
          const lines = [header, ...kept.map(([cells, quotes]) => cells.map((c, k) => written(c, quotes[k]!)).join(','))];
          const text = `${bom ? '\uFEFF' : ''}${lines.join(emptyLines ? lineEnd + lineEnd : lineEnd)}${finalLineEnd ? lineEnd : ''}`;
          const expected = byCsvParse(text);
          expect(expected).not.toBe('error');
          expect(byReader(text)).toEqual(expected);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('accepts and refuses random text as csv-parse did, with the same cells', () => {
    const piece = fc.constantFrom('a', 'b', ',', '"', '""', '\n', '\r\n', '\r', ' ', 'é');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 24 }), (pieces) => {
        const text = pieces.join('');
        expect(byReader(text)).toEqual(byCsvParse(text));
      }),
      { numRuns: 20000 },
    );
  });

  it('keeps the header names when no row follows', () => {
    expect(readCsvColumns('a,b\n')).toEqual({ names: ['a', 'b'], columns: [[], []], length: 0 });
    expect(readCsvColumns('')).toEqual({ names: [], columns: [], length: 0 });
  });

  it.each([
    ['a row with more cells than the header', 'a,b\n1,2\n3,4,5\n', 3, 'this row has 3 cells where the header names 2 columns'],
    ['a row with fewer cells, after a quoted line break', 'a,b\n"x\ny",2\n3\n', 4, 'this row has 1 cell where the header names 2 columns'],
    ['a quote never closed: the line where it opens', 'a,b\n1,"x\n2,3\n', 2, 'a quote opens a cell that is never closed'],
    ['a quote inside an unquoted cell', 'a,b\n1,x"y\n', 2, 'a quote inside a cell that does not start with one (x"…): quote the whole cell and double its quotes ("a ""b"" c")'],
    ['text after a closing quote', 'a,b\r\n1,2\r\n1,"x"y\r\n', 3, '"y" follows the closing quote of a cell (a cell with a quote in it is written "a ""quoted"" word")'],
    ['a header column without a name', '\n\na,\n', 3, 'a column without a name in the header'],
    ['a quote after a long unquoted text, shown in part', `a\n${'x'.repeat(30)}y"z\n`, 2, `a quote inside a cell that does not start with one (…${'x'.repeat(19)}y"…): quote the whole cell and double its quotes ("a ""b"" c")`],
    ['text after a closing quote: a whole code point shown', 'a,b\n"x"\u{1F600},2\n', 2, '"\u{1F600}" follows the closing quote of a cell (a cell with a quote in it is written "a ""quoted"" word")'],
    ['a CR after a closing quote where rows end with LF, shown escaped', 'a\n"y"\r\n', 2, '"\\r" follows the closing quote of a cell (a cell with a quote in it is written "a ""quoted"" word")'],
    ['a header naming a column twice', 'a,"a"\n', 1, 'the column "a" appears twice in the header'],
  ])('refuses %s, naming the line', (_name, text, line, problem) => {
    let thrown: unknown;
    try {
      readCsvColumns(text);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(CsvSyntaxError);
    expect({ line: (thrown as CsvSyntaxError).line, problem: (thrown as CsvSyntaxError).problem }).toEqual({ line, problem });
  });
});
