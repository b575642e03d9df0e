// Builds the workspace the end-to-end test opens: a calckit.json pointing at the running emulator, a dataset schema,
// formulas (one mapped to a locked calculation, one broken), the push state, and push on save turned on.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface WorkspaceSpec {
  readonly root: string;
  readonly baseUrl: string;
  readonly columns: ReadonlyArray<{ name: string; id: string; type: string; visible: boolean; order: number }>;
  /** Mapped formulas: path → calculation id, text, and the checkSum recorded as our last push. */
  readonly formulas: ReadonlyArray<{ path: string; id: number; text: string; lastPushed?: string }>;
  /** Files that exist but are not mapped. */
  readonly others?: ReadonlyArray<{ path: string; text: string }>;
  readonly settings?: Record<string, unknown>;
}

export function writeWorkspace(spec: WorkspaceSpec): void {
  const write = (path: string, text: string): void => {
    const file = join(spec.root, path);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, text);
  };
  write(
    'calckit.json',
    JSON.stringify(
      {
        service: { name: 'SVC', baseUrl: spec.baseUrl },
        datasets: { sales: { id: 'sales', schema: 'schemas/sales.json' } },
        calculations: Object.fromEntries(spec.formulas.map((f) => [f.path, { id: f.id, dataset: 'sales' }])),
      },
      null,
      2,
    ),
  );
  write('schemas/sales.json', JSON.stringify(spec.columns, null, 2));
  for (const f of [...spec.formulas, ...(spec.others ?? [])]) write(f.path, f.text);
  writePushState(spec);
  write('.vscode/settings.json', JSON.stringify(spec.settings ?? {}, null, 2));
}

/** (Re)writes the push state file: each formula's `lastPushed` as the last push recorded for the service's origin. */
export function writePushState(spec: Pick<WorkspaceSpec, 'root' | 'baseUrl' | 'formulas'>): void {
  const calculations: Record<string, { checkSum: string; pushedAt: string; file: string }> = {};
  for (const f of spec.formulas) {
    if (f.lastPushed) calculations[String(f.id)] = { checkSum: f.lastPushed, pushedAt: new Date().toISOString(), file: f.path };
  }
  mkdirSync(join(spec.root, '.calckit'), { recursive: true });
  // Records are kept per service origin (the state file's version 2).
  writeFileSync(join(spec.root, '.calckit', 'state.json'), JSON.stringify({ version: 2, services: { [new URL(spec.baseUrl).origin]: { calculations } } }, null, 2));
}

/**
 * The folder's own node_modules/.bin/calckit: run, it leaves a marker file (the extension must run it only when the
 * user says so). Returns the marker's path.
 */
export function writeWorkspaceCalckit(root: string): string {
  const marker = join(root, 'ran-the-workspace-calckit');
  const bin = join(root, 'node_modules', '.bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, 'calckit'), `#!/bin/sh\necho "$@" > '${marker}'\nsleep 30\n`);
  chmodSync(join(bin, 'calckit'), 0o755);
  return marker;
}
