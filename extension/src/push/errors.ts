// Turns whatever a service call threw into the fields a push failure reports: HTTP status, message and a hint.
// Duck-typed on purpose: @calckit/client's ServiceError carries `status` and `hint`, a network error carries neither.

export interface ErrorDetails {
  readonly status?: number;
  readonly message: string;
  readonly hint?: string;
}

export function errorDetails(error: unknown): ErrorDetails {
  if (error instanceof Error) {
    const fields = error as Error & { status?: unknown; hint?: unknown; cause?: unknown; serviceMessage?: unknown };
    const status = typeof fields.status === 'number' ? fields.status : undefined;
    const hint = typeof fields.hint === 'string' && fields.hint !== '' ? fields.hint : undefined;
    const cause = fields.cause instanceof Error ? ` (${fields.cause.message})` : '';
    // ServiceError's message already carries the hint; the service's own words are kept apart in serviceMessage.
    const message = typeof fields.serviceMessage === 'string' && fields.serviceMessage !== '' ? fields.serviceMessage : error.message;
    return {
      message: `${message}${cause}`,
      ...(status === undefined ? {} : { status }),
      ...(hint === undefined ? {} : { hint }),
    };
  }
  return { message: String(error) };
}

/** Hints for the statuses a push meets most, when the error itself does not carry one. */
export const STATUS_HINTS: Readonly<Record<number, string>> = {
  400: 'The service refused the formula: check its problems, or turn off "strict".',
  401: 'The developer token is missing or wrong: run "calckit: Set Developer Token".',
  403: 'Only the owner or an administrator may change this calculation.',
  404: 'No calculation has this id: check the project file.',
  409: 'The calculation is locked by someone else or changed meanwhile: compare with the remote version.',
  423: 'The calculation is locked: only its owner or an administrator may unlock it.',
  429: 'The service is busy: retry in a moment.',
};
