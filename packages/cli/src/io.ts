// Reading a command's input: a file, or standard input for '-'; unreadable input is a usage error (exit 2).
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { FileAccessError, FileEncodingError, ProjectIndex, decodeFormulaText, isInside, resolveInsideProject } from '@calckit/project';
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

/**
 * A file named on the command line, read as given; but one inside a project folder is read only while it really is
 * inside (a symbolic link in the project leading out is refused: that file is reached through the project). A file
 * outside every project is the user's to name.
 */
export async function readInput(file: string, command: string): Promise<string> {
  if (file === '-') return formulaText(await readStdinBytes(), '<stdin>', command);
  const absolute = resolve(file);
  const projectFile = new ProjectIndex().projectFileFor(absolute);
  if (projectFile !== undefined && isInside(dirname(projectFile), absolute)) {
    try {
      resolveInsideProject(dirname(projectFile), absolute, { displayPath: file });
    } catch (error) {
      if (error instanceof FileAccessError) throw new CliExit(EXIT_USAGE, `${command}: ${error.message}`);
      throw error;
    }
  }
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
    throw new CliExit(EXIT_USAGE, `${command}: cannot read ${file}: ${reason}`);
  }
  return formulaText(bytes, file, command);
}

/**
 * Formula text from input bytes, checked as a formula file is (`readFormulaFile`'s `decodeFormulaText`): input that
 * is not UTF-8 text is refused, naming its first bad byte (exit 2), never read with U+FFFD in it.
 */
function formulaText(bytes: Uint8Array, name: string, command: string): string {
  try {
    return decodeFormulaText(bytes, name);
  } catch (error) {
    if (error instanceof FileEncodingError) throw new CliExit(EXIT_USAGE, `${command}: ${error.message}`);
    throw error;
  }
}
