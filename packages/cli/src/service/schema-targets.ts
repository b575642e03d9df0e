// The datasets a schema command works on: the keys named on the command line, or every dataset of calckit.json.
import type { Project } from '@calckit/project';
import { CliExit, EXIT_USAGE } from '../exit.js';
import type { SchemaTarget } from './schema-files.js';

/** Keys in the order given (each once), or all datasets in calckit.json's order; an unknown key is a usage error. */
export function datasetTargets(project: Project, keys: readonly string[], command: string): SchemaTarget[] {
  const declared = Object.keys(project.datasets);
  if (declared.length === 0) {
    throw new CliExit(EXIT_USAGE, `${command}: ${project.file} declares no dataset; \`calckit import --dataset <id>\` adds them`);
  }
  const wanted = keys.length === 0 ? declared : [...new Set(keys)];
  const unknown = wanted.filter((key) => !Object.hasOwn(project.datasets, key));
  if (unknown.length > 0) {
    throw new CliExit(
      EXIT_USAGE,
      `${command}: no dataset ${unknown.map((k) => JSON.stringify(k)).join(', ')} in ${project.file} (datasets: ${declared.join(', ')}); give dataset keys, not ids`,
    );
  }
  return wanted.map((key) => ({ key, id: (project.datasets[key] as { id: string }).id }));
}
