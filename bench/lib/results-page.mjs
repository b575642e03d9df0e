// Pastes the latest Markdown table into README.md's bench section, leaving the rest of the file as it is.
import { readFileSync, writeFileSync } from 'node:fs';

const START = '<!-- bench:latest -->';
const END = '<!-- /bench:latest -->';

/** Replaces the text between the markers inside the bench section; returns false when they are missing. */
export function pasteIntoReadme(path, markdown) {
  const text = readFileSync(path, 'utf8');
  const section = /<!-- section:bench -->[\s\S]*?<!-- \/section:bench -->/.exec(text);
  if (!section) return false;
  const body = section[0];
  const i = body.indexOf(START);
  const j = body.indexOf(END);
  if (i === -1 || j === -1) return false;
  const updated = `${body.slice(0, i + START.length)}\n${markdown}\n${body.slice(j)}`;
  writeFileSync(path, text.replace(body, () => updated));
  return true;
}
