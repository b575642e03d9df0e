// formatText: parse, build the layout document, print it, and check the result before returning it. A formula with
// syntax errors is returned unchanged (the safest choice: a recovered tree may have lost text), and so is any output
// that would not parse back to the same AST with the same comments (a formatter defect must never change a formula).
import { parseFormula, type ParseError, type ParseResult } from '@calckit/formula';
import { sameShape } from './ast-shape.js';
import { attachComments } from './comments.js';
import { formulaDoc } from './formula-doc.js';
import { resolveFormatOptions, type FormatOptions } from './options.js';
import { printDocToString } from './printer.js';

export type FormatStatus =
  /** Formatted (the text may already have been canonical: see `changed`). */
  | 'formatted'
  /** Left unchanged because the formula has syntax errors (listed in `errors`). */
  | 'syntax-error'
  /** Left unchanged because formatting failed its own checks: a formatter defect, described in `message`. */
  | 'internal-error';

export interface FormatResult {
  readonly text: string;
  readonly changed: boolean;
  readonly status: FormatStatus;
  readonly errors: readonly ParseError[];
  readonly message?: string;
}

/** Comment texts of a parse, as the formatter prints them (line comments without trailing blanks), sorted. */
function commentTexts(parse: ParseResult): string[] {
  return parse.trivia
    .filter((t) => t.tokenType.name !== 'WhiteSpace')
    .map((t) => (t.tokenType.name === 'LineComment' ? t.image.replace(/[ \t\f\v]+$/, '') : t.image))
    .sort();
}

/** Formats one formula. Never throws; invalid options fall back to the defaults (validate them with resolveFormatOptions).
 * `parsed`, the caller's own parse of `text` (the language server keeps one per version), saves parsing it again. */
export function formatText(text: string, options: FormatOptions = {}, parsed?: ParseResult): FormatResult {
  const parse = parsed?.text === text ? parsed : parseFormula(text);
  if (parse.errors.length > 0) return { text, changed: false, status: 'syntax-error', errors: parse.errors };
  const resolved = resolveFormatOptions(options).options;
  const unchanged = (message: string): FormatResult => ({ text, changed: false, status: 'internal-error', errors: [], message });
  let output: string;
  try {
    const doc = formulaDoc(parse.formula, attachComments(parse.tokens, parse.trivia), resolved);
    const newline = text.includes('\r\n') ? '\r\n' : '\n';
    output = printDocToString(doc, { lineWidth: resolved.lineWidth, indentUnit: ' '.repeat(resolved.indent), newline });
    if (text.startsWith('\uFEFF')) output = `\uFEFF${output}`;
    // A file that ended with a line break keeps one (and only one).
    if (/[\r\n][ \t]*$/.test(text)) output += newline;
  } catch (error) {
    return unchanged(`formatter error: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    const reparsed = parseFormula(output);
    if (reparsed.errors.length > 0) return unchanged(`formatted text would not parse: ${reparsed.errors[0]!.message}`);
    if (!sameShape(reparsed.formula, parse.formula)) return unchanged('formatted text would parse to a different expression');
    if (commentTexts(reparsed).join('\u0000') !== commentTexts(parse).join('\u0000')) {
      return unchanged('formatted text would not keep every comment');
    }
  } catch (error) {
    return unchanged(`formatter check failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { text: output, changed: output !== text, status: 'formatted', errors: [] };
}
