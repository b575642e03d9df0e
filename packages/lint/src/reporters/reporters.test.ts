// Reporters given hostile text: control characters, bidirectional overrides, lone surrogates, megabyte lines. stylish
// and github print no raw control character; junit is well-formed XML 1.0 (checked by saxes, a conforming parser);
// json and sarif are valid JSON.
import fc from 'fast-check';
import { SaxesParser } from 'saxes';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { RULES } from '../rules/index.js';
import type { LintMessage } from '../types.js';
import { palette } from './colors.js';
import { codeFrame } from './code-frame.js';
import { escapeForTerminal } from './escape.js';
import { REPORTERS, type FileResult } from './index.js';

const CONTEXT = { color: false, rules: RULES, toolVersion: '0.0.0' };
const plain = palette(false);
const id = (s: string) => s;

function fileResult(filePath: string, source: string, messages: LintMessage[]): FileResult {
  return { filePath, source, messages, errorCount: messages.length, warningCount: 0, fixableErrorCount: 0, fixableWarningCount: 0 };
}
const range = (line: number, column: number, endColumn = column + 1, offset = 0) => ({ start: { line, column, offset }, end: { line, column: endColumn, offset: offset + endColumn - column } });

/** XML 1.0 well-formedness errors of `text` (saxes reports disallowed characters, bad entities, unclosed tags). */
function xmlErrors(text: string): string[] {
  const errors: string[] = [];
  const parser = new SaxesParser();
  parser.on('error', (e) => errors.push(e.message));
  parser.write(text).close();
  // saxes reads JavaScript strings: a lone surrogate is no character at all in an XML document.
  if (/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text)) errors.push('lone surrogate');
  return errors;
}
/** Raw control characters a terminal would act on (C0 except LF, DEL, C1), and bidirectional controls. */
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** Any UTF-16 string: control characters, lone surrogates and markup characters are likely. */
const hostile = fc
  .array(
    fc.oneof(
      fc.integer({ min: 0, max: 0x1f }),
      fc.integer({ min: 0x7f, max: 0x9f }),
      fc.constantFrom(0x26, 0x3c, 0x3e, 0x22, 0x27, 0x5d, 0x25, 0x3a, 0x2c, 0x0a, 0x0d, 0x09, 0xfffe, 0xffff, 0x202e, 0x2028, 0xd800, 0xdc00, 0xd834, 0xdd1e),
      fc.integer({ min: 0x20, max: 0xffff }),
    ),
    { maxLength: 40 },
  )
  .map((codes) => String.fromCharCode(...codes));

describe('escapeForTerminal', () => {
  it('shows control characters as escapes, the rest as is', () => {
    expect(escapeForTerminal('a\u001b[31mb\u0007c\rd\ne\tf\u007f\u009b\u202eg')).toBe('a\\x1b[31mb\\x07c\\rd\\ne\\tf\\x7f\\x9b\\u202eg');
    expect(escapeForTerminal('Café 𝄞 `Sales`')).toBe('Café 𝄞 `Sales`');
  });
});

describe('codeFrame', () => {
  it('frames a plain line as before', () => {
    expect(codeFrame('SUM(`x`)\n/ 0', range(2, 3), plain, id)).toBe(['  1 | SUM(`x`)', '> 2 | / 0', '    |   ^'].join('\n'));
  });

  it('shows control characters as escapes and keeps the carets under the problem', () => {
    // The BEL is at column 15; shown as `\x07`, after `\x1b`: four carets, 17 columns in.
    const frame = codeFrame('SUM(`a\u001b[2Jb`) \u0007 / 0', range(1, 15, 16), plain, id);
    expect(frame).toBe(['> 1 | SUM(`a\\x1b[2Jb`) \\x07 / 0', `    | ${' '.repeat(17)}^^^^`].join('\n'));
    expect(frame).not.toMatch(RAW_CONTROL);
  });

  it('shows a window of a long line around the problem, not the whole line', () => {
    const line = `${'a'.repeat(500_000)}!${'b'.repeat(500_000)}`;
    const frame = codeFrame(line, range(1, 500_001), plain, id);
    const [text, carets] = frame.split('\n');
    expect(text!.length).toBeLessThan(200);
    expect(text).toMatch(/^> 1 \| …a+!b+…$/);
    expect(carets!.length).toBeLessThan(200);
    // The caret is under the `!`.
    expect(text!.indexOf('!')).toBe(carets!.indexOf('^'));
  });

  it.each([
    // [line, problem's 1-based column and end column (UTF-16), carets' column and count on screen]
    ['CJK before and under the problem', 'SUM(`売上高`) / `数量`', 14, 18, 16, 6],
    ['an emoji outside the BMP before the problem', "CONCAT('🎉', `x`)", 14, 17, 13, 3],
    ['a symbol outside the BMP of one column', "CONCAT('𝄞', `x`)", 14, 17, 12, 3],
    ['a character of one UTF-16 unit and two columns', "CONCAT('☕', x)", 13, 14, 13, 1],
    ['a combining accent (no column of its own)', "CONCAT('e\u0301', x)", 14, 15, 12, 1],
    ['a ZWJ emoji sequence (one picture, two columns)', "CONCAT('👨\u200d👩\u200d👧', x)", 20, 21, 13, 1],
    ['a wide character underlined', "'東京' = x", 2, 4, 1, 4],
  ])('places the carets by display width: %s', (_, line, column, endColumn, caretColumn, caretCount) => {
    const [, carets] = codeFrame(line, range(1, column, endColumn), plain, id).split('\n');
    expect(carets).toBe(`    | ${' '.repeat(caretColumn)}${'^'.repeat(caretCount)}`);
  });

  it('keeps a long line of wide characters to the window and the caret under the problem', () => {
    const line = `${'売'.repeat(5_000)}!${'上'.repeat(5_000)}`;
    const [text, carets] = codeFrame(line, range(1, 5_001), plain, id).split('\n');
    expect(stringWidth(text!)).toBeLessThan(200);
    // The caret is under the `!`: as many columns in as the text before it takes.
    expect(stringWidth(text!.slice(0, text!.indexOf('!')))).toBe(carets!.indexOf('^'));
  });

  it('escapes in a long line count in the window', () => {
    const frame = codeFrame(`${'\u0001'.repeat(10_000)}x`, range(1, 10_001), plain, id);
    const [text, carets] = frame.split('\n');
    expect(text!.length).toBeLessThan(200);
    expect(text!.lastIndexOf('x')).toBe(carets!.indexOf('^'));
  });
});

