// Every modal question the extension asks: its words, its buttons in order, and what each answer means. VS Code's
// modal dialog makes the first button its default (Enter, or a Space typed next, presses it) and adds Cancel last
// (Escape, or closing the dialog): so neither the first button nor Cancel may ever send a token, change the service or
// run a program — the `acting` answers of a question. Pure, so this is tested without VS Code; `ask.ts` shows them,
// and no other file opens a modal dialog.
import type { ConflictChoice, LintChoice, LintFinding } from './push/types.js';

export interface Question<Answer extends string> {
  readonly message: string;
  readonly detail?: string;
  /** The buttons in order; the first is the default. Cancel is VS Code's, never listed here. */
  readonly buttons: readonly string[];
  /** The answer of the button pressed (undefined: Cancel, Escape or closed). */
  answer(button: string | undefined): Answer;
  /** The answers that send, overwrite or run something: never the first button's nor Cancel's. */
  readonly acting: readonly Answer[];
}

/** A question from its buttons, each with its answer, and the answer of Cancel. */
function question<Answer extends string>(
  words: { message: string; detail?: string },
  buttons: ReadonlyArray<readonly [label: string, answer: Answer]>,
  cancelled: Answer,
  acting: readonly Answer[],
): Question<Answer> {
  return {
    ...words,
    buttons: buttons.map(([label]) => label),
    answer: (button) => buttons.find(([label]) => label === button)?.[1] ?? cancelled,
    acting,
  };
}

export const SHOW_PROBLEMS = 'Show Problems';
export const PUSH_ANYWAY = 'Push Anyway';

/** "The formula has errors": Show Problems (the default: opens the Problems panel, pushes nothing), Push Anyway. */
export function lintQuestion(file: string, errors: readonly LintFinding[]): Question<LintChoice | 'show-problems'> {
  const first = errors[0];
  const where = first ? ` (line ${first.line}, column ${first.column}: ${first.message})` : '';
  return question(
    { message: `${file} has ${errors.length} error${errors.length === 1 ? '' : 's'}${where}. The service may reject it or store it as INVALID.` },
    [
      [SHOW_PROBLEMS, 'show-problems'],
      [PUSH_ANYWAY, 'push-anyway'],
    ],
    'cancel',
    ['push-anyway'],
  );
}

export const COMPARE = 'Compare';
export const OVERWRITE = 'Overwrite';

/** "The service holds someone's change": Compare (the default: opens the diff, pushes nothing), Overwrite. */
export function conflictQuestion(conflict: { calculationId: number; remoteName?: string; neverPushed: boolean }): Question<ConflictChoice> {
  const why = conflict.neverPushed
    ? 'was never pushed from this repository, and the service holds a different formula'
    : 'changed in the service since your last push';
  return question(
    {
      message: `Calculation ${conflict.calculationId}${conflict.remoteName ? ` "${conflict.remoteName}"` : ''} ${why}.`,
      detail: 'Compare the two versions, overwrite the remote formula with yours, or cancel.',
    },
    [
      [COMPARE, 'compare'],
      [OVERWRITE, 'overwrite'],
    ],
    'cancel',
    ['overwrite'],
  );
}

export const DONT_SEND = "Don't Send";
/** The button that sends the environment's token names the origin that would receive it. */
export const sendTokenTo = (origin: string): string => `Send to ${origin}`;

/**
 * "Send the environment's token to this origin?": Don't Send (the default, remembered for the origin), Send to
 * <origin> (remembered); Cancel decides nothing (asked again next time).
 */
export function environmentTokenQuestion(variable: string, origin: string): Question<'deny' | 'allow' | 'not-now'> {
  return question(
    {
      message: `Send the developer token from the environment (${variable}) to ${origin}?`,
      detail:
        `This workspace (its calckit.json or settings) names ${origin} as the service. The environment's token is not ` +
        `bound to any service: send it only if ${origin} is the service it was made for. Either answer is remembered ` +
        `for this address (after Send, every push, lock and compare sends the token to ${origin}); "calckit: Clear ` +
        'Developer Token" forgets it.',
    },
    [
      [DONT_SEND, 'deny'],
      [sendTokenTo(origin), 'allow'],
    ],
    'not-now',
    ['allow'],
  );
}

export const USE_ANOTHER_CALCKIT = 'Use Another calckit…';
export const RUN_WORKSPACE_CALCKIT = "Run the Workspace's calckit";

/**
 * "Start the emulator with this workspace's own calckit?": Use Another calckit… (the default: opens the
 * calckit.emulator.command setting, runs nothing), Run the Workspace's calckit.
 */
export function workspaceCalckitQuestion(program: string): Question<'choose-another' | 'run' | 'cancel'> {
  return question(
    {
      message: "Start the local emulator with this workspace's own calckit?",
      detail:
        `It runs ${program} serve, a program from this workspace's node_modules. Run it only if you trust that install; ` +
        'otherwise set calckit.emulator.command (a user setting) to the calckit you installed.',
    },
    [
      [USE_ANOTHER_CALCKIT, 'choose-another'],
      [RUN_WORKSPACE_CALCKIT, 'run'],
    ],
    'cancel',
    ['run'],
  );
}
