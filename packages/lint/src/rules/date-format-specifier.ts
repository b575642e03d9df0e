// date-format-specifier: the format argument of DATE_FORMAT, STR_TO_DATE, TIME_FORMAT and FROM_UNIXTIME: unknown `%`
// specifiers, specifier letters written without their `%` ('Y-m-d', '%Y-m'), pictures ('YYYY-MM-DD') and formats
// with no specifier at all, which the service prints as they are.
import { DATE_FORMAT_FUNCTIONS, DATE_FORMAT_SPECIFIERS, ENGINE_DATE_FORMAT_SPECIFIERS, type Range } from '@calckit/formula';
import { defineRule, type Fixer } from '../types.js';
import { singleQuoted, unparen } from './util.js';

/** Every specifier the engine prints, with what it prints: the service's documented ones and MySQL's others. */
const SPECIFIERS: Readonly<Record<string, string>> = { ...DATE_FORMAT_SPECIFIERS, ...ENGINE_DATE_FORMAT_SPECIFIERS };
/** Specifier letters (`Y` for `%Y`). */
const LETTERS: ReadonlySet<string> = new Set(Object.keys(SPECIFIERS).map((s) => s.slice(1)).filter((l) => /\p{L}/u.test(l)));
/** The documented specifiers, for the message about an unknown one. */
const DOCUMENTED_LIST = Object.keys(DATE_FORMAT_SPECIFIERS).filter((s) => s !== '%%').join(' ');
/** Which argument is the format: the second, for every function of the table. */
const FORMAT_INDEX = 1;
/**
 * Letters whose `%` may be added automatically. Formats without `%` are mostly copied from PHP-style formats
 * ('Y-m-d H:i:s'), where these letters mean what they mean here; the others mean something else there (PHP's `M` is
 * 'Jan', here `%M` is 'January'; PHP's `D` is 'Mon', here `%D` is '1st'), or are MySQL's only (`b`, `f`, `k`, `V`).
 * For the PHP look-alikes adding `%` is only a suggestion.
 */
const SAFE_LETTERS: ReadonlySet<string> = new Set([...'dHhimswYy', ...'bfkV']);
/** Characters that separate the items of a format: a lone letter between them is an item too ('%Y-m-%d'). Spaces
 * are not among them: '%H h %i' (French hours) has a lone letter meant as text. */
const SEPARATORS: ReadonlySet<string> = new Set([...'-/.:,']);
/** 'YYYY-MM-DD'-style pictures (Excel, Java, SQL's TO_CHAR) and their specifiers, longest first; `mm` after hours
 * is minutes. */
const PICTURE: ReadonlyArray<readonly [RegExp, string]> = [
  [/yyyy/gi, '%Y'],
  [/yy/gi, '%y'],
  [/MMMM/g, '%M'],
  [/MMM/g, '%b'],
  [/(?<=[Hh]{2}:)mm/g, '%i'],
  [/MM|mm/g, '%m'],
  [/dd/gi, '%d'],
  [/HH/g, '%H'],
  [/hh/g, '%h'],
  [/ss/gi, '%s'],
];

/** One item of a format: a `%` specifier or one other character, with its index in the text. */
interface Item {
  readonly spec: boolean;
  readonly text: string;
  readonly index: number;
}

function itemsOf(value: string): Item[] {
  const items: Item[] = [];
  for (let i = 0; i < value.length; i++) {
    if (value[i] === '%' && i + 1 < value.length) {
      items.push({ spec: true, text: value.slice(i, i + 2), index: i });
      i++;
    } else items.push({ spec: false, text: value[i]!, index: i });
  }
  return items;
}

