// Pastes the latest Markdown results into docs/benchmarks.md between its markers, leaving the rest of the page as it is.
import { readFileSync, writeFileSync } from 'node:fs';

export const RESULTS_PAGE = 'docs/benchmarks.md';
const START = '<!-- bench:latest -->';
const END = '<!-- /bench:latest -->';

/** Replaces the text between the markers of the page at `path`; returns false when they are missing. */
export function pasteLatestResults(path, markdown) {
  const text = readFileSync(path, 'utf8');
  const i = text.indexOf(START);
  const j = text.indexOf(END);
  if (i === -1 || j < i) return false;
  writeFileSync(path, `${text.slice(0, i + START.length)}\n${markdown}\n${text.slice(j)}`);
  return true;
}
