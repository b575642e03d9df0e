// The versions of a formula file that git knows: every commit's copy of the path (on any branch, following renames)
// and the staged copy. A push takes a remote formula equal to one of them as "ours" (it came from this repository),
// and anything else as someone else's change. Read with two git processes per file, only when a push needs it.
import { execFile, spawn } from 'node:child_process';
import { dirname, relative, sep } from 'node:path';

export interface FileHistory {
  /** False outside a git work tree (or without git): then only the push record can vouch for a remote formula. */
  readonly inGit: boolean;
  /** The repository is a shallow clone, so older versions may be missing (CI: fetch the full history). */
  readonly shallow: boolean;
  /** How many versions were read. */
  readonly versions: number;
  /** Where a version with this checkSum was found: a commit (short hash) or "the index". */
  find(checkSum: string): string | undefined;
}

const NOT_IN_GIT: FileHistory = { inGit: false, shallow: false, versions: 0, find: () => undefined };
const MAX_BUFFER = 64 * 1024 * 1024;

/**
 * Reads every version of `file` that git has. `checkSumOfText` turns a version's text into the checkSum the service
 * would store for it (the expression is derived from the file's text the same way as for a push).
 */
export async function readFileHistory(file: string, checkSumOfText: (text: string) => string): Promise<FileHistory> {
  const cwd = dirname(file);
  const top = await git(cwd, ['rev-parse', '--show-toplevel']).catch(() => undefined);
  if (top === undefined) return NOT_IN_GIT;
  const root = top.trim();
  const path = relative(root, file).split(sep).join('/');
  if (path.startsWith('../')) return NOT_IN_GIT;
  const shallow = (await git(root, ['rev-parse', '--is-shallow-repository']).catch(() => 'false')).trim() === 'true';
  // One line per commit that touched the path: "<hash>" then the path's name in that commit (renames followed).
  const log = await git(root, ['log', '--all', '--follow', '--format=%H', '--name-only', '--', path]).catch(() => '');
  const objects: Array<{ spec: string; where: string }> = [{ spec: `:${path}`, where: 'the index' }];
  let commit: string | undefined;
  for (const line of log.split('\n')) {
    if (/^[0-9a-f]{40}$/.test(line)) commit = line;
    else if (line !== '' && commit !== undefined) objects.push({ spec: `${commit}:${line}`, where: `commit ${commit.slice(0, 10)}` });
  }
  const found = new Map<string, string>();
  const texts = await catFiles(root, objects.map((o) => o.spec));
  texts.forEach((text, i) => {
    if (text === undefined) return;
    const sum = checkSumOfText(text);
    if (!found.has(sum)) found.set(sum, (objects[i] as { where: string }).where);
  });
  return { inGit: true, shallow, versions: texts.filter((t) => t !== undefined).length, find: (checkSum) => found.get(checkSum) };
}

function git(cwd: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('git', args, { cwd, maxBuffer: MAX_BUFFER, encoding: 'utf8', env: { ...process.env, GIT_OPTIONAL_LOCKS: '0' } }, (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    );
  });
}

/** `git cat-file --batch`: the blob text for each spec, or undefined where git has none (a deletion, a missing index entry). */
function catFiles(cwd: string, specs: readonly string[]): Promise<Array<string | undefined>> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['cat-file', '--batch'], { cwd, stdio: ['pipe', 'pipe', 'ignore'], env: { ...process.env, GIT_OPTIONAL_LOCKS: '0' } });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', reject);
    child.on('close', () => {
      const out = Buffer.concat(chunks);
      const texts: Array<string | undefined> = [];
      let at = 0;
      for (let i = 0; i < specs.length && at < out.length; i++) {
        const eol = out.indexOf(10, at);
        if (eol < 0) break;
        const header = out.subarray(at, eol).toString('utf8');
        at = eol + 1;
        const match = /^[0-9a-f]+ (\w+) (\d+)$/.exec(header);
        if (match === null) {
          texts.push(undefined); // "<spec> missing"
          continue;
        }
        const size = Number(match[2]);
        texts.push(match[1] === 'blob' ? out.subarray(at, at + size).toString('utf8') : undefined);
        at += size + 1;
      }
      resolve(texts);
    });
    child.stdin.on('error', () => undefined); // git exits early on bad input: the close handler reports what it printed
    child.stdin.end(specs.map((s) => `${s}\n`).join(''));
  });
}

/**
 * The `knownVersion` question of a push for one file, answered from git (read once, on the first question):
 * `found` names the commit (or the index) holding a version with that checkSum, `missing` says why none does.
 */
export function gitVersionLookup(
  file: string,
  checkSumOfText: (text: string) => string,
): (checkSum: string) => Promise<{ readonly found: string } | { readonly missing: string }> {
  let history: Promise<FileHistory> | undefined;
  return async (checkSum) => {
    history ??= readFileHistory(file, checkSumOfText);
    const known = await history;
    if (!known.inGit) return { missing: 'the file is not in a git repository' };
    const where = known.find(checkSum);
    if (where !== undefined) return { found: where };
    const shallow = known.shallow ? ' (this clone is shallow: fetch the whole history, e.g. actions/checkout with fetch-depth: 0)' : '';
    return { missing: `it is none of the ${known.versions} version(s) of the file in git${shallow}` };
  };
}
