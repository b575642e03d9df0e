// File names for imported calculations: derived from the calculation's name, safe on every OS, unique in their folder
// (case-insensitively, as on Windows and macOS), and stable: a calculation keeps the file it was given, and a new one
// gets the same name whatever order the service lists them in.
import { readdirSync } from 'node:fs';
import { posix } from 'node:path';

export const FORMULA_EXTENSION = '.calc';

/**
 * Longest stem in UTF-8 bytes. File systems allow 255 bytes a name (eCryptfs 143); the stem leaves room for
 * `-<id>` (up to 16), ` (nn)`, `.calc` and the temporary suffix of an atomic write beside the file.
 */
export const MAX_STEM_BYTES = 120;

/** Names Windows reserves for devices, whatever the extension (`CON.calc` cannot be created there). */
const RESERVED = /^(con|prn|aux|nul|conin\$|conout\$|com[0-9¹²³]|lpt[0-9¹²³])$/i;
/** Lone UTF-16 surrogates (not encodable in a file name). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** C0 and C1 control characters (tab, newline, …). */
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/g;
/**
 * Invisible characters that could make two names look alike or reorder what is shown: zero-width space, direction
 * marks, embeddings and overrides, isolates, word joiner, BOM. Zero-width (non-)joiners stay: emoji sequences and
 * several scripts need them.
 */
const INVISIBLE = /[\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;
/** Characters Windows refuses in names, and the path separators. */
const FORBIDDEN = /[<>:|?*/\\]/g;

const segmenter = new Intl.Segmenter('und', { granularity: 'grapheme' });

/**
 * The stem of a calculation's file name (without `.calc`): its name in Unicode NFC, accents and other letters kept;
 * `/ \ < > : | ? *` become `-`, `"` becomes `'`, control and invisible characters are removed, whitespace runs become
 * one space, leading dots, spaces and hyphens and trailing dots and spaces are dropped (no hidden files, no `.` or
 * `..`, no name read as a command-line option, nothing Windows
 * strips), Windows device names get a `_` (`CON` → `CON_`), and the result is cut to MAX_STEM_BYTES at a character
 * boundary. A name with nothing left gives `calculation-<id>`.
 */
export function safeStem(name: string, id: number): string {
  let stem = name
    .normalize('NFC')
    .replace(LONE_SURROGATE, '_')
    .replace(CONTROL, ' ')
    .replace(INVISIBLE, '')
    .replace(FORBIDDEN, '-')
    .replace(/"/g, "'")
    .replace(/\s+/g, ' ');
  stem = trimEnds(stem);
  if (Buffer.byteLength(stem, 'utf8') > MAX_STEM_BYTES) stem = trimEnds(cutToBytes(stem, MAX_STEM_BYTES));
  if (stem === '') return `calculation-${id}`;
  // Windows judges the part before the first dot, trailing spaces ignored: "nul.old", "COM1 .x".
  const dot = stem.indexOf('.');
  const head = dot === -1 ? stem : stem.slice(0, dot);
  if (RESERVED.test(head.trimEnd())) stem = `${head.trimEnd()}_${dot === -1 ? '' : stem.slice(dot)}`;
  return stem;
}

function trimEnds(s: string): string {
  return s.replace(/^[\s.-]+/, '').replace(/[\s.]+$/, '');
}

/** The longest prefix of whole grapheme clusters (an accent stays with its letter, an emoji whole) within `max` bytes. */
function cutToBytes(s: string, max: number): string {
  let out = '';
  let bytes = 0;
  for (const { segment } of segmenter.segment(s)) {
    const n = Buffer.byteLength(segment, 'utf8');
    if (bytes + n > max) break;
    out += segment;
    bytes += n;
  }
  return out;
}

/** The key two names are compared by: equal keys are the same file on a case-insensitive or normalising file system. */
export function nameKey(path: string): string {
  return path.normalize('NFC').toLowerCase();
}

/** Whether `fileName` is a single plain component: no separator, not `.` or `..`, not empty. */
export function isPlainFileName(fileName: string): boolean {
  return fileName !== '' && fileName !== '.' && fileName !== '..' && !/[/\\]/.test(fileName) && !fileName.includes('\0');
}

export interface NameRequest {
  readonly id: number;
  readonly name: string;
}

export interface PlanFileNamesOptions {
  /** The folder, relative to the project root, `/`-separated (e.g. `formulas`). */
  readonly dir: string;
  /** Calculations that need a new file. Processed in id order, so the result does not depend on the listing order. */
  readonly requests: readonly NameRequest[];
  /** Paths (relative to the root, `/`-separated) already mapped in calckit.json: never given to anyone else. */
  readonly mapped: Iterable<string>;
  /** Names of the files already in the folder on disk. */
  readonly onDisk: Iterable<string>;
  /**
   * Whether an unmapped file already on disk may be taken by this calculation (it holds exactly the calculation's
   * formula: left by an import that was interrupted before it wrote calckit.json). Otherwise the name is skipped.
   */
  readonly canAdopt?: (relativePath: string, id: number) => boolean;
}

/**
 * Assigns each requested calculation a file in `dir`: `<stem>.calc`, or `<stem>-<id>.calc` when that is taken
 * (case-insensitively) by a mapped file, a file on disk or an earlier calculation of this run; then ` (2)`, ` (3)`…
 * Returns id → path relative to the root.
 */
export function planFileNames(options: PlanFileNamesOptions): Map<number, string> {
  const taken = new Set<string>();
  for (const p of options.mapped) taken.add(nameKey(p));
  const disk = new Set<string>();
  for (const name of options.onDisk) disk.add(nameKey(posix.join(options.dir, name)));
  const out = new Map<number, string>();
  const requests = [...options.requests].sort((a, b) => a.id - b.id);
  for (const { id, name } of requests) {
    const stem = safeStem(name, id);
    const candidates = function* (): Generator<string> {
      yield `${stem}${FORMULA_EXTENSION}`;
      yield `${stem}-${id}${FORMULA_EXTENSION}`;
      for (let n = 2; ; n++) yield `${stem}-${id} (${n})${FORMULA_EXTENSION}`;
    };
    for (const fileName of candidates()) {
      const rel = posix.join(options.dir, fileName);
      const key = nameKey(rel);
      if (taken.has(key)) continue;
      if (disk.has(key) && !(options.canAdopt?.(rel, id) ?? false)) continue;
      taken.add(key);
      out.set(id, rel);
      break;
    }
  }
  return out;
}

/** The names in a folder (empty when it does not exist yet). */
export function listFolder(absoluteDir: string): string[] {
  try {
    return readdirSync(absoluteDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
