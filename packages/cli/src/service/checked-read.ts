// Reading a calculation whose formula will be written to a file: the answer must be the calculation asked for and
// its checkSum the SHA-1 of its expression, or nothing is written (a proxy's wrong answer or a corrupted body
// would otherwise land in the repository and be pushed back later).
import { ServiceError, type Client } from '@calckit/client';
import { checkSumOf } from '@calckit/formula';
import type { Calculation } from '@calckit/protocol';

export async function readCalculationChecked(client: Client, id: number): Promise<Calculation> {
  const calc = await client.readCalculation(id);
  const refuse = (why: string): ServiceError =>
    new ServiceError({
      operation: 'readCalculation',
      kind: 'response',
      serviceMessage: why,
      hint: 'nothing was written; try again, and report it if it persists',
    });
  if (calc.id !== id) throw refuse(`asked for calculation ${id}, the service answered with calculation ${calc.id}`);
  const sum = checkSumOf(calc.expression);
  if (calc.checkSum !== sum) {
    throw refuse(`calculation ${id}'s checkSum ${calc.checkSum.slice(0, 12)} is not the SHA-1 of its expression (${sum.slice(0, 12)})`);
  }
  return calc;
}
