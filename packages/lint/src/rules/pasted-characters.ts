// pasted-characters: invisible characters, Unicode spaces, dashes and full-width punctuation copied with a formula from
// a web page or a document; the lexer finds them (pasted-character errors), this rule names them and fixes them.
import { PASTED_CHARACTERS, describePasted, type PastedCharacter } from '@calckit/formula';
import { defineRule } from '../types.js';

/** A run of one pasted character: `count` of `entry.char` from `offset`. */
export interface PastedRun {
  readonly entry: PastedCharacter;
  readonly offset: number;
  readonly count: number;
}

/** `Zero-width space (U+200B)`, or `No-break space (U+00A0), 4 in a row`: what messages call a run. */
export function describeRun(run: PastedRun): string {
  const what = describePasted(run.entry.char);
  return `${what[0]!.toUpperCase()}${what.slice(1)}${run.count > 1 ? `, ${run.count} in a row` : ''}`;
}

/** What the fix writes for a run (a space or line break per character, nothing, or the imitated character). */
export function replacementOf(run: PastedRun): string {
  return run.entry.replacement.repeat(run.count);
}

/** How a message names the replacement of a run. */
export function replacementWords(run: PastedRun): string {
  const r = run.entry.replacement;
  if (r === '\n') return run.count > 1 ? 'line breaks' : 'a line break';
  if (r === ' ') return run.count > 1 ? 'plain spaces' : 'a plain space';
  return r;
}

export const rule = defineRule({
  meta: {
    id: 'pasted-characters',
    description: 'Disallow invisible characters, Unicode spaces and look-alike dashes or punctuation pasted into a formula',
    category: 'problem',
    defaultSeverity: 'error',
    fixable: 'code',
    messages: {
      invisible: '{{character}} is invisible: remove it',
      space: '{{character}} is not a plain space: replace it with {{replacement}}',
      lookalike: '{{character}} looks like {{replacement}} but is a different character: write {{replacement}}',
    },
    docs: {
      rationale:
        "Web pages, word processors and chat tools copy more than the visible text: zero-width spaces, soft hyphens, word joiners and bidirectional marks are invisible; no-break, thin and other Unicode spaces look like spaces; en dashes, em dashes and minus signs look like `-`, and full-width parentheses and commas like their ASCII forms. The formula language reads none of them, and the message says which character it is, with its code point, since an invisible one cannot be seen. calckit reads the formula as it will be once fixed (the rest of it parses, with no errors that follow from the character), and the fix removes an invisible character, writes a plain space for a Unicode space and the ASCII character for a look-alike. Inside strings and column names see `pasted-characters-in-text`. By `syntax-error`, without a fix, when this rule is off.",
      examples: [
        { code: 'SUM(`Profit`) - SUM(`Cost`)', reported: false },
        { code: 'SUM(`Profit`)\u200b - SUM(`Cost`)', reported: true, note: 'a zero-width space (U+200B) after the first `)`' },
        { code: 'SUM(`Profit`) \u2013 SUM(`Cost`)', reported: true, note: 'an en dash (U+2013) for minus' },
      ],
    },
  },
  create(context) {
    return {
      onStart() {
        const text = context.text;
        // Characters the lexer skipped stood between tokens; the others sit inside a word, which it read joined.
        const between = new Set(context.parse.skipped.map((s) => s.offset));
        for (const error of context.parse.errors) {
          if (error.code !== 'pasted-character') continue;
          const offset = error.range.start.offset;
          const entry = PASTED_CHARACTERS.get(text[offset]!);
          if (!entry) continue;
          const run: PastedRun = { entry, offset, count: error.range.end.offset - offset };
          const replacement = replacementOf(run);
          context.report({
            messageId: entry.kind,
            data: { character: describeRun(run), replacement: replacementWords(run) },
            range: error.range,
            // Inside a word the removal must join its halves (`DATE­DIFF` is DATEDIFF): a plain edit, not the fixer's,
            // which keeps words apart. Between tokens the fixer keeps them apart, as the lexer read them (`1​2`).
            fix: between.has(offset) ? (f) => f.replaceOffsets(offset, offset + run.count, replacement) : { range: [offset, offset + run.count], text: replacement },
          });
        }
      },
    };
  },
});
