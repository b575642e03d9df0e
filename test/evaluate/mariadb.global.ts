// Vitest global setup: starts one private MariaDB server (scripts/mariadb/server.mjs) for the differential test files
// of this run and stops it after. Only when the run includes test/evaluate/differential (a run of other paths starts
// nothing). A server that cannot start is not an error here: the differential tests fail with its message.
import type { TestProject } from 'vitest/node';
import { startMariadb } from '../../scripts/mariadb/server.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The socket of the run's MariaDB server, or the reason it could not start. */
    mariadb: { socket: string; version: string | undefined } | { error: string } | undefined;
  }
}

const DIFFERENTIAL = 'test/evaluate/differential/';

/** True when the command line's file filters (vitest matches them as substrings of paths) may select a differential test. */
function runsDifferentialTests(argv: readonly string[]): boolean {
  const run = argv.findIndex((a) => a === 'run' || a === 'watch' || a === 'dev' || a === 'related');
  const filters = argv.slice(run >= 0 ? run + 1 : 2).filter((a) => !a.startsWith('-'));
  if (filters.length === 0) return true;
  return filters.some((f) => {
    const p = f.replace(/^\.\//, '').replace(/\/+$/, '');
    return `${DIFFERENTIAL}x.test.ts`.includes(p) || p.startsWith(DIFFERENTIAL.slice(0, -1)) || DIFFERENTIAL.startsWith(p);
  });
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  if (!runsDifferentialTests(process.argv)) return;
  try {
    const server = await startMariadb();
    project.provide('mariadb', { socket: server.socket, version: server.version });
    return () => server.stop();
  } catch (error) {
    project.provide('mariadb', { error: error instanceof Error ? error.message : String(error) });
  }
}
