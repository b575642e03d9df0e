// The service a test's workspace talks to: the emulator on a free loopback port with its default fixtures, its
// database in the test's temporary folder, and a client of it that reads what a push left there.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient, type Client } from '@calckit/client';
import { DEFAULT_FIXTURES_PATH, startEmulator, type RunningEmulator } from '@calckit/emulator';
import type { WorkspaceSpec } from './workspace.js';

export interface Service {
  readonly emulator: RunningEmulator;
  readonly client: Client;
  /** The columns of the fixtures' `sales` dataset (the schema a workspace's formulas are checked against). */
  readonly columns: WorkspaceSpec['columns'];
  /** The formula the service holds for calculation `id`. */
  remoteExpression(id: number): Promise<string>;
  close(): Promise<void>;
}

export async function startService(options: { dir: string; developerToken: string; sessionToken: string }): Promise<Service> {
  const emulator = await startEmulator({
    port: 0,
    dataPath: join(options.dir, 'emulator.sqlite'),
    fixtures: DEFAULT_FIXTURES_PATH,
    developerToken: options.developerToken,
    sessionToken: options.sessionToken,
  });
  const client = createClient({ baseUrl: emulator.url, developerToken: options.developerToken, retries: 0 });
  const fixtures = JSON.parse(readFileSync(DEFAULT_FIXTURES_PATH, 'utf8')) as {
    datasets: Array<{ id: string; columns: WorkspaceSpec['columns'] }>;
  };
  return {
    emulator,
    client,
    columns: fixtures.datasets.find((d) => d.id === 'sales')?.columns ?? [],
    remoteExpression: async (id) => (await client.readCalculation(id)).expression,
    close: () => emulator.close(),
  };
}
