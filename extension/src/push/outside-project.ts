// A formula opened through a symbolic link that leads out of its project: VS Code names the document by the link, so
// a save (or Push This Formula, or Push All with it open) would send the text of the file the link leads to — a secret,
// another program's file. Before anything is sent, the document's file must really be inside its project, symbolic
// links followed (@calckit/project's resolveInsideProject, the check every CLI command makes).
import { FileAccessError, OutsideProjectError, resolveInsideProject } from '@calckit/project';
import type { PushOutcome } from './types.js';

export type RefusedPush = Extract<PushOutcome, { kind: 'refused' }>;

/**
 * The refusal of a push of `file` (absolute, as the editor names it) when its real place is outside `projectRoot`, or
 * cannot be told; undefined when it is inside. `calculation.path` is the file as the project maps it.
 */
export function outsideProjectRefusal(projectRoot: string, file: string, calculation: { readonly path: string; readonly id: number }): RefusedPush | undefined {
  try {
    resolveInsideProject(projectRoot, file, { operation: 'read', displayPath: calculation.path });
    return undefined;
  } catch (error) {
    // Any FileAccessError (a loop of links, a folder that cannot be read) leaves the file's real place unknown: not sent either.
    if (!(error instanceof FileAccessError)) throw error;
    return {
      kind: 'refused',
      file: calculation.path,
      calculationId: calculation.id,
      message: error.message,
      ...(error instanceof OutsideProjectError ? { target: error.target } : {}),
    };
  }
}

/** What the user is told: a notification (a push they asked for), a status bar note (an auto-save's), a log line. */
export function refusalNote(refused: RefusedPush): { notification: string; status: string; log: string } {
  const where = refused.target === undefined ? 'its real place is unknown' : `it leads outside the project, to ${refused.target}`;
  return {
    notification: `calckit: ${refused.file} not pushed, nothing was sent: ${refused.message}`,
    status: `calckit: ${refused.file} not pushed, ${where}`,
    log: `push ${refused.file}: refused, nothing was sent: ${refused.message}`,
  };
}
