// Workspace settings a test turns on while VS Code runs: written to .vscode/settings.json, which VS Code reads within a
// moment; the extension logs the change, which is what is awaited.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Ui } from './ui.js';

/**
 * Push on save, auto-saves included (calckit.push.onAutoSave), with files.autoSave afterDelay `delayMs`; resolves once
 * the extension has read it and throws after `timeoutMs` otherwise.
 */
export async function pushAutoSaves(u: Ui, workspace: string, delayMs: number, timeoutMs?: number): Promise<void> {
  writeFileSync(
    join(workspace, '.vscode', 'settings.json'),
    JSON.stringify({ 'calckit.pushOnSave': true, 'calckit.push.onAutoSave': true, 'files.autoSave': 'afterDelay', 'files.autoSaveDelay': delayMs }, null, 2),
  );
  await u.waitFor(
    'the extension reading the new setting',
    async () => (/settings changed: push on save on, auto-saves too/.test(u.extensionLog(Infinity)) ? true : undefined),
    timeoutMs,
  );
}
