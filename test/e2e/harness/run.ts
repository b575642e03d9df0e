// What one test file starts, stopped once at the end: a temporary folder (its workspace, the emulator's database) and
// every resource tracked in it, closed last-started first (VS Code before the proxy before the emulator it talks to).
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Closable {
  close(): Promise<void>;
}

export interface TestRun {
  /** The run's temporary folder, by its real path (a workspace in it is named as VS Code names it). */
  readonly dir: string;
  /** Has `resource` closed by close(), before those tracked earlier; returns it. */
  track<T extends Closable>(resource: T): T;
  /** Closes every tracked resource (all of them, even when one fails), then removes the folder. */
  close(): Promise<void>;
}

export function startRun(name: string): TestRun {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), `calckit-e2e-${name}-`)));
  const resources: Closable[] = [];
  return {
    dir,
    track(resource) {
      resources.push(resource);
      return resource;
    },
    async close() {
      const failures: unknown[] = [];
      for (const resource of resources.splice(0).reverse()) {
        await resource.close().catch((error: unknown) => failures.push(error));
      }
      rmSync(dir, { recursive: true, force: true });
      if (failures.length > 0) throw failures[0];
    },
  };
}
