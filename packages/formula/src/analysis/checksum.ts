// The service's checkSum: lower-case hex SHA-1 of the expression's UTF-8 bytes (verified). In Node the built-in hash
// is reached through process.getBuiltinModule (no import, so the package still runs in a browser) and is several
// times faster on short strings than a pure-JS one; elsewhere @noble/hashes computes the same digest.
import { sha1 } from '@noble/hashes/legacy.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

interface BuiltinHash {
  createHash(algorithm: 'sha1'): { update(text: string, encoding: 'utf8'): { digest(encoding: 'hex'): string } };
}

const builtin = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule?.('node:crypto') as
  | BuiltinHash
  | undefined;

/** SHA-1 in pure JavaScript, for runtimes without Node's crypto. */
export function portableSha1Hex(text: string): string {
  return bytesToHex(sha1(utf8ToBytes(text)));
}

export function checkSumOf(expression: string): string {
  return builtin ? builtin.createHash('sha1').update(expression, 'utf8').digest('hex') : portableSha1Hex(expression);
}