/** Lone specifier letters between separators next to a specifier: the `m` of '%Y-m' and the `Y` of 'Y-%m-%d'. */
function loneLetters(items: readonly Item[]): Item[] {
  const separator = (k: number) => { const it = items[k]; return it !== undefined && !it.spec && SEPARATORS.has(it.text); };
  const edge = (k: number) => k < 0 || k >= items.length || separator(k);
  const spec = (k: number) => items[k]?.spec === true;
  return items.filter((it, k) => !it.spec && LETTERS.has(it.text) && edge(k - 1) && edge(k + 1) && ((separator(k - 1) && spec(k - 2)) || (separator(k + 1) && spec(k + 2))));
}

/** The format with `%` before every letter, when each letter is a specifier; `safe` when the fix may be automatic. */
function withPercents(value: string): { fixed: string; safe: boolean } | undefined {
  // Specifier letters are ASCII: other letters separate them like punctuation ('Y年m月').
  const runs = value.match(/[A-Za-z]+/g) ?? [];
  if (runs.length === 0) return undefined;
  const letters = runs.join('');
  if (![...letters].every((l) => LETTERS.has(l))) return undefined;
  const alone = runs.every((r) => r.length === 1);
  // Letters run together ('Ymd', 'His') may be a word ('Week' is all specifier letters): only the PHP-style letters,
  // none twice in a run, and then only as a suggestion.
  if (!alone && !runs.every((r) => [...r].every((l) => SAFE_LETTERS.has(l)) && new Set(r).size === r.length)) return undefined;
  return { fixed: value.replace(/[A-Za-z]/g, (l) => `%${l}`), safe: alone && [...letters].every((l) => SAFE_LETTERS.has(l)) };
}

/** The picture translated, when it is made of picture tokens and separators only ('Class' has `ss` but is a word). */
function fromPicture(value: string): string | undefined {
  let fixed = value;
  for (const [re, spec] of PICTURE) fixed = fixed.replace(re, spec);
  return fixed === value || /[A-Za-z]/.test(fixed.replace(/%./g, '')) ? undefined : fixed;
}

