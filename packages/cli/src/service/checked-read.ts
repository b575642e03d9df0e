// Reading a calculation whose formula will be written to a file: the answer must be the calculation asked for and
// its checkSum the SHA-1 of its expression, or nothing is written (a proxy's wrong answer or a corrupted body
// would otherwise land in the repository and be pushed back later). The same checks apply to a calculation that came
// from the read of several calculations (`checkCalculation`) and to one read on its own (`readCalculationChecked`).
import { ServiceError, type Client } from '@calckit/client';
import { checkSumOf } from '@calckit/formula';
import type { Calculation } from '@calckit/protocol';

/** The operations whose answers hold Calculations to be written to files. */
export type CalculationReadOperation = 'readCalculation' | 'readCalculationsByIds';

/**
 * Checks `calc` as the service's answer for calculation `id` (given by `operation`): it must be that calculation, and
 * its checkSum the SHA-1 of its expression. Returns the refusal (a ServiceError of kind `response`) or undefined.
 */
export function checkCalculation(calc: Calculation, id: number, operation: CalculationReadOperation = 'readCalculation'): ServiceError | undefined {
  const refuse = (why: string): ServiceError =>
    new ServiceError({
      operation,
      kind: 'response',
      serviceMessage: why,
      hint: 'nothing was written; try again, and report it if it persists',
    });
  if (calc.id !== id) return refuse(`asked for calculation ${id}, the service answered with calculation ${calc.id}`);
  const sum = checkSumOf(calc.expression);
  if (calc.checkSum !== sum) {
    return refuse(`calculation ${id}'s checkSum ${calc.checkSum.slice(0, 12)} is not the SHA-1 of its expression (${sum.slice(0, 12)})`);
  }
  return undefined;
}

/** Reads calculation `id` with the documented read and checks the answer (`checkCalculation`); throws the refusal. */
export async function readCalculationChecked(client: Client, id: number): Promise<Calculation> {
  const calc = await client.readCalculation(id);
  const refusal = checkCalculation(calc, id);
  if (refusal !== undefined) throw refusal;
  return calc;
}
