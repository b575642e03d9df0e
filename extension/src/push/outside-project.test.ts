// Which formula files a push may send, on a real folder with symbolic links: the file itself linked out, a folder on
// its way linked out, a link that stays inside, and a loop of links (its real place cannot be told).
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { outsideProjectRefusal, refusalNote } from './outside-project.js';

let tmp: string;
let root: string;
let secret: string;
beforeEach(() => {
  tmp = realpathSync(mkdtempSync(join(tmpdir(), 'calckit-outside-push-')));
  root = join(tmp, 'project');
  mkdirSync(join(root, 'formulas'), { recursive: true });
  mkdirSync(join(tmp, 'elsewhere'));
  secret = join(tmp, 'elsewhere', 'secret.txt');
  writeFileSync(secret, 'password=hunter2');
  writeFileSync(join(root, 'formulas', 'plain.calc'), 'SUM(`Sales`)');
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

describe('outsideProjectRefusal', () => {
  it('lets a file inside the project through, and a link to a file inside it', () => {
    symlinkSync(join(root, 'formulas', 'plain.calc'), join(root, 'formulas', 'alias.calc'));
    expect(outsideProjectRefusal(root, join(root, 'formulas', 'plain.calc'), { path: 'formulas/plain.calc', id: 1 })).toBeUndefined();
    expect(outsideProjectRefusal(root, join(root, 'formulas', 'alias.calc'), { path: 'formulas/alias.calc', id: 2 })).toBeUndefined();
  });

  it('refuses a file that is a link out of the project, naming it and where it leads', () => {
    symlinkSync(secret, join(root, 'formulas', 'x.calc'));
    const refused = outsideProjectRefusal(root, join(root, 'formulas', 'x.calc'), { path: 'formulas/x.calc', id: 7 });
    expect(refused).toMatchObject({ kind: 'refused', file: 'formulas/x.calc', calculationId: 7, target: secret });
    expect(refused?.message).toBe(
      `cannot read formulas/x.calc: it leads outside the project, to ${secret} (through a symbolic link); calckit reads and writes only files inside the project folder ${root}`,
    );
    const note = refusalNote(refused!);
    expect(note.status).toBe(`calckit: formulas/x.calc not pushed, it leads outside the project, to ${secret}`);
    expect(note.notification).toContain('formulas/x.calc not pushed, nothing was sent: cannot read formulas/x.calc');
    expect(note.log).not.toContain('hunter2');
  });

  it('refuses a file under a folder that is a link out of the project', () => {
    symlinkSync(join(tmp, 'elsewhere'), join(root, 'linked'));
    const refused = outsideProjectRefusal(root, join(root, 'linked', 'secret.txt'), { path: 'linked/secret.txt', id: 3 });
    expect(refused).toMatchObject({ kind: 'refused', target: secret });
  });

  it('refuses a file whose real place cannot be told (a loop of links)', () => {
    symlinkSync(join(root, 'formulas', 'b.calc'), join(root, 'formulas', 'a.calc'));
    symlinkSync(join(root, 'formulas', 'a.calc'), join(root, 'formulas', 'b.calc'));
    const refused = outsideProjectRefusal(root, join(root, 'formulas', 'a.calc'), { path: 'formulas/a.calc', id: 4 });
    expect(refused).toMatchObject({ kind: 'refused', file: 'formulas/a.calc' });
    expect(refused?.target).toBeUndefined();
    expect(refusalNote(refused!).status).toBe('calckit: formulas/a.calc not pushed, its real place is unknown');
  });
});
