// Reading a command's input: a file, or standard input for '-'; unreadable input is a usage error (exit 2).
import { readFile } from 'node:fs/promises';
import { CliExit, EXIT_USAGE } from './exit.js';

export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
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
