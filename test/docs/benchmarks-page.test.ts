// `npm run bench` pastes its latest results into docs/benchmarks.md, between the page's markers, and nowhere else: the
// README keeps a short summary. Guards against the table being pasted into the README again, or the page losing its
// markers (the bench then only logs that it could not paste).
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error a plain JavaScript module of the bench, without types
import { RESULTS_PAGE, pasteLatestResults } from '../../bench/lib/results-page.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const START = '<!-- bench:latest -->';
const END = '<!-- /bench:latest -->';
const scratch = mkdtempSync(join(tmpdir(), 'calckit-bench-page-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the page the bench pastes its results into', () => {
  it('is docs/benchmarks.md, which has one pair of markers; the README has none', () => {
    expect(RESULTS_PAGE).toBe('docs/benchmarks.md');
    const page = readFileSync(join(ROOT, RESULTS_PAGE), 'utf8');
    expect(page.split(START).length - 1).toBe(1);
    expect(page.split(END).length - 1).toBe(1);
    expect(page.indexOf(START)).toBeLessThan(page.indexOf(END));
    // Before: README.md held the markers and the whole table (about 180 lines of it).
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).not.toContain(START);
  });

  it('pasting replaces what is between the markers, and keeps the rest of the page byte for byte', () => {
    const copy = join(scratch, 'benchmarks.md');
    copyFileSync(join(ROOT, RESULTS_PAGE), copy);
    const before = readFileSync(copy, 'utf8');
    expect(pasteLatestResults(copy, '**Goals** $& $1 (a replacement pattern stays text)')).toBe(true);
    const after = readFileSync(copy, 'utf8');
    const head = before.slice(0, before.indexOf(START) + START.length);
    const tail = before.slice(before.indexOf(END));
    expect(after).toBe(`${head}\n**Goals** $& $1 (a replacement pattern stays text)\n${tail}`);
  });

  it('says so when the markers are missing, and writes nothing', () => {
    const copy = join(scratch, 'no-markers.md');
    copyFileSync(join(ROOT, 'CONTRIBUTING.md'), copy);
    const before = readFileSync(copy, 'utf8');
    expect(pasteLatestResults(copy, 'table')).toBe(false);
    expect(readFileSync(copy, 'utf8')).toBe(before);
  });
});
