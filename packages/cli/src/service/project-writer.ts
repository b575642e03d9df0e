// Writing calckit.json for `calckit import`: sets entries of its `datasets` and `calculations` sections and leaves the
// rest of the file as it was, byte for byte (key order, formatting, other sections). A section that changes is written
// one entry per line, in its existing order with new entries at the end; a missing section is added. The result is
// validated as a project file before it replaces the old one atomically. Also: where a command may write (inside the
// project, symbolic links followed).
import { existsSync, statSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { isWithin, parseProject, readRegularFileSync, realPlaceOf, writeTextFileAtomicSync, type CalculationEntry, type DatasetEntry } from '@calckit/project';
import { CliExit, EXIT_USAGE } from '../exit.js';

export interface ProjectFileEdit {
  /** Entries to add or replace under `datasets` (key → entry). */
  readonly datasets?: ReadonlyMap<string, DatasetEntry>;
  /** Entries to add or replace under `calculations` (path → entry). */
  readonly calculations?: ReadonlyMap<string, CalculationEntry>;
}

interface Member {
  readonly key: string;
  readonly keyStart: number;
  readonly valueStart: number;
  readonly valueEnd: number;
}

/** The top-level members of a JSON object text, with their offsets. Throws on text that is not a JSON object. */
function topLevelMembers(text: string): { open: number; close: number; members: Member[] } {
  let i = 0;
  const fail = (what: string): never => {
    throw new Error(`calckit.json: ${what} at offset ${i}`);
  };
  const ws = (): void => {
    while (i < text.length && /[\s\uFEFF]/.test(text[i] as string)) i++;
  };
  const string = (): void => {
    if (text[i] !== '"') fail('expected a string');
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    if (i >= text.length) fail('unterminated string');
    i++;
  };
  const value = (): void => {
    const c = text[i];
    if (c === '"') return string();
    if (c === '{' || c === '[') {
      let depth = 0;
      while (i < text.length) {
        const d = text[i];
        if (d === '"') {
          string();
          continue;
        }
        if (d === '{' || d === '[') depth++;
        else if (d === '}' || d === ']') {
          depth--;
          if (depth === 0) {
            i++;
            return;
          }
        }
        i++;
      }
      return fail('unbalanced brackets');
    }
    const start = i;
    while (i < text.length && !/[\s,}\]]/.test(text[i] as string)) i++;
    if (i === start) fail('expected a value');
  };
  ws();
  if (text[i] !== '{') fail('expected "{"');
  const open = i++;
  const members: Member[] = [];
  for (;;) {
    ws();
    if (text[i] === '}') break;
    const keyStart = i;
    string();
    const key = JSON.parse(text.slice(keyStart, i)) as string;
    ws();
    if (text[i] !== ':') fail('expected ":"');
    i++;
    ws();
    const valueStart = i;
    value();
    members.push({ key, keyStart, valueStart, valueEnd: i });
    ws();
    if (text[i] === ',') {
      i++;
      continue;
    }
    if (text[i] !== '}') fail('expected "," or "}"');
    break;
  }
  return { open, close: i, members };
}

