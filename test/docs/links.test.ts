// Every relative link and image of the project's Markdown resolves: the file or folder exists inside the repository,
// and an anchor names a heading of its page by GitHub's slug rules (or an explicit <a id|name>). All dead links are
// reported at once, each at its file and line. Guards against pages moved out of the README leaving links behind.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { markdownFiles, readPage, type Page } from './markdown.js';

const ROOT = join(import.meta.dirname, '..', '..');
const pages = new Map<string, Page>();

function pageAt(path: string): Page {
  let page = pages.get(path);
  if (!page) {
    page = readPage(readFileSync(join(ROOT, path), 'utf8'));
    pages.set(path, page);
  }
  return page;
}

/** What is wrong with one link of the page at `from` (a path relative to the root), or undefined when it resolves. */
export function deadLinkReason(from: string, target: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) return undefined; // a URL: not checked offline
  const hash = target.indexOf('#');
  const rawPath = hash < 0 ? target : target.slice(0, hash);
  const fragment = hash < 0 ? undefined : decodeURIComponent(target.slice(hash + 1));
  let path = from;
  if (rawPath !== '') {
    const decoded = decodeURIComponent(rawPath);
    // GitHub reads a path starting with / from the repository's root.
    path = decoded.startsWith('/') ? posix.normalize(decoded.slice(1)) : posix.join(posix.dirname(from), decoded);
    if (path.startsWith('..')) return `leads outside the repository (${path})`;
    path = path.replace(/\/$/, '') || '.';
    if (!existsSync(join(ROOT, path))) return `no such file or folder: ${path}`;
  }
  if (fragment === undefined || fragment === '') return undefined;
  // A folder's anchors are those of its README, which GitHub shows under its listing.
  const page = statSync(join(ROOT, path)).isDirectory() ? posix.join(path, 'README.md') : path;
  if (!page.endsWith('.md') || !existsSync(join(ROOT, page))) return undefined; // an anchor into code: GitHub's own (#L10)
  if (!pageAt(page).anchors.has(fragment)) return `no heading or anchor "#${fragment}" in ${page}`;
  return undefined;
}

const files = markdownFiles(ROOT);

describe('the links of the Markdown pages', () => {
  it('covers the pages we write', () => {
    for (const page of ['README.md', 'CONTRIBUTING.md', 'ARCHITECTURE.md', 'docs/README.md', 'docs/linting.md', 'extension/README.md']) {
      expect(files).toContain(page);
    }
    expect(files.some((f) => f.includes('node_modules/') || f.startsWith('bench/results/'))).toBe(false);
  });

  it('every relative link, image and anchor resolves', () => {
    const dead: string[] = [];
    for (const file of files) {
      for (const link of pageAt(file).links) {
        const reason = deadLinkReason(file, link.target);
        if (reason) dead.push(`${file}:${link.line}: ${link.kind} (${link.target}): ${reason}`);
      }
    }
    expect(dead, `${dead.length} dead links:\n${dead.join('\n')}`).toEqual([]);
  });
});

describe('the link check itself', () => {
  const check = (from: string, target: string) => deadLinkReason(from, target);
  it('accepts what resolves', () => {
    expect(check('README.md', 'docs/linting.md')).toBeUndefined();
    expect(check('README.md', 'docs/linting.md#configuration')).toBeUndefined();
    expect(check('docs/linting.md', '#inline-directives')).toBeUndefined();
    expect(check('docs/linting.md', 'rules/')).toBeUndefined();
    expect(check('docs/README.md', '../ARCHITECTURE.md')).toBeUndefined();
    expect(check('README.md', 'https://example.com/nowhere')).toBeUndefined();
  });
  it('refuses a missing file, a missing anchor, and a path out of the repository', () => {
    expect(check('README.md', 'docs/no-such-page.md')).toMatch(/no such file or folder: docs\/no-such-page\.md/);
    expect(check('README.md', 'docs/linting.md#no-such-heading')).toMatch(/no heading or anchor "#no-such-heading" in docs\/linting\.md/);
    expect(check('docs/linting.md', '#the-language-core-and-calckit-analyze')).toMatch(/no heading/);
    expect(check('README.md', '../outside.md')).toMatch(/outside the repository/);
  });
  it('slugs headings as GitHub does: code spans kept, punctuation dropped, repeats numbered', () => {
    const page = readPage('# The core and `calckit analyze`\n\n## Commands (palette: `calckit: …`)\n\n## Usage\n\n## Usage\n\n<a id="kept"></a>\n');
    expect([...page.anchors]).toEqual(['the-core-and-calckit-analyze', 'commands-palette-calckit-', 'usage', 'usage-1', 'kept']);
  });
  it('reads links as Markdown does: not in code, each at its line', () => {
    const page = readPage('text `[not](a.md)`\n\n```\n[not](b.md)\n```\n\n| a | b |\n| - | - |\n| [c](c.md) | x |\n\nfirst\nsecond [d](d.md) ![e](e.png)\n');
    expect(page.links).toEqual([
      { target: 'c.md', kind: 'link', line: 9 },
      { target: 'd.md', kind: 'link', line: 12 },
      { target: 'e.png', kind: 'image', line: 12 },
    ]);
  });
});
