// Display width of printed text, the unit of the line-width budget: what a monospaced editor or terminal shows, so
// East Asian wide and full-width characters and emoji take two columns and combining marks none (string-width).
import stringWidth from 'string-width';

/** Columns `text` (one line) takes on screen. */
export const textWidth = (text: string): number => stringWidth(text);
