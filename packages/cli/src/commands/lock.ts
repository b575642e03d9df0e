// `calckit lock <file|id>` and `calckit unlock <file|id>`: set a calculation's lock flag.
import type { Command } from 'commander';
import { openContext, withConnectionOptions, type ConnectionCliOptions, type ContextOverrides } from '../service/context.js';
import { describeCalculation, summarise, type CalculationSummary } from '../service/calculation-view.js';
import { failCall, finish, stdoutEmit } from '../service/output.js';
import { resolveTarget } from '../service/targets.js';

export interface LockResult {
  readonly ok: true;
  readonly calculation: CalculationSummary;
  readonly exitCode: number;
}

/** Sets the lock flag; throws the client's ServiceError on failure. */
export async function runLock(target: string, locked: boolean, options: ConnectionCliOptions, overrides: ContextOverrides = {}): Promise<LockResult> {
  const context = openContext(options, false, overrides);
  const { id } = resolveTarget(target, context.project);
  const calc = await context.client.setLocked(id, locked);
  return { ok: true, calculation: summarise(calc), exitCode: 0 };
}

export function register(program: Command): void {
  for (const locked of [true, false]) {
    const name = locked ? 'lock' : 'unlock';
    withConnectionOptions(
      program
        .command(name)
        .description(`${name} a calculation (given by its file in calckit.json or its id)`)
        .argument('<target>', 'formula file listed in calckit.json, or a calculation id'),
    ).action(async (target: string, options: ConnectionCliOptions) => {
      const emit = stdoutEmit(options.json ?? false);
      let result: LockResult;
      try {
        result = await runLock(target, locked, options);
      } catch (error) {
        failCall(emit, error);
      }
      finish(emit, result, () => `${locked ? 'locked' : 'unlocked'} ${describeCalculation(result.calculation)}`);
    });
  }
}
