// The one policy for function availability: whether the service accepts a call to a name, and what the linter says
// of it. The analysis (VALID/INVALID) and the lint rules both ask here, so they cannot disagree.
import { lookupFunction } from './lookup.js';
import type { Availability, FunctionEntry } from './types.js';

/** A name's status: its catalogue availability, or `unknown` when the catalogue has no such function. */
export type AvailabilityStatus = Availability | 'unknown';

/** What the linter reports for a call: nothing, a warning (accepted, but uncertain or altered), an error (rejected). */
export type AvailabilityFinding = 'none' | 'warn' | 'error';

export interface AvailabilityPolicy {
  /** The service stores a formula with this call as valid (analysis: VALID as far as this call goes). */
  readonly accepted: boolean;
  /** The linter's finding; an error exactly when the service rejects the call. */
  readonly finding: AvailabilityFinding;
  /** Why, for the documentation. */
  readonly why: string;
}

/**
 * The policy per status, as data. Formulas run on the engine whose dataflow reference types the `engine` functions, so
 * the service accepts them when it validates a formula (our choice: no source says it rejects them); the linter warns
 * because the formula reference does not promise them. `unverified` functions are treated alike, with a warning that
 * says no source lists them. A `replaced` function is accepted and computes something else: a warning, not an error.
 * A `deprecated` one is documented as unsupported but was accepted by the live service: a warning (it may stop working).
 */
export const AVAILABILITY_POLICY: Readonly<Record<AvailabilityStatus, AvailabilityPolicy>> = {
  documented: { accepted: true, finding: 'none', why: 'in the formula reference' },
  sample: { accepted: true, finding: 'none', why: "in the service's published samples" },
  engine: { accepted: true, finding: 'warn', why: "typed by the engine's dataflow reference, not promised for formulas" },
  unverified: { accepted: true, finding: 'warn', why: 'in no reference and no sample' },
  replaced: { accepted: true, finding: 'warn', why: 'accepted, but silently replaced by another function' },
  deprecated: { accepted: true, finding: 'warn', why: 'documented as unsupported in formulas, yet accepted by the service when last tried' },
  unsupported: { accepted: false, finding: 'error', why: 'documented as unsupported in formulas' },
  unknown: { accepted: false, finding: 'error', why: 'not a function of the language' },
};

export interface FunctionAvailability extends AvailabilityPolicy {
  readonly status: AvailabilityStatus;
  /** The catalogue entry (absent for `unknown`). */
  readonly entry?: FunctionEntry;
}

const UNKNOWN: FunctionAvailability = Object.freeze({ status: 'unknown', ...AVAILABILITY_POLICY.unknown });
/** Each catalogue entry's answer, made on first ask and shared (frozen): the analysis asks once per call of every
 * formula. Keyed by entry, not by name: the catalogue is finite, the names written are not. */
const answers = new Map<FunctionEntry, FunctionAvailability>();

/** Is a function accepted by the service, replaced, engine-only, unverified, unsupported or unknown: one answer for
 * analysis and lint alike. Names are case-insensitive. */
export function functionAvailability(name: string): FunctionAvailability {
  return availabilityOf(lookupFunction(name));
}

/** `functionAvailability` of a name already looked up in the catalogue (`undefined`: not there). */
export function availabilityOf(entry: FunctionEntry | undefined): FunctionAvailability {
  if (!entry) return UNKNOWN;
  let answer = answers.get(entry);
  if (!answer) {
    answer = Object.freeze({ status: entry.availability, entry, ...AVAILABILITY_POLICY[entry.availability] });
    answers.set(entry, answer);
  }
  return answer;
}
