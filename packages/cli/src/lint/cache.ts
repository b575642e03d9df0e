// The lint cache (`--cache`): results keyed by a hash of the file's content, its settings and the toolkit version,
// so an unchanged file with unchanged settings is not linted again. Stored as one JSON file, written atomically.
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { FileResult } from '@calckit/lint';
import { FileAccessError, readRegularFileSync, resolveInsideProject, writeTextFileAtomicSync } from '@calckit/project';

const MAX_CACHE_BYTES = 1024 * 1024 * 1024;

interface Entry {
  readonly key: string;
  readonly result: Omit<FileResult, 'source' | 'filePath'>;
}

interface CacheFile {
  readonly version: string;
  readonly entries: Record<string, Entry>;
}

export class LintCache {
  private entries: Record<string, Entry> = {};
  private dirty = false;

  constructor(
    private readonly path: string,
    private readonly version: string,
    /** The project holding the cache file (`.calckit/cache/` by default): read and written only while inside it. */
    private readonly projectRoot?: string,
  ) {
    try {
      // A large repository's cache may pass the 10 MB of a settings file: the limit here only stops a device.
      const data = JSON.parse(readRegularFileSync(path, { maxBytes: MAX_CACHE_BYTES, ...(projectRoot !== undefined ? { projectRoot } : {}) }).toString('utf8')) as CacheFile;
      // A cache from another version of the rules is worthless.
      if (data.version === version && data.entries && typeof data.entries === 'object') this.entries = data.entries;
    } catch {
      this.entries = {}; // no cache yet, or unreadable: start afresh
    }
  }

  /** The key of a file's lint: content + settings (+ the version, held by the cache file). */
  static key(text: string, settings: unknown): string {
    return createHash('sha256').update(text).update('\u0000').update(JSON.stringify(settings)).digest('hex');
  }

  get(file: string, key: string, source: string, displayPath: string): FileResult | undefined {
    const e = this.entries[file];
    if (!e || e.key !== key) return undefined;
    return { ...e.result, source, filePath: displayPath };
  }

  set(file: string, key: string, result: FileResult): void {
    const { source: _source, filePath: _path, output: _output, ...rest } = result;
    this.entries[file] = { key, result: rest };
    this.dirty = true;
  }

  /**
   * Writes the cache; entries of files outside this run are kept, so linting a subset does not evict others. Returns
   * why the cache could not be written (a one-line reason; the run's results stand), or undefined.
   */
  save(): string | undefined {
    if (!this.dirty) return undefined;
    const within = this.projectRoot !== undefined ? { projectRoot: this.projectRoot } : {};
    try {
      // Its folder is made only inside the project (`.calckit` may be a link out of it).
      if (this.projectRoot !== undefined) resolveInsideProject(this.projectRoot, this.path, { operation: 'write' });
      mkdirSync(dirname(this.path), { recursive: true });
      writeTextFileAtomicSync(this.path, JSON.stringify({ version: this.version, entries: this.entries } satisfies CacheFile), within);
    } catch (error) {
      if (error instanceof FileAccessError) return error.message;
      const e = error as NodeJS.ErrnoException;
      return `cannot write ${this.path}: ${e.code ?? e.message}`;
    }
    this.dirty = false;
    return undefined;
  }
}
