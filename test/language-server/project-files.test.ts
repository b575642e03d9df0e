// The files a project names, read by the server over stdio: a schema, project or formula file that is a link to
// /dev/zero, a FIFO or 50 MB is refused at once (logged once, naming the file and the problem), the server stays small
// and keeps publishing diagnostics; a link out of the project (/proc/self/environ) is refused, its text never shown.
import { execFileSync } from 'node:child_process';
import { closeSync, ftruncateSync, openSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { salesProject, TestClient } from './client.js';

const LINUX = process.platform === 'linux';
let client: TestClient | undefined;
afterEach(async () => {
  await client?.stop();
  client = undefined;
});

/** Peak resident memory of the server process, in MB (Linux). */
function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) / 1024;
}
const sparse = (path: string, size: number) => {
  const fd = openSync(path, 'w');
  ftruncateSync(fd, size);
  closeSync(fd);
};
/** Replaces a fixture file by something else: a link, a FIFO, a sparse file. */
function replace(path: string, make: (path: string) => void): void {
  rmSync(path, { force: true });
  make(path);
}

describe.runIf(LINUX)('language server: files the project names', () => {
  it.each([
    // A link out of the project is refused before anything is opened (issue 32, item 2), whatever it leads to.
    ['a link to /dev/zero', (p: string) => symlinkSync('/dev/zero', p), 'it leads outside the project, to /dev/zero (through a symbolic link)'],
    ['a FIFO', (p: string) => execFileSync('mkfifo', [p]), 'not a regular file (a named pipe (FIFO))'],
    ['a 50 MB file', (p: string) => sparse(p, 50 * 1024 * 1024), 'larger than 10 MB (52,428,800 bytes), the most calckit reads'],
  ])('a schema file that is %s: logged with the file and the problem; diagnostics still published; memory stays small', async (_, make, problem) => {
    const project = salesProject();
    replace(project.path('schemas/sales.json'), make);
    ({ client } = await TestClient.start({ rootUri: project.uri('') }));
    const uri = project.uri('formulas/a.calc');
    await client.open(uri, 'SUM(`Sales`) / 0');
    const diagnostics = await client.diagnosticsFor(uri, 1);
    expect(diagnostics.map((d) => d.code)).toEqual(['division-by-zero']);
    await client.until(() => client!.logs.some((l) => l.includes('schema file')), 10_000, 'the log line');
    const line = client.logs.find((l) => l.includes('schema file'))!;
    expect(line).toContain(`${project.path('schemas/sales.json')}: cannot read the schema file: ${problem}`);
    expect(peakRssMb(client.process.pid!)).toBeLessThan(400);
  });

  it('a schema file pointing at /proc/self/environ: refused as a link out of the project, no variable in the log', async () => {
    process.env['CALCKIT_LSP_TEST_SECRET'] = 'never-in-the-log';
    try {
      const project = salesProject();
      replace(project.path('schemas/sales.json'), (p) => symlinkSync('/proc/self/environ', p));
      ({ client } = await TestClient.start({ rootUri: project.uri('') }));
      const uri = project.uri('formulas/a.calc');
      await client.open(uri, 'SUM(`Sales`) / 0');
      await client.diagnosticsFor(uri, 1);
      await client.until(() => client!.logs.some((l) => l.includes('schema file')), 10_000, 'the log line');
      expect(client.logs.find((l) => l.includes('schema file'))).toMatch(/cannot read the schema file: it leads outside the project, to \/proc\/\d+\/environ/);
      expect(client.logs.join('\n')).not.toContain('never-in-the-log');
    } finally {
      delete process.env['CALCKIT_LSP_TEST_SECRET'];
    }
  });

  it('a project file that is a FIFO: logged, and the file is linted without it (nothing waits for a writer)', async () => {
    const project = salesProject();
    replace(project.path('calckit.json'), (p) => execFileSync('mkfifo', [p]));
    ({ client } = await TestClient.start({ rootUri: project.uri('') }));
    const uri = project.uri('formulas/a.calc');
    await client.open(uri, 'SUM(`Sales`) / 0');
    expect((await client.diagnosticsFor(uri, 1)).map((d) => d.code)).toContain('division-by-zero');
    await client.until(() => client!.logs.some((l) => l.includes('project file')), 10_000, 'the log line');
    expect(client.logs.find((l) => l.includes('project file'))).toContain(`${project.path('calckit.json')}: cannot read the project file: not a regular file (a named pipe (FIFO))`);
  });

  it('a nested calculation whose formula file is a link to /dev/zero is unknown, not read', async () => {
    const project = salesProject();
    replace(project.path('formulas/b.calc'), (p) => symlinkSync('/dev/zero', p));
    ({ client } = await TestClient.start({ rootUri: project.uri('') }));
    const uri = project.uri('formulas/c.calc');
    await client.open(uri, 'SVC_BEAST_MODE(102) / 0');
    expect((await client.diagnosticsFor(uri, 1)).map((d) => d.code)).toContain('division-by-zero');
    expect(peakRssMb(client.process.pid!)).toBeLessThan(400);
  });
});
