// From a .calc file's text to the expression the service stores: the BOM removed and trailing whitespace at the end
// removed (nothing else: the service hashes the text exactly as stored).
import { createHash } from 'node:crypto';

export function expressionFromFile(text: string): string {
  return text.replace(/^\uFEFF/, '').replace(/\s+$/u, '');
}

/** The service's checkSum: lower-case hex SHA-1 of the UTF-8 expression. */
export function checkSumOf(expression: string): string {
  return createHash('sha1').update(expression, 'utf8').digest('hex');
}
