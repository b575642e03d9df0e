// The README is the front door: short enough to read in five minutes, and a way to every reference page. The docs
// index lists every page of docs/ and the pages for contributors. Guards against the reference growing back into it.
import { readFileSync, readdirSync } from 'node:fs';
import { join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPage } from './markdown.js';

const ROOT = join(import.meta.dirname, '..', '..');
const MAX_README_LINES = 250;

/** The topic pages of docs/, each of which the README and the docs index link. */
const TOPIC_PAGES = [
  'docs/install.md',
  'docs/language.md',
  'docs/linting.md',
  'docs/formatting.md',
  'docs/testing-formulas.md',
  'docs/evaluation.md',
  'docs/service.md',
  'docs/emulator.md',
  'docs/schema-impact.md',
  'docs/ci.md',
  'docs/language-server.md',
  'docs/extension.md',
  'docs/benchmarks.md',
];

/** The files a page links (its relative links, anchors dropped), as paths from the repository's root. */
function linkedFiles(page: string): Set<string> {
  const text = readFileSync(join(ROOT, page), 'utf8');
  const files = new Set<string>();
  for (const { target } of readPage(text).links) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    const path = target.split('#')[0]!;
    if (path !== '') files.add(posix.join(posix.dirname(page), decodeURIComponent(path)));
  }
  return files;
}

describe('the README', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

  it(`has at most ${MAX_README_LINES} lines`, () => {
    const lines = readme.split('\n').length - (readme.endsWith('\n') ? 1 : 0);
    // Before: 1,546 lines, every reference page inside it.
    expect(lines).toBeLessThanOrEqual(MAX_README_LINES);
  });

  it('links the docs index, the command reference and every topic page', () => {
    const linked = linkedFiles('README.md');
    const missing = ['docs/README.md', 'docs/commands/README.md', ...TOPIC_PAGES].filter((page) => !linked.has(page));
    expect(missing, `README.md links none of: ${missing.join(', ')}`).toEqual([]);
  });

  it('shows the editor near the top', () => {
    const firstImage = readPage(readme).links.find((link) => link.kind === 'image');
    expect(firstImage?.target).toMatch(/^docs\/images\/(workbench|extension)\.png$/);
    expect(firstImage!.line).toBeLessThanOrEqual(15);
  });
});

describe('the docs index', () => {
  it('links every page of docs/, the command and rule references, and the pages for contributors', () => {
    const linked = linkedFiles('docs/README.md');
    const pagesOfDocs = readdirSync(join(ROOT, 'docs'))
      .filter((f) => f.endsWith('.md') && f !== 'README.md')
      .map((f) => `docs/${f}`);
    const wanted = [...new Set([...TOPIC_PAGES, ...pagesOfDocs, 'docs/releasing.md', 'docs/commands/README.md', 'docs/rules/README.md', 'ARCHITECTURE.md', 'CONTRIBUTING.md'])];
    const missing = wanted.filter((page) => !linked.has(page));
    expect(missing, `docs/README.md links none of: ${missing.join(', ')}`).toEqual([]);
  });
});
