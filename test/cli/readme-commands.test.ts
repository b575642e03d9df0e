// Every `npx calckit …` line of the README works right after the set-up (`npm ci`, which builds): each runs from the
// repository's root as a shell command, and must finish with exit 0 or 1 (findings), never 2 (usage), 127 (not
// found) or an internal error. The README is what a new user copies first.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../service/harness.js';

/** The `npx calckit…` commands of the README's code blocks (YAML `run:` steps too), without trailing comments. */
export function readmeCommands(readme: string): string[] {
  const commands: string[] = [];
  let inCode = false;
  for (const raw of readme.split('\n')) {
    if (/^\s*```/.test(raw)) {
      inCode = !inCode;
      continue;
    }
    if (!inCode || !raw.includes('npx calckit')) continue;
    const line = raw.replace(/^\s*-?\s*run:\s*/, '').replace(/\s+#\s.*$/, '').trim();
    commands.push(line);
  }
  return commands;
}

const commands = readmeCommands(readFileSync(join(REPO_ROOT, 'README.md'), 'utf8'));

function run(command: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // No service settings from the environment: the README's lines must not depend on them.
    const env = { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', npm_config_yes: 'false' };
    execFile('sh', ['-c', command], { cwd: REPO_ROOT, env, timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

describe("the README's npx calckit lines", () => {
  it('are found', () => {
    expect(commands.length).toBeGreaterThanOrEqual(3);
  });

  it.each(commands)('%s', async (command) => {
    const result = await run(command);
    expect(result.stderr).not.toMatch(/not found|internal error|could not determine executable/i);
    expect([0, 1], `exit ${result.code}: ${result.stderr.slice(0, 400)}`).toContain(result.code);
  });
});
