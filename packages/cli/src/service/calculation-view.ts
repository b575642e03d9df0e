// The few fields of a Calculation that commands print, as plain data (the same in --json and in text).
import type { Calculation, LockedCalculation } from '@calckit/client';

export interface CalculationSummary {
  readonly id: number;
  readonly name: string;
  readonly locked: boolean;
  readonly checkSum: string;
  readonly status: string;
  readonly dataType: string;
  readonly functions: readonly string[];
  readonly lastModified: number;
}

export function summarise(calc: Calculation | LockedCalculation): CalculationSummary {
  return {
    id: calc.id,
    name: calc.name,
    locked: calc.locked,
    checkSum: calc.checkSum,
    status: calc.status,
    dataType: calc.dataType,
    functions: calc.functions,
    lastModified: calc.lastModified,
  };
}

export function describeCalculation(c: CalculationSummary): string {
  return `#${c.id} ${JSON.stringify(c.name)}: ${c.locked ? 'locked' : 'unlocked'}, ${c.status}, ${c.dataType}, checkSum ${c.checkSum}, modified ${new Date(c.lastModified).toISOString()}`;
}
