// Minor GCs in the pauses after diagnostics, over stdio: a server edited on a long formula collects its young
// generation after the replies and says so once in its log; one told `idleGc: false` never does, and both publish the
// same diagnostics.
import { afterAll, describe, expect, it } from 'vitest';
import { salesProject, TestClient } from './client.js';

const COLLECTING = 'collecting the young generation in the pauses after diagnostics';
const clients: TestClient[] = [];

afterAll(async () => {
  await Promise.all(clients.map((c) => c.stop()));
});

/** A formula of about 6 KB: each version allocates several hundred KB (tokens, tree, model, lint). */
const LONG = `CASE\n${Array.from({ length: 60 }, (_, i) => `  WHEN \`Region\` = 'R${i}' AND SUM(\`Sales\`) > ${i * 10} THEN SUM(\`Sales\`) / ${i + 1}`).join('\n')}\n  ELSE 0\nEND`;

describe('idle minor GCs', () => {
  it('run in the pauses after diagnostics, and not when turned off', async () => {
    const project = salesProject();
    const uri = project.uri('formulas/long.calc');
    const edited = async (client: TestClient): Promise<string[]> => {
      await client.open(uri, LONG);
      let last: string[] = [];
      for (let i = 0; i < 80; i++) {
        const version = await client.change(uri, [{ text: i % 2 === 0 ? `${LONG} ` : LONG }]);
        last = (await client.diagnosticsFor(uri, version)).map((d) => `${d.code}`);
        // A pause, as between keystrokes: the collection runs in pauses only. Without one the next change arrives
        // within the server's 2 ms wait whenever this process answers fast, and the test depended on that race.
        await new Promise((resolve) => setTimeout(resolve, 15));
      }
      return last;
    };
    const options = { rootUri: project.uri(''), initializationOptions: { diagnosticsDelay: 0, warmUp: false } };
    const [{ client: on }, { client: off }] = await Promise.all([
      TestClient.start(options),
      TestClient.start({ ...options, initializationOptions: { ...options.initializationOptions, idleGc: false } }),
    ]);
    clients.push(on, off);
    const [withGc, withoutGc] = [await edited(on), await edited(off)];
    expect(withGc).toEqual(withoutGc);
    await on.until(() => on.logs.includes(COLLECTING), 10_000, 'the idle GC log');
    expect(on.logs.filter((l) => l === COLLECTING)).toHaveLength(1);
    expect(off.logs.filter((l) => l === COLLECTING)).toEqual([]);
  });
});