describe('reporters and hostile text', () => {
  const resultsOf = (name: string, message: string, source: string): FileResult[] => [
    fileResult(name, source, [
      { ruleId: 'syntax-error', severity: 'error', message, range: range(1, 1, 3) },
      { ruleId: 'file-encoding', fatal: true, severity: 'error', message, range: range(1, 1) },
    ]),
  ];

  it('stylish prints no raw control character (file names, messages, code frames)', () => {
    fc.assert(
      fc.property(hostile, hostile, hostile, (name, message, source) => {
        expect(REPORTERS['stylish']!(resultsOf(name, message, source), CONTEXT)).not.toMatch(RAW_CONTROL);
      }),
      { numRuns: 500 },
    );
  });

  it('stylish with colour: the only escapes are its own colour codes', () => {
    const out = REPORTERS['stylish']!(resultsOf('a\u001b]0;title\u0007.calc', 'x\u001b[2Jy', 'SUM(\u001b[31m)'), { ...CONTEXT, color: true });
    expect(out.replace(/\u001b\[\d+m/g, '')).not.toMatch(RAW_CONTROL);
    expect(out).toContain('a\\x1b]0;title\\x07.calc');
  });

  it('github: one line per problem, no raw control character', () => {
    fc.assert(
      fc.property(hostile, hostile, (name, message) => {
        const out = REPORTERS['github']!(resultsOf(name, message, ''), CONTEXT);
        expect(out).not.toMatch(RAW_CONTROL);
        expect(out.split('\n').filter(Boolean)).toHaveLength(2);
      }),
      { numRuns: 500 },
    );
  });

  it('junit is well-formed XML 1.0 whatever the file names and messages hold', () => {
    fc.assert(
      fc.property(hostile, hostile, (name, message) => {
        expect(xmlErrors(REPORTERS['junit']!(resultsOf(name, message, ''), CONTEXT))).toEqual([]);
      }),
      { numRuns: 1000 },
    );
  });

  it('junit keeps what it can: markup as entities, line breaks and tabs in attributes as references, controls as escapes', () => {
    const out = REPORTERS['junit']!(resultsOf('a<&>".calc', 'x\u001by ]]> \t\n\r\ufffe\ud800', ''), CONTEXT);
    expect(xmlErrors(out)).toEqual([]);
    expect(out).toContain('classname="a&lt;&amp;&gt;&quot;.calc"');
    expect(out).toContain('message="x\\x1by ]]&gt; &#9;&#10;&#13;\\ufffe\\ud800"');
    let attribute = '';
    const parser = new SaxesParser();
    parser.on('opentag', (tag) => {
      if (tag.name === 'failure') attribute = tag.attributes['message'] as string;
    });
    parser.write(out).close();
    expect(attribute).toBe('x\\x1by ]]> \t\n\r\\ufffe\\ud800');
  });

  it('json and sarif are valid JSON whatever the text holds (lone surrogates as \\u escapes)', () => {
    fc.assert(
      fc.property(hostile, hostile, (name, message) => {
        for (const format of ['json', 'sarif']) {
          const out = REPORTERS[format]!(resultsOf(name, message, ''), CONTEXT);
          expect(out.isWellFormed()).toBe(true);
          expect(() => JSON.parse(out)).not.toThrow();
        }
      }),
      { numRuns: 500 },
    );
  });

  it('the note on problems not shown: ruleId null in json, no code frame in stylish', () => {
    const note: LintMessage = { ruleId: 'too-many-problems', severity: 'error', message: '5 more problems not shown (5 errors): at most 1 are shown per file', range: range(1, 2) };
    const results = [fileResult('a.calc', 'xy', [{ ruleId: 'syntax-error', severity: 'error', message: 'bad', range: range(1, 1) }, note])];
    expect(JSON.parse(REPORTERS['json']!(results, CONTEXT))[0].messages[1]).toMatchObject({ ruleId: null, severity: 2, message: note.message });
    expect(REPORTERS['json']!(results, CONTEXT)).not.toContain('"fatal"');
    const stylish = REPORTERS['stylish']!(results, CONTEXT);
    expect(stylish).toContain(`  1:2  error  ${note.message}\n\n`);
    expect(REPORTERS['github']!(results, CONTEXT)).toContain('title=calckit::5 more problems');
  });
});
