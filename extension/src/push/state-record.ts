// The push record kept in the project's state file (@calckit/project): the last pushed checkSum per calculation, for
// one service origin (a push to a local emulator never touches the records for production).
import { lastPushed, recordPush } from '@calckit/project';
import type { PushRecord } from './types.js';

export function stateFileRecord(statePath: string, origin: string, fileOf: (id: number) => string | undefined = () => undefined, projectRoot?: string): PushRecord {
  // With the project's folder, a state file (or folder) linked out of the project is refused (@calckit/project).
  const within = projectRoot !== undefined ? { projectRoot } : {};
  return {
    lastPushed: (id) => lastPushed(statePath, origin, id, within)?.checkSum,
    record: (id, checkSum) => {
      const file = fileOf(id);
      recordPush(statePath, origin, id, { checkSum, ...(file === undefined ? {} : { file }) }, within);
    },
  };
}
