// The editor's push vocabulary: what it needs from the project state and the editor (plain interfaces, so it runs and
// is tested without VS Code), and what it reports back. The service steps are @calckit/client's pushCalculation.
import type { Mismatch, PushStep as ServiceStep } from '@calckit/client';

/** The fields of the service's Calculation object that the editor shows (name, lock, formula). */
export interface RemoteCalculation {
  readonly id: number;
  readonly name?: string;
  readonly expression: string;
  readonly checkSum: string;
  readonly locked: boolean;
  readonly status?: string;
}

/** Where the checkSum of the last push of each calculation is kept (the project's state file). */
export interface PushRecord {
  lastPushed(id: number): string | undefined | Promise<string | undefined>;
  record(id: number, checkSum: string): void | Promise<void>;
}

/** Whether a remote formula is a version of the file that the repository knows (@calckit/project's gitVersionLookup). */
export type KnownVersion = (checkSum: string) => Promise<{ readonly found: string } | { readonly missing: string }>;

export type Severity = 'error' | 'warning' | 'info' | 'hint';
export interface LintFinding {
  readonly severity: Severity;
  readonly code: string;
  readonly message: string;
  /** 1-based, as people read them. */
  readonly line: number;
  readonly column: number;
}

/**
 * The steps of a push, in order; a failure names the one it happened in. connect: resolving the address and token;
 * state: reading or writing the push state file; the rest are the shared protocol's (read, check, unlock, update, …).
 */
export type PushStep = 'connect' | 'lint' | 'state' | ServiceStep;

export type ConflictChoice = 'compare' | 'overwrite' | 'cancel';
export type LintChoice = 'push-anyway' | 'cancel';

export interface Conflict {
  readonly file: string;
  readonly calculationId: number;
  /** The remote formula as it is now. */
  readonly remote: RemoteCalculation;
  /** The checkSum we recorded at our last push; undefined when this calculation was never pushed from here. */
  readonly lastPushedCheckSum: string | undefined;
  readonly localCheckSum: string;
  /** Why the remote formula is not ours (not the last push from here, no version of the file in git). */
  readonly why?: string;
}

/** The editor's side of a push: questions to the user and progress. */
export interface PushHooks {
  lint(expression: string, file: string): readonly LintFinding[] | Promise<readonly LintFinding[]>;
  /** The formula has lint errors: push it anyway, or not. */
  onLintErrors(errors: readonly LintFinding[], file: string): Promise<LintChoice>;
  /** The service holds a formula that is not ours: neither the last push from here nor a version of the file in git. */
  onConflict(conflict: Conflict): Promise<ConflictChoice>;
  onStep?(step: PushStep, detail: string): void;
}

export interface PushRequest {
  readonly file: string;
  readonly calculationId: number;
  /** The file's text as saved; the expression is derived from it (see expression.ts). */
  readonly text: string;
  readonly strict: boolean;
  /** Lock after the push even when the calculation was not locked before. */
  readonly lockAfterPush: boolean;
  /** Skip the lint and conflict questions (the user already chose "push anyway" / "overwrite"). */
  readonly force?: boolean;
}

export type PushOutcome =
  | {
      readonly kind: 'pushed';
      readonly file: string;
      readonly calculationId: number;
      readonly checkSum: string;
      readonly previousCheckSum: string;
      readonly locked: boolean;
      /** Where the service's answer differs from our analysis (checkSum, functions, column positions). */
      readonly mismatches: readonly Mismatch[];
      /** True when a remote change was overwritten at the user's word. */
      readonly forced: boolean;
    }
  | { readonly kind: 'unchanged'; readonly file: string; readonly calculationId: number; readonly checkSum: string }
  | {
      /** Not sent: the file's real place (symbolic links followed) is outside its project, or cannot be told. */
      readonly kind: 'refused';
      readonly file: string;
      readonly calculationId: number;
      /** One line naming the file and where it leads (@calckit/project's OutsideProjectError). */
      readonly message: string;
      /** Where the file really leads (absolute), when known. */
      readonly target?: string;
    }
  | {
      readonly kind: 'cancelled';
      readonly file: string;
      readonly calculationId: number;
      readonly reason: 'lint-errors' | 'conflict' | 'compare';
      readonly remote?: RemoteCalculation;
    }
  | {
      readonly kind: 'failed';
      readonly file: string;
      readonly calculationId: number;
      readonly step: PushStep;
      readonly status?: number;
      readonly message: string;
      /** What the user can do about it. */
      readonly hint?: string;
      /** Whether the calculation is locked after the failure (a failure of ours never leaves it unlocked). */
      readonly lockedAfter?: boolean;
    };
