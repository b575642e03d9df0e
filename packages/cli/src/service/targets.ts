// Resolving a command argument `<file|id>` to a calculation id (and its file, when the project maps one).
import { calculationForFile, calculationForId, type Project, type ProjectCalculation } from '@calckit/project';
import { CliExit, EXIT_USAGE } from '../exit.js';

export interface Target {
  readonly id: number;
  readonly entry: ProjectCalculation | undefined;
}

export function resolveTarget(arg: string, project: Project | undefined): Target {
  if (/^\d+$/.test(arg)) {
    const id = Number(arg);
    if (!Number.isSafeInteger(id) || id <= 0) throw new CliExit(EXIT_USAGE, `calckit: "${arg}" is not a calculation id`);
    return { id, entry: project ? calculationForId(project, id) : undefined };
  }
  if (project === undefined) {
    throw new CliExit(EXIT_USAGE, `calckit: "${arg}" is not an id, and there is no calckit.json to map files to calculations`);
  }
  const entry = calculationForFile(project, arg);
  if (entry === undefined) {
    throw new CliExit(EXIT_USAGE, `calckit: ${arg} is not listed under "calculations" in ${project.file}; add it there with its id`);
  }
  return { id: entry.id, entry };
}
