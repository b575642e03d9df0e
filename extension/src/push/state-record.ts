// The push record kept in the project's state file (@calckit/project): the last pushed checkSum per calculation, for
// one service origin (a push to a local emulator never touches the records for production).
import { lastPushed, recordPush } from '@calckit/project';
import type { PushRecord } from './types.js';

export function stateFileRecord(statePath: string, origin: string, fileOf: (id: number) => string | undefined = () => undefined): PushRecord {
  return {
    lastPushed: (id) => lastPushed(statePath, origin, id)?.checkSum,
    record: (id, checkSum) => {
      const file = fileOf(id);
      recordPush(statePath, origin, id, { checkSum, ...(file === undefined ? {} : { file }) });
    },
  };
}
