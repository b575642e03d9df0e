// Exit codes shared by every command (ESLint's convention): 0 success, 1 findings, 2 bad input or internal error.
export const EXIT_OK = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_USAGE = 2;

/** Thrown by a command to stop with a message and an exit code; `main` prints the message to stderr. */
export class CliExit extends Error {
  constructor(
    readonly code: number,
    message = '',
  ) {
    super(message);
  }
}