export const rule = defineRule({
  meta: {
    id: 'date-format-specifier',
    description: 'Report invalid or missing % specifiers in the formats of DATE_FORMAT, STR_TO_DATE, TIME_FORMAT and FROM_UNIXTIME',
    category: 'problem',
    defaultSeverity: 'error',
    fixable: 'code',
    hasSuggestions: true,
    messages: {
      unknown: `'%{{letter}}' is not a date format specifier (valid: ${DOCUMENTED_LIST} …)`,
      trailing: "The format ends with a lone '%'; write '%%' for a percent sign",
      noPercent: 'The format {{raw}} has no % before its letters, so they are printed as they are; write {{fixed}}',
      loneLetter: "'{{letter}}' in the format is printed as the letter; '%{{letter}}' is the {{meaning}}",
      picture: 'The format {{raw}} has no % specifiers, so it is printed literally; did you mean {{fixed}}?',
      literal: 'The format {{raw}} has no % specifiers, so every row gets this same text',
      replace: 'Replace with {{fixed}}',
      addPercent: "Write '%{{letter}}'",
    },
    docs: {
      rationale: [
        "Formats use MySQL's `%` specifiers (`'%Y-%m-%d'`): the service prints everything else as it is. The rule reports:",
        '',
        "- a format without any `%`: `'Y-m-d'` prints \"Y-m-d\" on every row. When each letter stands alone and is a specifier, the fix adds the `%`s (`'%Y-%m-%d'`); it is automatic for the letters that mean the same in the PHP-style formats such strings come from (d H h i m s w Y y, and MySQL's own b f k V), a suggestion for the others (`'M d, Y'`: PHP's `M` is Jan, `%M` January) and for letters run together (`'Ymd'`). Pictures (`'YYYY-MM-DD'`, `'dd/mm/yyyy'`) get the translated format as a suggestion; any other text (`'Week'`, `'Q'`) is reported without one;",
        "- a specifier letter alone between separators next to a specifier: the `m` of `'%Y-m'`, the `Y` of `'Y-%m-%d'`; letters that touch a specifier (`'%Y-%m-%dT%H'`) or stand between spaces (`'%H h %i'`) are text and stay clean;",
        `- an unknown specifier (\`'%q'\` prints "q") and a trailing lone \`%\`. The documented specifiers are ${DOCUMENTED_LIST}; MySQL's ${Object.keys(ENGINE_DATE_FORMAT_SPECIFIERS).join(' ')} and %% are accepted too.`,
      ].join('\n'),
      examples: [
        { code: "DATE_FORMAT(`Date`, '%Y-%m-%d')", reported: false },
        { code: "DATE_FORMAT(`Date`, 'Y-m-d')", reported: true },
        { code: "DATE_FORMAT(`Date`, '%Y-m')", reported: true },
        { code: "DATE_FORMAT(`Date`, 'YYYY-MM-DD')", reported: true },
        { code: "DATE_FORMAT(`Date`, '%Y-%q')", reported: true },
        { code: "DATE_FORMAT(`Date`, '%Y-%m-%dT%H:%i')", reported: false },
      ],
    },
  },
  create(context) {
    return {
      Call(node) {
        if (!DATE_FORMAT_FUNCTIONS.includes(node.upperName)) return;
        const arg = node.args[FORMAT_INDEX];
        if (!arg) return;
        const format = unparen(arg);
        if (format.kind !== 'String' || format.quote !== 'single') return;
        const value = format.value;
        // Offsets inside the literal map 1:1 to the source unless the text has doubled quotes; then report the literal.
        const exact = format.raw.length === value.length + 2;
        const start = format.range.start.offset + 1;
        const at = (i: number, length: number): { range: Range } | { node: typeof format } =>
          exact ? { range: context.parse.lines.rangeOf(start + i, start + i + length) } : { node: format };
        const replaceAll = (fixed: string) => (f: Fixer) => f.replace(format, singleQuoted(fixed));

        if (!value.includes('%')) {
          const percents = withPercents(value);
          if (percents) {
            const fixed = singleQuoted(percents.fixed);
            const data = { raw: format.raw, fixed };
            if (percents.safe) context.report({ messageId: 'noPercent', data, node: format, fix: replaceAll(percents.fixed) });
            else context.report({ messageId: 'noPercent', data, node: format, suggest: [{ messageId: 'replace', data: { fixed }, fix: replaceAll(percents.fixed) }] });
            return;
          }
          const picture = fromPicture(value);
          if (picture !== undefined) {
            const fixed = singleQuoted(picture);
            context.report({ messageId: 'picture', data: { raw: format.raw, fixed }, node: format, suggest: [{ messageId: 'replace', data: { fixed }, fix: replaceAll(picture) }] });
            return;
          }
          context.report({ messageId: 'literal', data: { raw: format.raw }, node: format });
          return;
        }

        const items = itemsOf(value);
        const last = items[items.length - 1];
        for (const it of items) {
          if (!it.spec || SPECIFIERS[it.text] !== undefined) continue;
          context.report({ messageId: 'unknown', data: { letter: it.text.slice(1) }, ...at(it.index, 2) });
        }
        // A '%' as the last character is left alone by itemsOf: '%%' pairs are specifiers.
        if (last && !last.spec && last.text === '%') {
          context.report({ messageId: 'trailing', ...at(last.index, 1) });
        }
        // Lone letters need exact offsets for their one-character fix.
        if (!exact) return;
        for (const it of loneLetters(items)) {
          const offset = start + it.index;
          const add = (f: Fixer) => f.insertBefore(context.parse.lines.rangeOf(offset, offset + 1), '%');
          const data = { letter: it.text, meaning: lowerFirst(SPECIFIERS[`%${it.text}`]!) };
          const range = context.parse.lines.rangeOf(offset, offset + 1);
          if (SAFE_LETTERS.has(it.text)) context.report({ messageId: 'loneLetter', data, range, fix: add });
          else context.report({ messageId: 'loneLetter', data, range, suggest: [{ messageId: 'addPercent', data: { letter: it.text }, fix: add }] });
        }
      },
    };
  },
});

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
