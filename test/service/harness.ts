// Test harness: a real emulator on a loopback port (in this process), clients for it, and its fault injection.
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, type Client, type ClientOptions } from '@calckit/client';
import { startEmulator, type RunningEmulator } from '@calckit/emulator';
import { developerTokenHeader } from '@calckit/protocol';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const EXAMPLES = join(REPO_ROOT, 'examples');
export const EXAMPLE_FIXTURES = join(EXAMPLES, 'fixtures.json');

export interface Harness {
  readonly emulator: RunningEmulator;
  readonly url: string;
  readonly developerToken: string;
  readonly sessionToken: string;
  client(options?: Partial<ClientOptions>): Client;
  /** Makes the next `count` calls of an operation fail (see packages/emulator's fault injection). */
  inject(fault: { operation: string; status: number; count?: number; when?: 'before' | 'after'; delayMs?: number; retryAfter?: number; message?: string }): Promise<void>;
  clearFaults(): Promise<void>;
  close(): Promise<void>;
}

export async function startHarness(options: { fixtures?: string; dataPath?: string; maxBodyBytes?: number } = {}): Promise<Harness> {
  const developerToken = `dev-${randomBytes(12).toString('hex')}`;
  const sessionToken = `sess-${randomBytes(12).toString('hex')}`;
  const emulator = await startEmulator({
    port: 0,
    developerToken,
    sessionToken,
    fixtures: options.fixtures ?? EXAMPLE_FIXTURES,
    ...(options.dataPath ? { dataPath: options.dataPath } : {}),
    ...(options.maxBodyBytes ? { maxBodyBytes: options.maxBodyBytes } : {}),
  });
  const admin = async (method: string, body?: unknown): Promise<void> => {
    const res = await fetch(`${emulator.url}/__emulator/faults`, {
      method,
      headers: { 'content-type': 'application/json', [developerTokenHeader()]: developerToken },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    if (!res.ok) throw new Error(`fault injection answered ${res.status}: ${await res.text()}`);
  };
  return {
    emulator,
    url: emulator.url,
    developerToken,
    sessionToken,
    client: (overrides = {}) =>
      createClient({ baseUrl: emulator.url, developerToken, sessionToken, retries: 0, timeoutMs: 10_000, ...overrides } as ClientOptions),
    inject: (fault) => admin('POST', fault),
    clearFaults: () => admin('DELETE'),
    close: () => emulator.close(),
  };
}

/** A copy of examples/ in a temp directory, so tests can edit files and write state freely. */
export function copyExamples(): string {
  const dir = mkdtempSync(join(tmpdir(), 'calckit-examples-'));
  cpSync(EXAMPLES, dir, { recursive: true, filter: (src) => !src.includes(`${join(EXAMPLES, '.calckit')}`) });
  return dir;
}
