// Markdown and quoting helpers shared by completion and hover.
import { formatSignature, type Availability, type FunctionEntry } from '@calckit/formula';

/** A column reference as written in a formula: backticks, an inner backtick doubled. */
export function backtickColumn(name: string): string {
  return '`' + name.replace(/`/g, '``') + '`';
}

/** The longest run of backticks in `text` (0 without any). */
function longestBacktickRun(text: string): number {
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  return longest;
}

/**
 * A fenced code block in the formula language. Its fence is longer than any run of backticks in the text (CommonMark):
 * no text, a column name with backticks and line breaks included, can close it and continue as Markdown (or HTML).
 */
export function code(text: string): string {
  const fence = '`'.repeat(Math.max(3, longestBacktickRun(text) + 1));
  return `${fence}calc\n${text}\n${fence}`;
}

/** A code span: delimited by more backticks than any run inside it, padded when it starts or ends with one (CommonMark),
 * on one line (a line of a span that starts with a fence would open a code block). */
export function inlineCode(name: string): string {
  const text = name.replace(/[\r\n]+/g, ' ');
  const delimiter = '`'.repeat(longestBacktickRun(text) + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${delimiter}${pad}${text}${pad}${delimiter}`;
}

/** Text that Markdown shows as it is: every ASCII punctuation character backslash-escaped (CommonMark allows it for
 * any, and it also stops the autolinks of URLs and addresses), line breaks as spaces. For names from a project or a
 * service (calculations, datasets), which no one checked for markup. */
export function plainInMarkdown(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').replace(/[!-/:-@[-`{-~]/g, '\\$&');
}

/** The availability note of each catalogue status (the policy is @calckit/formula's functionAvailability). */
const AVAILABILITY: Readonly<Record<Availability, (entry: FunctionEntry) => string>> = {
  documented: () => '',
  sample: () => "Seen in the service's published samples (not in its reference).",
  engine: () => "Known to the engine (its dataflow reference); not promised for formulas: calckit warns.",
  unverified: () => 'In no reference and no sample of the service: it may not be accepted; calckit warns.',
  replaced: (e) => `**Replaced**: the service accepts it but silently computes ${e.replacedBy ? `\`${e.replacedBy}\`` : 'another function'} instead, which gives other values.`,
  deprecated: () => '**Deprecated**: documented as not available in formulas, yet the service accepted it when last tried: it may stop working; calckit warns.',
  unsupported: () => '**Unsupported**: documented as not available in formulas, or refused by the service; calckit reports an error.',
};

/** Description, example, notes and availability of a catalogue function. */
export function functionDocumentation(entry: FunctionEntry): string {
  const parts = [entry.description];
  if (entry.synonymOf) parts.push(`Same as \`${entry.synonymOf}\`.`);
  if (entry.example) parts.push(`Example:\n\n${code(entry.example)}`);
  if (entry.notes) parts.push(`_${entry.notes}_`);
  const availability = AVAILABILITY[entry.availability](entry);
  if (availability) parts.push(availability);
  parts.push(`_Source: ${entry.source}_`);
  return parts.filter((p) => p.length > 0).join('\n\n');
}

/** Signature block, then the documentation. */
export function functionHover(entry: FunctionEntry): string {
  return `${code(formatSignature(entry))}\n\n${functionDocumentation(entry)}`;
}
