// The lint cache (`--cache`): results keyed by a hash of the file's content, its settings and the toolkit version,
// so an unchanged file with unchanged settings is not linted again. Stored as one JSON file, written atomically.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { FileResult } from '@calckit/lint';

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
  ) {
    try {
      const data = JSON.parse(readFileSync(path, 'utf8')) as CacheFile;
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

  /** Forgets files that no longer exist in this run's set? No: keeps them, so linting a subset does not evict others. */
  save(): void {
    if (!this.dirty) return;
    mkdirSync(dirname(this.path), { recursive: true });
    const tmp = `${this.path}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify({ version: this.version, entries: this.entries } satisfies CacheFile));
    renameSync(tmp, this.path);
  }
}
