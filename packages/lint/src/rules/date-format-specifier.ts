// date-format-specifier: unknown `%` specifiers in DATE_FORMAT / STR_TO_DATE / TIME_FORMAT formats, and formats
// written like 'YYYY-MM-DD' (no specifiers at all).
import type { Rule } from '../types.js';
import { singleQuoted, unparen } from './util.js';

/** Specifiers the service documents, and MySQL's other ones (accepted by its engine). */
export const DATE_FORMAT_SPECIFIERS: ReadonlySet<string> = new Set([...'abdefHhijMmprsTvWwxYy', ...'cDklSUuVX%']);
/** Which argument is the format, by function. */
const FORMAT_ARGUMENT: ReadonlyMap<string, number> = new Map([
  ['DATE_FORMAT', 1],
  ['STR_TO_DATE', 1],
  ['TIME_FORMAT', 1],
]);
/** 'YYYY-MM-DD'-style tokens and their specifiers, longest first. */
const PICTURE: ReadonlyArray<readonly [RegExp, string]> = [
  [/YYYY/g, '%Y'],
  [/YY/g, '%y'],
  [/MM/g, '%m'],
  [/DD/g, '%d'],
  [/HH/g, '%H'],
  [/mm/g, '%i'],
  [/SS|ss/g, '%s'],
];

export const rule: Rule = {
  meta: {
    id: 'date-format-specifier',
    description: 'Report invalid specifiers in DATE_FORMAT, STR_TO_DATE and TIME_FORMAT formats',
    category: 'problem',
    defaultSeverity: 'error',
    hasSuggestions: true,
    messages: {
      unknown: "'%{{letter}}' is not a date format specifier (valid: %Y %y %m %c %d %e %H %h %i %s %p %M %b %W %a %j %T %r …)",
      trailing: "The format ends with a lone '%'; write '%%' for a percent sign",
      picture: "The format {{raw}} has no % specifiers, so it is printed literally; did you mean {{fixed}}?",
      usePicture: 'Replace with {{fixed}}',
    },
    docs: {
      rationale:
        "Formats use MySQL's `%` specifiers (`%Y-%m-%d`). An unknown specifier is printed as its letter, and a picture such as 'YYYY-MM-DD' is printed literally, so every row gets the same text. The documented specifiers are %a %b %d %e %f %H %h %i %j %M %m %p %r %s %T %v %W %w %x %Y %y; MySQL's %c %D %k %l %S %U %u %V %X and %% are accepted too.",
      examples: [
        { code: "DATE_FORMAT(`Date`, '%Y-%m-%d')", reported: false },
        { code: "DATE_FORMAT(`Date`, '%Y-%q')", reported: true },
        { code: "DATE_FORMAT(`Date`, 'YYYY-MM-DD')", reported: true },
      ],
    },
  },
  create(context) {
    return {
      Call(node) {
        const index = FORMAT_ARGUMENT.get(node.upperName);
        if (index === undefined) return;
        const arg = node.args[index];
        if (!arg) return;
        const format = unparen(arg);
        if (format.kind !== 'String') return;
        const value = format.value;
        const start = format.range.start.offset + 1;
        if (!value.includes('%')) {
          let fixed = value;
          for (const [re, spec] of PICTURE) fixed = fixed.replace(re, spec);
          if (fixed !== value) {
            const literal = singleQuoted(fixed);
            context.report({ messageId: 'picture', data: { raw: format.raw, fixed: literal }, node: format, suggest: [{ messageId: 'usePicture', data: { fixed: literal }, fix: (f) => f.replace(format, literal) }] });
          }
          return;
        }
        // Offsets inside the literal map 1:1 to the source unless the text has doubled quotes; then report the literal.
        const exact = format.raw.length === value.length + 2;
        for (let i = 0; i < value.length; i++) {
          if (value[i] !== '%') continue;
          const letter = value[i + 1];
          if (letter === undefined) {
            context.report({ messageId: 'trailing', ...(exact ? { range: context.parse.lines.rangeOf(start + i, start + i + 1) } : { node: format }) });
            break;
          }
          if (!DATE_FORMAT_SPECIFIERS.has(letter)) {
            context.report({ messageId: 'unknown', data: { letter }, ...(exact ? { range: context.parse.lines.rangeOf(start + i, start + i + 2) } : { node: format }) });
          }
          i++;
        }
      },
    };
  },
};
