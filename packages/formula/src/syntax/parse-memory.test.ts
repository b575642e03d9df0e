// After parseFormula returns, nothing in the formula package keeps its input: once the caller drops the result, the
// text, its tokens and its line index are garbage (a 1 MB formula's take some 40 MB). Checked with V8's own collector
// and weak references, for each way a formula is read: the fast parser, the recovering one, the CST one.
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { parseFormula } from './parse.js';

/** V8's full collector, reached as the language server reaches it (idle-gc.ts): no `--expose-gc` needed. */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

interface Watched {
  /** The token array, its first and last token (a reading may hold a copy of the array, or a part of it), the lines. */
  readonly held: ReadonlyArray<readonly [string, WeakRef<object>]>;
  readonly errors: number;
}

/** Parses the text `make` makes and watches what it was made of; the result itself is dropped when this returns. */
function parseAndDrop(make: () => string): Watched {
  const result = parseFormula(make());
  const { tokens, lines } = result;
  // The text is a string (no weak reference reaches one): the line index, which holds it, stands for it.
  const held = Object.entries({ tokens, first: tokens[0]!, last: tokens[tokens.length - 1]!, lines }).map(([name, value]) => [name, new WeakRef(value)] as const);
  return { held, errors: result.errors.length };
}

/** What of the watched things is still there after full collections; a job boundary before each, since a WeakRef
 * keeps its target alive until the job that made it ends. Up to 20 tries 50 ms apart: once, with this file run among
 * others on a loaded machine, one collection left the CST case's first token and lines, which the next run freed at
 * the first; what the package kept (before parse.ts released its parsers) stayed through every try. */
async function stillHeld(watched: Watched): Promise<string[]> {
  const gc = collector();
  let held: string[] = [];
  for (let attempt = 0; attempt < 20; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, attempt === 0 ? 0 : 50));
    gc();
    held = watched.held.filter(([, ref]) => ref.deref() !== undefined).map(([name]) => name);
    if (held.length === 0) break;
  }
  return held;
}

/** `n` comparisons joined by OR, on lines of their own (about 450 KB for 20,000), then `last`. */
const disjunction = (n: number, last: string) => `${Array.from({ length: n }, (_, i) => `\`Region\` = 'R${i}'`).join(' OR\n')} OR ${last}`;

describe('parseFormula keeps nothing of its input', () => {
  // Each reads through one more of parse.ts's readings (checked by counting their read calls when written).
  const cases: Array<[string, () => string]> = [
    ['a valid formula (the fast parser)', () => disjunction(20_000, '`Region` IS NULL')],
    ['a formula the light recovery mends (the fast parser, twice more)', () => `(${disjunction(20_000, '1')} 2) + 1`],
    ['a formula only single-token recovery mends (the recovering parser)', () => `IF(${disjunction(20_000, '1')}, b c, d)`],
    ['a formula whose errors re-synchronise, with input after a stray ) (the CST parser, read again after it)', () => disjunction(20_000, '* * 3 ) ( CASE WHEN')],
  ];
  it.each(cases)('%s: its tokens and line index are collectable once the result is dropped', async (name, make) => {
    const watched = parseAndDrop(make);
    expect(watched.errors > 0).toBe(!name.startsWith('a valid'));
    expect(await stillHeld(watched)).toEqual([]);
  });

  it('the text itself is collectable, and so is what reading one long sequence took', async () => {
    // No weak reference reaches a string: the heap is measured instead. A function name of 13 characters or more is a
    // slice that keeps its whole text (see tokens.ts's ownCopy); the operands are one sequence. 2.3 MB for 200,000.
    const make = (name: string, operands: number) => `${name}(\`Date\`) + ${Array.from({ length: operands }, (_, i) => `'t${i}'`).join(' + ')}`;
    const gc = collector();
    const heapAfterCollecting = async () => {
      // V8 keeps the subject of the last successful regular expression match (any code's): one on a text of ours.
      /x/.exec('x');
      await new Promise((resolve) => setTimeout(resolve, 0));
      gc();
      return process.memoryUsage().heapUsed;
    };
    // The same code and feedback, made before measuring, on a formula a tenth as long.
    parseFormula(make('UNIX_TIMESTAMP', 20_000));
    const before = await heapAfterCollecting();
    const length = parseFormula(make('unix_timestamp', 200_000)).text.length;
    const kept = (await heapAfterCollecting()) - before;
    // Measured: 0.02 MB; before, the text (2.3 MB, through the memo of upper-cased words) and the sequence's storage
    // (4 MB) stayed.
    expect(kept).toBeLessThan(length / 8);
  });
});
