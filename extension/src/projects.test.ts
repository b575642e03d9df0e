// Tests of the extension's Projects on real folders, with VS Code's watcher and event emitter stood in for: the
// mapping and schema of a formula come from the project index, a broken project file is logged once and named by
// errorFor, and a watcher event re-reads only what the changed file can change.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';

type Listener = (uri: { scheme: string; fsPath: string }) => void;
const watchers: Array<{ pattern: string; change: Listener[]; create: Listener[]; remove: Listener[] }> = [];

vi.mock('vscode', () => {
  class EventEmitter<T> {
    private listeners: Array<(value: T) => void> = [];
    readonly event = (listener: (value: T) => void) => void this.listeners.push(listener);
    fire(value: T): void {
      for (const l of this.listeners) l(value);
    }
    dispose(): void {
      this.listeners = [];
    }
  }
  return {
    EventEmitter,
    workspace: {
      createFileSystemWatcher(pattern: string) {
        const w = { pattern, change: [] as Listener[], create: [] as Listener[], remove: [] as Listener[] };
        watchers.push(w);
        return {
          onDidChange: (l: Listener) => void w.change.push(l),
          onDidCreate: (l: Listener) => void w.create.push(l),
          onDidDelete: (l: Listener) => void w.remove.push(l),
          dispose: () => undefined,
        };
      },
    },
  };
});

const { Projects } = await import('./projects.js');

const file = (fsPath: string) => ({ scheme: 'file', fsPath, path: fsPath }) as never;
const logs: string[] = [];
const log = { info: (m: string) => logs.push(`info ${m}`), warn: (m: string) => logs.push(`warn ${m}`), error: (m: string) => logs.push(`error ${m}`), debug: () => undefined } as never;

function tree(files: Record<string, unknown>): string {
  const root = mkdtempSync(join(tmpdir(), 'calckit-ext-projects-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), typeof content === 'string' ? content : JSON.stringify(content));
  }
  return root;
}
const schema = (names: string[]) => names.map((name, order) => ({ name, id: name.toLowerCase(), type: 'DECIMAL', visible: true, order }));

beforeEach(() => {
  watchers.length = 0;
  logs.length = 0;
});

describe('Projects (the extension)', () => {
  it('maps a formula to its project, calculation and schema; a changed schema file is read again when the watcher says so', () => {
    const root = tree({
      'calckit.json': { datasets: { sales: { id: 'd', schema: 's.json' } }, calculations: { 'f/a.calc': { id: 7, dataset: 'sales' } } },
      's.json': schema(['Sales']),
      'f/a.calc': '1',
    });
    const projects = new Projects(log);
    let changes = 0;
    projects.onDidChange(() => void changes++);
    const uri = file(join(root, 'f/a.calc'));
    const mapping = projects.forFile(uri)!;
    expect(mapping.calculation?.id).toBe(7);
    expect(projects.schemaFor(mapping, uri)?.map((c) => c.name)).toEqual(['Sales']);
    expect(projects.forFolder(file(join(root, 'f')))?.file).toBe(join(root, 'calckit.json'));

    writeFileSync(join(root, 's.json'), JSON.stringify(schema(['Sales', 'Cost'])));
    expect(projects.schemaFor(projects.forFile(uri)!, uri)?.map((c) => c.name)).toEqual(['Sales']); // not told yet
    const [watcher] = watchers;
    watcher!.change.forEach((l) => l(file(join(root, 'other.json'))));
    expect(changes).toBe(0); // nothing depended on it
    watcher!.change.forEach((l) => l(file(join(root, 's.json'))));
    expect(changes).toBe(1);
    expect(projects.schemaFor(projects.forFile(uri)!, uri)?.map((c) => c.name)).toEqual(['Sales', 'Cost']);
  });

  it('a broken project file: no mapping, the problem named by errorFor and logged once; fixed, it loads', () => {
    const root = tree({ 'calckit.json': { calculations: { 'a.calc': { id: 'x' } } }, 'a.calc': '1' });
    const projects = new Projects(log);
    const uri = file(join(root, 'a.calc'));
    expect(projects.forFile(uri)).toBeUndefined();
    expect(projects.forFile(uri)).toBeUndefined();
    expect(projects.errorFor(uri)?.message).toContain(`${join(root, 'calckit.json')}: calculations."a.calc".id`);
    expect(logs.filter((l) => l.startsWith('error project file'))).toHaveLength(1);
    writeFileSync(join(root, 'calckit.json'), JSON.stringify({ calculations: { 'a.calc': { id: 3 } } }));
    watchers[0]!.change.forEach((l) => l(file(join(root, 'calckit.json'))));
    expect(projects.forFile(uri)?.calculation?.id).toBe(3);
    expect(projects.errorFor(uri)).toBeUndefined();
  });

  it('a new calckit.json nearer a formula takes over once the watcher reports it', () => {
    const root = tree({ 'calckit.json': {}, 'sub/b.calc': '1' });
    const projects = new Projects(log);
    const uri = file(join(root, 'sub/b.calc'));
    expect(projects.forFile(uri)?.project.root).toBe(root);
    writeFileSync(join(root, 'sub/calckit.json'), JSON.stringify({ calculations: { 'b.calc': { id: 9 } } }));
    watchers[0]!.create.forEach((l) => l(file(join(root, 'sub/calckit.json'))));
    expect(projects.forFile(uri)?.calculation?.id).toBe(9);
  });
});
