// junit: one <testsuite> per file, one <testcase> per file (or per problem), failures carry the problems. The output is
// well-formed XML 1.0 for any input: markup characters are entities; characters XML 1.0 does not allow (C0 controls
// other than tab, LF and CR; U+FFFE, U+FFFF; lone surrogates) and the discouraged ones (DEL, C1 controls) are written
// as visible escapes (`\x1b`, `\ud800`); tab, LF and CR are character references, so attributes keep them.
import { isNote } from '../limits.js';
import { escapeChar } from './escape.js';
import type { Reporter } from './types.js';

/** What XML 1.0 does not allow or discourages, lone surrogates included (with the u flag a pair is one code point). */
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]|[\ud800-\udfff]/gu;
const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;', '\t': '&#9;', '\n': '&#10;', '\r': '&#13;' };

/** Text for an attribute value or character data. */
export const xml = (s: string): string => s.replace(NOT_XML, (c) => (c.length === 1 && c.charCodeAt(0) <= 0xff ? escapeChar(c) : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)).replace(/[&<>"'\t\n\r]/g, (c) => ENTITIES[c]!);
/** Character data: as `xml`, but line breaks stay line breaks. */
const text = (s: string): string => xml(s).replace(/&#10;/g, '\n');

export const junit: Reporter = (results) => {
  const out = ['<?xml version="1.0" encoding="utf-8"?>'];
  const failures = results.reduce((n, r) => n + r.messages.length, 0);
  const tests = results.reduce((n, r) => n + Math.max(1, r.messages.length), 0);
  out.push(`<testsuites name="calckit lint" tests="${tests}" failures="${failures}" errors="0">`);
  for (const r of results) {
    const name = xml(r.filePath);
    out.push(`  <testsuite name="${name}" package="calckit" tests="${Math.max(1, r.messages.length)}" failures="${r.messages.length}" errors="0">`);
    if (r.messages.length === 0) out.push(`    <testcase name="${name}" classname="${name}" time="0" />`);
    for (const m of r.messages) {
      const where = `${m.range.start.line}:${m.range.start.column}`;
      const rule = m.fatal ? 'fatal' : isNote(m) ? 'note' : m.ruleId;
      out.push(`    <testcase name="${xml(`${where} ${rule}`)}" classname="${name}" time="0">`);
      out.push(`      <failure message="${xml(m.message)}" type="${m.severity === 'error' ? 'error' : 'warning'}">${text(`${m.severity} at ${r.filePath}:${where} (${rule})\n${m.message}`)}</failure>`);
      out.push('    </testcase>');
    }
    out.push('  </testsuite>');
  }
  out.push('</testsuites>');
  return `${out.join('\n')}\n`;
};
