// pasted-characters-in-text: invisible characters and Unicode spaces inside strings and column names, where they are
// valid but almost always pasted by accident (a column name with a zero-width space names no column of the dataset).
import { PASTED_CHARACTERS, type Node } from '@calckit/formula';
import { defineRule, type RuleContext } from '../types.js';
import { describeRun, replacementOf, replacementWords, type PastedRun } from './pasted-characters.js';

/** The table's characters that are reported inside text (not the joiners that emoji and some scripts need, nor dashes). */
const IN_TEXT = new RegExp(`[${[...PASTED_CHARACTERS.values()].filter((e) => e.inText).map((e) => `\\u${e.char.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}]`, 'g');

/** Runs of reported characters in a literal's source text, with their offsets in the formula. */
function runsIn(raw: string, start: number): PastedRun[] {
  const runs: PastedRun[] = [];
  IN_TEXT.lastIndex = 0;
  for (let m = IN_TEXT.exec(raw); m; m = IN_TEXT.exec(raw)) {
    const char = m[0];
    let count = 1;
    while (raw[m.index + count] === char) count++;
    runs.push({ entry: PASTED_CHARACTERS.get(char)!, offset: start + m.index, count });
    IN_TEXT.lastIndex = m.index + count;
  }
  return runs;
}

function check(context: RuleContext, node: Node, raw: string, messageId: 'column' | 'text'): void {
  // Nearly every literal is plain: one test, and the scan only for the rare one that holds something.
  IN_TEXT.lastIndex = 0;
  if (!IN_TEXT.test(raw)) return;
  for (const run of runsIn(raw, node.range.start.offset)) {
    const end = run.offset + run.count;
    const replacement = replacementOf(run);
    context.report({
      messageId,
      data: { character: describeRun(run), literal: raw },
      range: context.parse.lines.rangeOf(run.offset, end),
      // Plain edits: inside a literal nothing can merge, and the fixer's guard would put a space into `Customer­ID`.
      suggest: [
        replacement === ''
          ? { messageId: 'remove', data: { what: run.count > 1 ? 'them' : 'it' }, fix: { range: [run.offset, end], text: '' } }
          : { messageId: 'replace', data: { what: run.count > 1 ? 'them' : 'it', replacement: replacementWords(run) }, fix: { range: [run.offset, end], text: replacement } },
      ],
    });
  }
}

export const rule = defineRule({
  meta: {
    id: 'pasted-characters-in-text',
    description: 'Warn about invisible characters and Unicode spaces inside strings and column names',
    category: 'problem',
    defaultSeverity: 'warn',
    hasSuggestions: true,
    messages: {
      column: '{{character}} in the column name {{literal}}: the name matches no column written without it',
      text: '{{character}} in the text {{literal}}: it differs from the same text typed without it',
      remove: 'Remove {{what}}',
      replace: 'Replace {{what}} with {{replacement}}',
    },
    docs: {
      rationale:
        'A column name or a string copied from a web page can carry characters that cannot be seen: a zero-width space, a soft hyphen, a bidirectional mark, or a no-break space where a space should be. The formula stays valid, but a column name ending in a zero-width space names no column of the dataset, and \'New York\' written with a no-break space equals no value typed with a plain space. The warning names the character and its code point; the suggestion (not applied by `--fix`, since it changes which column or value is meant) removes it or writes the plain space. Zero-width joiners and non-joiners are not reported: emoji sequences and Persian and Indic words need them. Dashes inside text are ordinary characters. Outside strings and names see `pasted-characters`.',
      examples: [
        { code: "CASE WHEN `Region` = 'New York' THEN 1 END", reported: false },
        { code: 'SUM(`Sales\u200b`)', reported: true, note: 'a zero-width space (U+200B) at the end of the column name' },
        { code: "CASE WHEN `Region` = 'New\u00a0York' THEN 1 END", reported: true, note: 'a no-break space (U+00A0)' },
      ],
    },
  },
  create(context) {
    return {
      Column(node) {
        if (node.quote !== 'bare') check(context, node, node.raw, 'column');
      },
      String(node) {
        if (node.quote === 'single') check(context, node, node.raw, 'text');
      },
      DoubleQuoted(node) {
        check(context, node, node.raw, 'text');
      },
    };
  },
});
