// Read of several calculations at once (POST /api/query/v1/functions/list/id). COMMUNITY-DOCUMENTED, unverified
// against the real service: the path and the body `{"ids":["1234","2345"]}` come from community tools; the answer's
// shape is our reading (see @calckit/protocol's calculations-by-ids.ts). What the emulator does, documented in its
// README: the answer is a JSON array of full Calculations (as the read answers them), one per id found, in the order
// of the ids asked (an id asked twice is answered once); ids that do not exist are left out, without an error.
import { MAX_CALCULATIONS_BY_IDS, ReadCalculationsByIdsRequestSchema, checkWire, type ReadCalculationsByIdsResponse } from '@calckit/protocol';
import { validationError } from '../api-error.js';
import { calculationView } from '../calculation-view.js';
import type { OperationHandler } from '../context.js';

export const readCalculationsByIds: OperationHandler = (ctx, req) => {
  const checked = checkWire(ReadCalculationsByIdsRequestSchema, req.body);
  if (!checked.ok) throw validationError(`request body must be { "ids": [calculation ids] } with 1 to ${MAX_CALCULATIONS_BY_IDS} ids`, checked.errors);
  const ids = checked.value.ids.map(Number);
  const response: ReadCalculationsByIdsResponse = ctx.storage.getCalculations(ids).map(calculationView);
  return response;
};
