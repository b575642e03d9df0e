// The commands the web extension (VS Code for the Web: vscode.dev, github.dev, code-server's browser-side extension
// host) cannot run, each with what it does and why it needs the desktop extension. Plain data, no `vscode`: the web
// entry registers each as one plain message, and a test holds this table to package.json's commands and the README.

/** Why a command needs the desktop extension, by cause. */
export const DESKTOP_REASONS = {
  service:
    "the service's API is not documented to accept calls from a browser page (CORS), and the developer token is kept in the desktop's secret storage for the service's address",
  token: "developer tokens are kept in the desktop's secret storage, sent only from there to the service's address; the service's API is not documented to accept calls from a browser page (CORS)",
  process: 'the emulator is a local process (`calckit serve`, with its SQLite database), which a browser cannot start',
  files: "a formula's tests read their test file and its CSV or JSON rows from disk, and the language server in the browser has no file system",
} as const;

export type DesktopReason = keyof typeof DESKTOP_REASONS;

export interface DesktopOnlyCommand {
  /** The command's id, as package.json contributes it. */
  readonly id: string;
  /** What the command does, completing "This command …". */
  readonly does: string;
  readonly reason: DesktopReason;
}

export const DESKTOP_ONLY_COMMANDS: readonly DesktopOnlyCommand[] = [
  { id: 'calckit.push', does: 'pushes the formula to its calculation in the service', reason: 'service' },
  { id: 'calckit.pushAll', does: 'pushes every formula changed since its last push to the service', reason: 'service' },
  { id: 'calckit.lock', does: "locks the formula's calculation in the service", reason: 'service' },
  { id: 'calckit.unlock', does: "unlocks the formula's calculation in the service", reason: 'service' },
  { id: 'calckit.compareWithRemote', does: "compares the formula with its calculation's formula in the service", reason: 'service' },
  { id: 'calckit.setToken', does: "stores a developer token for the formula's service", reason: 'token' },
  { id: 'calckit.clearToken', does: "removes the developer token of the formula's service", reason: 'token' },
  { id: 'calckit.startEmulator', does: 'starts the local emulator of the service for this workspace', reason: 'process' },
  { id: 'calckit.runTests', does: "runs the formula's tests (`<formula>.calc.test.json|yaml`)", reason: 'files' },
];

/** The commands the web extension runs as the desktop one does. */
export const WEB_COMMANDS = ['calckit.showAnalysis', 'calckit.restartServer', 'calckit.showLog'] as const;

/** The one message a desktop-only command answers with in the browser. */
export function desktopOnlyMessage(command: DesktopOnlyCommand, title: string): string {
  return `calckit: "${title}" ${command.does}. It needs the desktop extension (VS Code on the desktop, or code-server's remote extension host): ${DESKTOP_REASONS[command.reason]}. In the browser, calckit checks, completes, explains and formats formulas.`;
}
