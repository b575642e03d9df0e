// Runs one benchmark section and turns any failure (a part not built yet, a peer not installed) into a
// "not available" entry with the reason, so one missing part never stops the whole run.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** True when the built file `rel` (relative to the repo root) exists. */
export function built(rel) {
  return existsSync(fileURLToPath(new URL(`../../${rel}`, import.meta.url)));
}

export async function section(name, needs, run, log) {
  const missing = needs.filter((rel) => !built(rel));
  if (missing.length > 0) {
    log(`${name}: not available (${missing.join(', ')} not built)`);
    return { notAvailable: `not built: ${missing.join(', ')}` };
  }
  const t0 = performance.now();
  log(`${name}…`);
  try {
    const result = await run();
    log(`${name}: done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    return result;
  } catch (error) {
    log(`${name}: not available (${error instanceof Error ? error.message : String(error)})`);
    return { notAvailable: error instanceof Error ? error.message : String(error) };
  }
}
