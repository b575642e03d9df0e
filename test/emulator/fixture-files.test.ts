// The fixtures files kept in the repository load into the emulator: the package's default and the example project's.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FIXTURES_PATH, readFixturesFile, startEmulator } from '@calckit/emulator';

const FILES = {
  default: DEFAULT_FIXTURES_PATH,
  examples: fileURLToPath(new URL('../../examples/fixtures.json', import.meta.url)),
};

describe('fixtures files', () => {
  for (const [name, path] of Object.entries(FILES)) {
    it(`${name} loads and serves every calculation it lists`, async () => {
      const fixtures = readFixturesFile(path);
      const emulator = await startEmulator({ developerToken: 'd', sessionToken: 's', fixtures: path });
      try {
        expect(emulator.fixturesLoaded).toBe(true);
        expect(fixtures.calculations.length).toBeGreaterThan(0);
        for (const c of fixtures.calculations) {
          const r = await fetch(`${emulator.url}/api/query/v1/functions/template/${c.id}`, { headers: { 'X-SVC-Developer-Token': 'd' } });
          expect(r.status).toBe(200);
          expect(((await r.json()) as { expression: string }).expression).toBe(c.expression);
        }
      } finally {
        await emulator.close();
      }
    });
  }
});
