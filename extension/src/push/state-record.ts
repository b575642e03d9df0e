// The push record kept in the project's state file (@calckit/project): the last pushed checkSum per calculation.
import { lastPushed, recordPush } from '@calckit/project';
import type { PushRecord } from './types.js';

export function stateFileRecord(statePath: string, fileOf: (id: number) => string | undefined = () => undefined): PushRecord {
  return {
    lastPushed: (id) => lastPushed(statePath, id)?.checkSum,
    record: (id, checkSum) => {
      const file = fileOf(id);
      recordPush(statePath, id, { checkSum, ...(file === undefined ? {} : { file }) });
    },
  };
}
