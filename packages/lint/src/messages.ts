// Message templates: `{{name}}` placeholders filled from a report's data; a missing value stays visible as `{{name}}`.

/** A template cut at its placeholders: literal text, and per placeholder its key and its text as written. */
type TemplatePart = string | { readonly key: string; readonly written: string };

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/** Templates already cut, by template. Templates are the rules' messages, a fixed set: the bound only guards against a
 * caller passing text of its own. */
const COMPILED = new Map<string, readonly TemplatePart[]>();
const COMPILED_LIMIT = 1_000;

function compile(template: string): readonly TemplatePart[] {
  const parts: TemplatePart[] = [];
  let last = 0;
  for (const m of template.matchAll(PLACEHOLDER)) {
    if (m.index > last) parts.push(template.slice(last, m.index));
    parts.push({ key: m[1]!, written: m[0] });
    last = m.index + m[0].length;
  }
  if (last < template.length) parts.push(template.slice(last));
  return parts;
}

/**
 * The template with each placeholder replaced by its value in `data` (an own property; numbers as `String` writes
 * them). Each template is cut once: a report is filled per message, dozens per keystroke in a long formula, and a
 * regular expression with a callback per fill was a measurable share of the editor's work per change.
 */
export function fillTemplate(template: string, data: Readonly<Record<string, string | number>> | undefined): string {
  if (!data) return template;
  let parts = COMPILED.get(template);
  if (parts === undefined) {
    parts = compile(template);
    if (COMPILED.size >= COMPILED_LIMIT) COMPILED.clear();
    COMPILED.set(template, parts);
  }
  let out = '';
  for (const part of parts) out += typeof part === 'string' ? part : Object.hasOwn(data, part.key) ? String(data[part.key]) : part.written;
  return out;
}
