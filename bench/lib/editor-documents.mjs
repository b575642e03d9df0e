// The documents and the edit of the editor latency benchmark, shared by bench/lsp-latency.mjs (our server alone) and
// bench/lsp-side-by-side.mjs (ours against sql-language-server), so that both time the same kind of work: documents
// of the same size, changed by one space typed and deleted after a space near the middle, sent as whole text.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Bytes of each document: ~5 KB, as long calculations in the service get. */
export const DOCUMENT_BYTES = 5000;

/** A realistic ~5 KB formula: a CASE over regions and revenue bands with aggregates and comments. */
export function formula5k(bytes = DOCUMENT_BYTES) {
  const whens = [];
  for (let i = 0; `CASE\n${whens.join('\n')}\n  ELSE 0\nEND`.length < bytes - 140; i++) {
    whens.push(`  WHEN \`Region\` = 'R${i}' AND SUM(\`Revenue\`) > ${i * 100} THEN SUM(\`Revenue\` - \`Cost\`) / NULLIF(SUM(\`Revenue\`), 0) -- band ${i}`);
  }
  return padTo(`CASE\n${whens.join('\n')}\n  ELSE 0\nEND`, bytes);
}

/**
 * ~5 KB of SQL for sql-language-server: two report queries (arithmetic, aggregates, COALESCE, WHERE, GROUP BY; its
 * parser refuses CASE). Two, because its linter (sqlint) walks only the first two statements of a document (the
 * `parseAll` of @joe-re/sql-parser 1.7 keeps the head and one tail statement): with more, the rest would be parsed
 * but never linted, less work than ours does. checkPeerDocument proves the linter covers the whole text.
 */
export function sql5k(bytes = DOCUMENT_BYTES) {
  const statement = (q, size) => {
    const items = [];
    const text = () => `SELECT\n  region,\n${items.join(',\n')}\nFROM sales\nWHERE revenue > 0 AND region <> 'none'\nGROUP BY region;`;
    for (let i = 0; text().length < size; i++) items.push(`  (SUM(revenue) - SUM(cost)) / COALESCE(SUM(revenue), ${q * 1000 + i + 1}) AS margin_${q}_${i}`);
    return text();
  };
  const half = Math.floor((bytes - 140) / 2);
  return padTo(`${statement(0, half)}\n${statement(1, half)}`, bytes);
}

/** Pads a document with a last `--` comment line (a comment in both languages) to exactly `bytes` characters. */
function padTo(text, bytes) {
  const room = bytes - text.length - '\n-- '.length;
  if (room < 0) throw new Error(`the generated document is ${text.length} characters, over ${bytes}`);
  return `${text}\n-- ${'.'.repeat(room)}`;
}

/**
 * Where the benchmark types its space: after the first space at or past the middle of the text, so that a space
 * doubles a space and the document's syntax is the same with or without it (no word is split).
 */
export function editOffset(text) {
  const at = text.indexOf(' ', Math.floor(text.length / 2));
  if (at < 0) throw new Error('no space past the middle of the document');
  return at + 1;
}

/**
 * Where the benchmark's second series types a digit: after the first digit of the first number at or past the middle
 * of the text, so that a token changes (a number's value) and the syntax does not: each such change is parsed and
 * linted again by both servers (ours moves its diagnostics over a space typed between tokens instead).
 */
export function digitOffset(text) {
  const middle = Math.floor(text.length / 2);
  // A number after a comparison or a comma, not one in a comment or a name; one that is not 0 (NULLIF(x, 0) stays).
  const at = text.slice(middle).search(/[>,] [1-9]/);
  if (at < 0) throw new Error('no number past the middle of the document');
  return middle + at + 3;
}

/** The document after edit number `i` (from 0): even edits type `typed` (a space) at `offset`, odd ones delete it. */
export function edited(text, offset, i, typed = ' ') {
  return i % 2 === 0 ? `${text.slice(0, offset)}${typed}${text.slice(offset)}` : text;
}

/**
 * Throws unless sql-language-server's linter lints all of `text`, as it is, with the typed space and the typed digit: its parser must
 * accept it (else it reports the syntax error and skips the linter), and sqlint's parse must return every statement
 * (else it lints part of the text). Returns the number of statements.
 */
export function checkPeerDocument(text) {
  const { parse, parseAll } = require('@joe-re/sql-parser');
  const statements = text.split(';').filter((s) => s.replace(/--[^\n]*/g, '').trim() !== '').length;
  for (const version of [text, edited(text, editOffset(text), 0), edited(text, digitOffset(text), 0, '1')]) {
    parse(version);
    const linted = parseAll(version).length;
    if (linted !== statements) throw new Error(`sqlint would lint ${linted} of the document's ${statements} statements`);
  }
  return statements;
}
