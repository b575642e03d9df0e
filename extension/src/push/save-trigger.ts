// Which saves push, and how. A save the user made (Ctrl+S, File: Save) pushes when push on save is on, and may ask
// questions in modal dialogs. An auto-save (files.autoSave: after a delay, on focus or window change) happens at every
// pause in typing, often in the middle of an edit: it pushes only when `calckit.push.onAutoSave` opts in, and even
// then it is unattended — it never opens a dialog (a key typed next would press its default button); what needs an
// answer is skipped and said in the status bar. Pure: VS Code's save reason comes in as its number.

/** VS Code's TextDocumentSaveReason values (vscode.d.ts). */
export const SAVE_REASON = { manual: 1, afterDelay: 2, focusOut: 3 } as const;

export type SaveKind = 'manual' | 'auto';

/**
 * The kind of a save from the reason onWillSaveTextDocument gave. No reason at all means the save ran no save
 * participants, which only an explicit "Save without Formatting" does: the user asked for it, so it is manual.
 */
export function saveKindOf(reason: number | undefined): SaveKind {
  return reason === undefined || reason === SAVE_REASON.manual ? 'manual' : 'auto';
}

export interface SavePushSettings {
  readonly pushOnSave: boolean;
  readonly pushOnAutoSave: boolean;
}

export type SavePush =
  | { readonly push: false; readonly why: string }
  /** `unattended`: no dialog may be opened; questions are answered "not now" and the user is told in the status bar. */
  | { readonly push: true; readonly unattended: boolean };

export function savePush(kind: SaveKind, settings: SavePushSettings): SavePush {
  if (!settings.pushOnSave) return { push: false, why: 'push on save is off' };
  if (kind === 'manual') return { push: true, unattended: false };
  if (!settings.pushOnAutoSave) return { push: false, why: 'an auto-save (calckit.push.onAutoSave is off: explicit saves push)' };
  return { push: true, unattended: true };
}

/**
 * Why an unattended push stopped before sending anything: a short line for the status bar (which has little room) and
 * the whole story for the log.
 */
export function unattendedSkipNote(file: string, skipped: { lintErrors: number } | { conflict: true }): { status: string; log: string } {
  const why =
    'lintErrors' in skipped ? `${skipped.lintErrors} error${skipped.lintErrors === 1 ? '' : 's'}` : 'changed in the service';
  const long =
    'lintErrors' in skipped ? `it has ${why}` : 'the service holds a change that is not yours';
  return {
    status: `calckit: not pushed on auto-save (${why})`,
    log: `${file} not pushed on auto-save: ${long}. Save it yourself or run "Push This Formula" to decide.`,
  };
}
