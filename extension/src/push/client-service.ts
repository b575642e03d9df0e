// The push protocol's view of @calckit/client: read, update formula, lock/unlock.
import type { Client } from '@calckit/client';
import type { CalculationService } from './types.js';

export function calculationService(client: Client): CalculationService {
  return {
    read: (id) => client.readCalculation(id),
    update: (id, expression, options) => client.updateFormula(id, expression, { strict: options.strict }),
    setLocked: (id, locked) => client.setLocked(id, locked),
  };
}
