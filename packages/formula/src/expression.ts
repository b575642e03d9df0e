// From a formula file's text to the expression the service stores: a byte-order mark removed and the whitespace at
// the end removed (editors add a final newline), nothing else — checkSum hashes the text exactly as stored.
export function expressionFromFileText(text: string): string {
  return text.replace(/^\uFEFF/, '').replace(/\s+$/u, '');
}
