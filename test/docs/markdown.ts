// What the docs tests read from a Markdown page: its links and images (each with its line), and the anchors it
// offers (its headings by GitHub's slug rules, and explicit <a id|name="…">). Parsed with markdown-it, as GitHub
// parses CommonMark, so that code spans and code blocks are never read as links.
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import GithubSlugger from 'github-slugger';
// @ts-expect-error markdown-it ships no types; the few fields read here are typed below.
import MarkdownIt from 'markdown-it';

interface MdToken {
  type: string;
  map: [number, number] | null;
  content: string;
  children: MdToken[] | null;
  attrGet(name: string): string | null;
}

const parser: { parse(text: string, env: object): MdToken[] } = new MarkdownIt({ html: true });

export interface PageLink {
  /** As written: a path, an anchor (`#…`) or both, or a URL. */
  target: string;
  kind: 'link' | 'image';
  /** 1-based line of the page where it is written. */
  line: number;
}

export interface Page {
  links: PageLink[];
  /** The ids a `#fragment` may name on this page. */
  anchors: Set<string>;
}

// Attributes of the HTML tags written in Markdown: <a href>, <img src>, and the ids of anchors.
const HTML_TAG = /<(a|img)\b[^>]*>/gi;
const attribute = (tag: string, name: string): string | undefined =>
  new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'i').exec(tag)?.slice(1).find((v) => v !== undefined);

function readHtml(html: string, line: number, page: Page): void {
  for (const [tag, name] of html.matchAll(HTML_TAG)) {
    const target = attribute(tag, name!.toLowerCase() === 'a' ? 'href' : 'src');
    if (target !== undefined) page.links.push({ target, kind: name!.toLowerCase() === 'a' ? 'link' : 'image', line });
    for (const id of [attribute(tag, 'id'), attribute(tag, 'name')]) if (id !== undefined) page.anchors.add(id);
  }
}

/** The text GitHub slugs for a heading: its inline content without markup (code spans keep their text). */
function headingText(inline: MdToken): string {
  return (inline.children ?? [])
    .filter((c) => c.type === 'text' || c.type === 'code_inline')
    .map((c) => c.content)
    .join('');
}

export function readPage(text: string): Page {
  const page: Page = { links: [], anchors: new Set() };
  const slugger = new GithubSlugger(); // one per document: a repeated heading gets -1, -2, …
  const tokens = parser.parse(text, {});
  let line = 1;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.map) line = token.map[0] + 1;
    if (token.type === 'heading_open') page.anchors.add(slugger.slug(headingText(tokens[i + 1]!)));
    if (token.type === 'html_block') readHtml(token.content, line, page);
    if (token.type !== 'inline') continue;
    let inlineLine = line;
    for (const child of token.children ?? []) {
      if (child.type === 'softbreak' || child.type === 'hardbreak') inlineLine++;
      else if (child.type === 'link_open') page.links.push({ target: child.attrGet('href') ?? '', kind: 'link', line: inlineLine });
      else if (child.type === 'image') page.links.push({ target: child.attrGet('src') ?? '', kind: 'image', line: inlineLine });
      else if (child.type === 'html_inline') readHtml(child.content, inlineLine, page);
    }
  }
  return page;
}

/** Folders that hold no Markdown of ours: dependencies, builds, and the bench's raw results. */
const NOT_OURS = new Set(['node_modules', '.git', 'dist', 'coverage', 'bench/results', 'test/e2e/artifacts']);

/** Every Markdown file of the project, as paths relative to `root` with `/` separators. */
export function markdownFiles(root: string, dir = root): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const rel = relative(root, path).split(sep).join('/');
    if (entry.isDirectory()) {
      if (!NOT_OURS.has(entry.name) && !NOT_OURS.has(rel)) files.push(...markdownFiles(root, path));
    } else if (entry.isFile() && entry.name.endsWith('.md')) files.push(rel);
  }
  return files.sort();
}
