// Issue 32, item 2, in the editor: the language server reads a project's files through @calckit/project, so a symbolic
// link in the project that leads out of it is refused there too. Over stdio with a real JSON-RPC client: a formula test
// whose data file is a link out is not run, and says where the link leads; nothing of the outside file is shown.
import { mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { makeProject, TestClient } from './client.js';

let client: TestClient | undefined;
afterEach(async () => {
  await client?.stop();
  client = undefined;
});

describe('language server: files reached through the project stay inside it', () => {
  it('a test whose data file is a link out of the project is not run, naming where the link leads', async () => {
    const outside = realpathSync(mkdtempSync(join(tmpdir(), 'calckit-outside-')));
    writeFileSync(join(outside, 'rows.csv'), 'Revenue,Cost\nSECRET-do-not-leak,1\n');
    const p = makeProject({
      'calckit.json': JSON.stringify({ calculations: { 'formulas/margin.calc': { id: 1 } } }),
      'formulas/margin.calc': '`Revenue` - `Cost`\n',
    });
    symlinkSync(join(outside, 'rows.csv'), p.path('formulas/rows.csv'));
    const testText = JSON.stringify({ tests: [{ name: 'linked rows', rows: { csv: 'rows.csv' }, expect: [1] }] }, null, 2);
    writeFileSync(p.path('formulas/margin.calc.test.json'), testText);
    ({ client } = await TestClient.start({
      rootUri: p.uri(''),
      capabilities: { workspace: { configuration: true }, textDocument: { publishDiagnostics: { versionSupport: true } } },
    }));
    const c = client!;
    const testFile = p.uri('formulas/margin.calc.test.json');
    await c.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: testFile, languageId: 'json', version: 1, text: testText } });
    await c.until(() => (c.published.get(testFile) ?? []).some((d) => d.diagnostics.length > 0), 20_000, 'the diagnostics of the test file');
    const diagnostics: Diagnostic[] = c.published.get(testFile)!.find((d) => d.diagnostics.length > 0)!.diagnostics;
    expect(diagnostics.map((d) => d.code)).toEqual(['test-invalid']);
    expect(diagnostics[0]!.message).toContain(`rows.csv: it leads outside the project, to ${join(outside, 'rows.csv')}`);
    expect(JSON.stringify(diagnostics)).not.toContain('SECRET-do-not-leak');
    expect(c.exited).toBe(false);
  });
});
