// Names from a formula, a schema, a project or the service go into the Markdown of hovers and completions. Rendered by
// a CommonMark renderer (marked: what the workbench page's client uses), none may leave its code block or span, or
// be read as markup: a shared workbench link whose column name closed the fence ran its HTML in the page.
import { marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { backtickColumn, code, inlineCode, plainInMarkdown } from './markdown.js';
import { markdownToPlainText } from './plain-text.js';

const HOSTILE = [
  'x\n````\n<img src=x onerror="alert(1)">\n',
  'x\n```\n<img src=x onerror="alert(1)">',
  '<img src=x onerror="alert(1)">',
  'a`',
  '`a',
  '``',
  '`<b>bold</b>`',
  '[click](https://example.com)',
  'see www.example.com or ann@example.com',
  '**Sales** _2024_ # 1',
  'Tom & Jerry\'s "cut"',
];

const unescapeHtml = (html: string) => html.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
const render = (markdown: string) => marked.parse(markdown, { async: false });
/** The HTML's elements, by tag name. */
const tagsOf = (html: string) => [...html.matchAll(/<([a-z]+)[\s>]/g)].map((m) => m[1]);

describe('Markdown of names', () => {
  it.each(HOSTILE)('a fenced code block holds %j whole', (name) => {
    const html = render(code(backtickColumn(name)));
    expect(tagsOf(html)).toEqual(['pre', 'code']);
    expect(unescapeHtml(html.replace(/^<pre><code class="language-calc">/, '').replace(/\n?<\/code><\/pre>\n?$/, ''))).toBe(backtickColumn(name));
  });

  it.each(HOSTILE)('a code span holds %j whole', (name) => {
    const html = render(inlineCode(name));
    expect(tagsOf(html)).toEqual(['p', 'code']);
    // CommonMark turns a code span's line breaks into spaces and strips one space of padding on each side.
    expect(unescapeHtml(html.replace(/^<p><code>/, '').replace(/<\/code><\/p>\n?$/, ''))).toBe(name.replace(/\n/g, ' ').replace(/^ (.*) $/s, '$1'));
  });

  it.each(HOSTILE)('plain text shows %j as it is', (name) => {
    const html = render(plainInMarkdown(name));
    expect(tagsOf(html)).toEqual(['p']);
    expect(unescapeHtml(html.replace(/^<p>/, '').replace(/<\/p>\n?$/, '')).trim()).toBe(name.replace(/[\r\n]+/g, ' ').trim());
  });

  // A client without Markdown gets the server's plain text of the same Markdown (plain-text.ts): the name as it is.
  it.each(HOSTILE)('plain text for a client without Markdown shows %j as it is', (name) => {
    expect(markdownToPlainText(`Nested calculation **7**: ${plainInMarkdown(name)}.`)).toBe(`Nested calculation 7: ${name.replace(/[\r\n]+/g, ' ')}.`);
  });

  it.each(HOSTILE)('plain text for a client without Markdown shows the code block of %j as it is', (name) => {
    expect(markdownToPlainText(`${code(backtickColumn(name))}\n\nColumn of type **LONG**.`)).toBe(`${backtickColumn(name)}\n\nColumn of type LONG.`);
  });
});
