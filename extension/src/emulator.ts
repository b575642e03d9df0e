// "Start Local Emulator for This Workspace": runs `calckit serve` for the project, with a database under .calckit/
// and a token made for this session, reads the URL it prints, and points this project's pushes at it until it stops.
// Only in a trusted workspace (commands.ts checks); the workspace's own calckit runs only after the user said yes.
// The database (and SQLite's files beside it) and the fixtures must really be inside the project: a `.calckit` or
// `.calckit/cache` that is a symbolic link out of it would have the emulator write (or read) elsewhere.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { resolveInsideProject, type Project } from '@calckit/project';
import * as vscode from 'vscode';
import type { Connections } from './connection.js';
import { ask } from './ask.js';
import type { Log } from './log.js';
import { workspaceCalckitQuestion } from './questions.js';

/** Fixture files looked for at the project root, in order (the emulator's --fixtures). */
export const FIXTURE_FILES = ['emulator-fixtures.json', 'fixtures.json', '.calckit/fixtures.json'];
const START_TIMEOUT_MS = 20_000;
/** The emulator's database, under the project (a cache: never committed). */
export const EMULATOR_DATABASE = join('.calckit', 'cache', 'emulator.sqlite');
/** The files SQLite writes beside a database (write-ahead log, shared memory, rollback journal). */
const SQLITE_COMPANIONS = ['', '-wal', '-shm', '-journal'];

export interface RunningEmulator {
  readonly baseUrl: string;
  readonly process: ChildProcess;
}

export interface EmulatorCommand {
  /** What is run: a program, or a script run with node. */
  readonly program: string;
  /** Where it comes from: the user setting, the workspace's node_modules, or the PATH. */
  readonly from: 'setting' | 'workspace' | 'path';
  /** The same, said for the user. */
  readonly why: string;
}

export function calckitCommand(project: Project, configured: string): EmulatorCommand {
  if (configured !== '') return { program: configured, from: 'setting', why: 'from the calckit.emulator.command setting' };
  const candidates = [join(project.root, 'node_modules', '.bin', 'calckit'), join(project.root, 'node_modules', 'calckit', 'dist', 'main.js')];
  const local = candidates.find((c) => existsSync(c));
  if (local) return { program: local, from: 'workspace', why: "the workspace's own calckit" };
  return { program: 'calckit', from: 'path', why: 'calckit on the PATH' };
}

/**
 * The workspace's own calckit is code from the workspace: run it only when the user says so, naming it. The default
 * answer (Enter) runs nothing and opens the calckit.emulator.command setting instead.
 */
export async function confirmEmulatorCommand(command: EmulatorCommand): Promise<boolean> {
  if (command.from !== 'workspace') return true;
  const answer = await ask(workspaceCalckitQuestion(command.program));
  if (answer === 'choose-another') openEmulatorCommandSetting();
  return answer === 'run';
}

/**
 * Opens the settings editor at calckit.emulator.command. The setting is machine-scoped: in a remote window (SSH,
 * containers, code-server) VS Code lists it under the Remote tab only.
 */
function openEmulatorCommandSetting(): void {
  const command = vscode.env.remoteName === undefined ? 'workbench.action.openSettings' : 'workbench.action.openRemoteSettings';
  void vscode.commands.executeCommand(command, { query: 'calckit.emulator.command' });
}

/** A script path runs under `node` (it need not be executable); anything else is run as a program. */
function commandLine(command: string, args: string[]): [string, string[]] {
  return /\.[cm]?js$/.test(command) ? ['node', [command, ...args]] : [command, args];
}

export async function startEmulator(project: Project, command: string, connections: Connections, log: Log): Promise<RunningEmulator> {
  // Refused (OutsideProjectError, naming the file and where it leads) before anything runs or is written.
  const inside = (path: string, operation: 'read' | 'write'): string =>
    resolveInsideProject(project.root, path, { operation, displayPath: relative(project.root, path) });
  const database = join(project.root, EMULATOR_DATABASE);
  for (const suffix of SQLITE_COMPANIONS) inside(`${database}${suffix}`, 'write');
  // Without a fixtures file of the project's own, `calckit serve` loads the emulator's default fixtures.
  const fixtures = FIXTURE_FILES.map((f) => join(project.root, f)).find((f) => existsSync(f));
  if (fixtures) inside(fixtures, 'read');
  const token = randomBytes(24).toString('hex');
  log.addSecret(token);
  const args = ['serve', '--port', '0', '--quiet', '--data', database];
  if (fixtures) args.push('--fixtures', fixtures);
  if (project.service?.name) args.push('--service-name', project.service.name);
  log.info(`starting the emulator: ${command} ${args.join(' ')}`);
  const [program, programArgs] = commandLine(command, args);
  const child = spawn(program, programArgs, {
    cwd: project.root,
    env: { ...process.env, CALCKIT_DEVELOPER_TOKEN: token },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`the emulator printed no URL within ${START_TIMEOUT_MS / 1000} s: ${output.slice(-500)}`)), START_TIMEOUT_MS);
    const onData = (chunk: Buffer): void => {
      const text = chunk.toString('utf8');
      output += text;
      for (const line of text.split('\n')) if (line.trim()) log.info(`emulator: ${line.trim()}`);
      const match = /https?:\/\/(?:127\.0\.0\.1|localhost|\[::1\]):\d+/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[0]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`cannot run "${command}": ${error.message} (set calckit.emulator.command)`));
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the emulator exited with code ${code}: ${output.slice(-500)}`));
    });
  });
  connections.setOverride(project.root, { baseUrl, developerToken: token });
  child.on('exit', (code) => {
    log.info(`the emulator for ${project.root} stopped (code ${code}); pushes go to the configured service again`);
    connections.setOverride(project.root, undefined);
  });
  return { baseUrl, process: child };
}
