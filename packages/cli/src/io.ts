// Reading a command's input: a file, or standard input for '-'; unreadable input is a usage error (exit 2).
import { readFile } from 'node:fs/promises';
import { CliExit, EXIT_USAGE } from './exit.js';

export async function readStdin(): Promise<string> {
  return (await readStdinBytes()).toString('utf8');
}

/** Standard input's bytes, for commands that check them as they check a file's (UTF-8 text, see @calckit/project). */
export async function readStdinBytes(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks);
}

export async function readInput(file: string, command: string): Promise<string> {
  if (file === '-') return readStdin();
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
    throw new CliExit(EXIT_USAGE, `${command}: cannot read ${file}: ${reason}`);
  }
}
