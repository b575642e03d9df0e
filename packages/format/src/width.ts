// Display width of printed text, the unit of the line-width budget: what a monospaced editor or terminal shows, so
// East Asian wide and full-width characters and emoji take two columns and combining marks none (string-width).
import stringWidth from 'string-width';

/** Printable ASCII only: one column per character, no need to segment. */
const PLAIN = /^[\x20-\x7e]*$/;
/** Widths of long texts already measured: the printer asks about the same token again each time it tries to fit a
 * group. */
const measured = new Map<string, number>();
const MEMO_FROM = 256;
const MEMO_MAX = 256;
/** string-width segments text with Intl.Segmenter, whose cost grows faster than the length on long strings (a 200 KB
 * literal took minutes): longer texts are measured in pieces of about this many characters. */
const PIECE = 2048;

/** Columns `text` (one line) takes on screen. */
export function textWidth(text: string): number {
  if (text.length < MEMO_FROM) return PLAIN.test(text) ? text.length : stringWidth(text);
  const known = measured.get(text);
  if (known !== undefined) return known;
  const width = PLAIN.test(text) ? text.length : text.length <= PIECE ? stringWidth(text) : piecewiseWidth(text);
  if (measured.size >= MEMO_MAX) measured.clear();
  measured.set(text, width);
  return width;
}

const isPlain = (code: number): boolean => code >= 0x20 && code <= 0x7e;

/**
 * The width of a long text as the sum of its pieces' widths. A piece ends between two printable ASCII characters,
 * which is always a boundary between characters as shown (no mark or joiner can follow across it), so the sum is
 * exact; a run of more than PIECE characters without such a place is cut between code points, where a character
 * made of several code points could be counted as its parts (a width off by a column or two in a text thousands of
 * columns wide).
 */
function piecewiseWidth(text: string): number {
  let width = 0;
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + PIECE);
    if (end < text.length) {
      let cut = end;
      while (cut > start + PIECE / 2 && !(isPlain(text.charCodeAt(cut - 1)) && isPlain(text.charCodeAt(cut)))) cut--;
      if (cut > start + PIECE / 2) end = cut;
      else if (text.charCodeAt(end) >= 0xdc00 && text.charCodeAt(end) <= 0xdfff) end--; // never split a surrogate pair
    }
    const piece = text.slice(start, end);
    width += PLAIN.test(piece) ? piece.length : stringWidth(piece);
    start = end;
  }
  return width;
}
