// Read of several calculations at once: `POST /api/query/v1/functions/list/id` (developer token).
//
// COMMUNITY-DOCUMENTED, NOT VERIFIED against the real service: no official page documents this operation. What is
// taken from open-source tools that call the real service (see /work/shared/facts.md, "from community tools"):
//   - the path, the method and the developer token;
//   - the request body `{"ids":["1234","2345"]}`: calculation ids as strings of digits (every tool seen sends strings).
// Nothing is known of the answer: the tools seen hand it on as they receive it. Our reading, which the emulator
// implements and the client expects: a JSON array of Calculation objects (the read's shape), one per id found, in
// the order asked, each calculation once; ids that do not exist are left out (no error, no placeholder). A client
// must match the answer to its ids by each Calculation's `id`, never by position. A client that meets an answer of
// another shape reads the calculations one by one instead (see @calckit/client).
// Our choices: ids may also be sent as integers; at most MAX_CALCULATIONS_BY_IDS ids per call (the real service's
// limit, if any, is not known; the client sends 100 per call by default).
import { z } from 'zod';
import { CalculationSchema } from './calculation.js';

/** Most ids one call may carry (the emulator's rule; the service's own limit is not known). */
export const MAX_CALCULATIONS_BY_IDS = 1000;

/** A calculation id: a positive integer, as a JSON number or a string of 1–15 digits (no sign, no leading zero). */
export const CalculationIdSchema = z.union([
  z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  z.string().regex(/^[1-9][0-9]{0,14}$/, 'a calculation id (a positive integer as a string of digits)'),
]);

/** Body of the read of several calculations: `{ "ids": ["1234", "2345"] }`, 1 to MAX_CALCULATIONS_BY_IDS ids. */
export const ReadCalculationsByIdsRequestSchema = z.object({
  ids: z.array(CalculationIdSchema).min(1, 'at least one id').max(MAX_CALCULATIONS_BY_IDS, `at most ${MAX_CALCULATIONS_BY_IDS} ids per call`),
});
export type ReadCalculationsByIdsRequest = z.infer<typeof ReadCalculationsByIdsRequestSchema>;

/** Answer (our reading, see above): the Calculations found, each the read's full shape; unknown ids left out. */
export const ReadCalculationsByIdsResponseSchema = z.array(CalculationSchema);
export type ReadCalculationsByIdsResponse = z.infer<typeof ReadCalculationsByIdsResponseSchema>;