/** One entry a line: `"key": { "id": 1, "name": "x" }`. */
function renderSection(entries: ReadonlyArray<readonly [string, object]>, indent: string, eol: string): string {
  if (entries.length === 0) return '{}';
  const line = ([key, value]: readonly [string, object]): string =>
    `${indent}${indent}${JSON.stringify(key)}: { ${Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`)
      .join(', ')} }`;
  return `{${eol}${entries.map(line).join(`,${eol}`)}${eol}${indent}}`;
}

/** Applies an edit to project file text; returns the text unchanged when the edit changes nothing. */
export function editProjectText(text: string, edit: ProjectFileEdit): string {
  const data = JSON.parse(text.replace(/^\uFEFF/, '')) as Record<string, unknown>;
  const { close, members } = topLevelMembers(text);
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indent = /\n([ \t]+)"/.exec(text)?.[1] ?? '  ';
  const splices: Array<{ at: number; remove: number; insert: string }> = [];
  const additions: string[] = [];

  const sectionEdit = (name: 'datasets' | 'calculations', changes: ReadonlyMap<string, object> | undefined): void => {
    if (changes === undefined || changes.size === 0) return;
    const current = (data[name] ?? {}) as Record<string, object>;
    const entries = new Map<string, object>(Object.entries(current));
    let changed = !(name in data);
    for (const [key, value] of changes) {
      const before = entries.get(key);
      // Keep the key order of an existing entry; new fields go last.
      const merged = before === undefined ? value : { ...before, ...value };
      if (before === undefined || JSON.stringify(before) !== JSON.stringify(merged)) changed = true;
      entries.set(key, merged);
    }
    if (!changed) return;
    const rendered = renderSection([...entries], indent, eol);
    const member = members.find((m) => m.key === name);
    if (member !== undefined) splices.push({ at: member.valueStart, remove: member.valueEnd - member.valueStart, insert: rendered });
    else additions.push(`${JSON.stringify(name)}: ${rendered}`);
  };
  sectionEdit('datasets', edit.datasets);
  sectionEdit('calculations', edit.calculations);
  if (additions.length > 0) {
    const last = members.at(-1);
    const body = additions.map((a) => `${indent}${a}`).join(`,${eol}`);
    if (last === undefined) splices.push({ at: close, remove: 0, insert: `${eol}${body}${eol}` });
    else splices.push({ at: last.valueEnd, remove: 0, insert: `,${eol}${body}` });
  }
  if (splices.length === 0) return text;
  let out = text;
  for (const s of splices.sort((a, b) => b.at - a.at)) out = out.slice(0, s.at) + s.insert + out.slice(s.at + s.remove);
  return out;
}

/**
 * Reads the project file, applies the edit, checks the result is a valid project file, and replaces the file
 * atomically. Returns whether anything changed. A ProjectError names what is wrong (nothing is written then).
 */
export function writeProjectEdit(file: string, edit: ProjectFileEdit): boolean {
  // The project file is read and replaced only while it really is in its folder (not a link out of the project).
  const within = { projectRoot: dirname(file) };
  const text = readRegularFileSync(file, within).toString('utf8'); // a byte-order mark kept, as the rest
  const next = editProjectText(text, edit);
  if (next === text) return false;
  parseProject(next.replace(/^\uFEFF/, ''), file); // throws ProjectError: never write a file calckit could not read back
  writeTextFileAtomicSync(file, next, within);
  return true;
}

export interface ProjectFolder {
  /** Absolute path. */
  readonly abs: string;
  /** Relative to the project root, `/`-separated (`''` for the root itself). */
  readonly rel: string;
}

/**
 * Resolves a folder given on the command line (relative to `cwd`) and checks that it lies inside the project, also
 * after following symbolic links; exits with 2 otherwise.
 */
export function folderInsideProject(root: string, cwd: string, dir: string, flag: string, command = 'calckit'): ProjectFolder {
  const abs = resolve(cwd, dir);
  if (!isWithin(root, abs)) {
    throw new CliExit(EXIT_USAGE, `${command}: ${flag} ${dir} is outside the project (${root}); give a folder inside it`);
  }
  let real: string;
  let realRoot: string;
  try {
    real = realPlaceOf(abs);
    realRoot = realPlaceOf(root);
  } catch (error) {
    throw new CliExit(EXIT_USAGE, `${command}: cannot resolve ${dir} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  if (!isWithin(realRoot, real)) {
    throw new CliExit(EXIT_USAGE, `${command}: ${flag} ${dir} leads outside the project through a symbolic link (to ${real}); nothing was written`);
  }
  if (existsSync(abs) && !isDirectory(abs)) throw new CliExit(EXIT_USAGE, `${command}: ${flag} ${dir} is a file, not a folder`);
  return { abs, rel: relative(root, abs).split(sep).join('/') };
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

