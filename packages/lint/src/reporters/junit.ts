// junit: one <testsuite> per file, one <testcase> per file (or per problem), failures carry the problems.
import type { Reporter } from './types.js';

const xml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

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
      const rule = m.fatal ? 'fatal' : m.ruleId;
      out.push(`    <testcase name="${xml(`${where} ${rule}`)}" classname="${name}" time="0">`);
      out.push(`      <failure message="${xml(m.message)}" type="${m.severity === 'error' ? 'error' : 'warning'}"><![CDATA[${m.severity} at ${r.filePath}:${where} (${rule})\n${m.message.replace(/\]\]>/g, ']]]]><![CDATA[>')}]]></failure>`);
      out.push('    </testcase>');
    }
    out.push('  </testsuite>');
  }
  out.push('</testsuites>');
  return `${out.join('\n')}\n`;
};
