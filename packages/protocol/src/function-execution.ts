// Function execution (seed 2.2): the response of running a code function.
import { z } from 'zod';

/**
 * Execution statuses sent by the emulator (the service's set is not documented, so the schema accepts any string):
 * SUCCESS (ran, result matches the declared output), FAILED (the function threw, or its result does not match the
 * declared output: see errorInformation), TIMED_OUT (time limit), OUT_OF_MEMORY (memory limit).
 */
export const KNOWN_EXECUTION_STATUSES = ['SUCCESS', 'FAILED', 'TIMED_OUT', 'OUT_OF_MEMORY'] as const;

export const ErrorInformationSchema = z.object({
  result: z.unknown(),
  expectedType: z.string(),
  actualType: z.string(),
  expectedIsList: z.boolean(),
  actualIsList: z.boolean(),
  expectedAllowNull: z.boolean(),
  errorMessages: z.array(z.string()),
});
export type ErrorInformation = z.infer<typeof ErrorInformationSchema>;

export const LogSchema = z.object({ log: z.array(z.unknown()) });

export const FunctionExecutionSchema = z.object({
  executionId: z.string(),
  packageId: z.string(),
  version: z.string(),
  functionName: z.string(),
  status: z.string(),
  settings: z.object({ getLogs: z.boolean() }),
  startedOn: z.iso.datetime({ offset: true, local: true }),
  startedBy: z.string(),
  completedOn: z.iso.datetime({ offset: true, local: true }),
  /** Any JSON value (null included). */
  result: z.unknown(),
  stdout: LogSchema,
  stderr: LogSchema,
  /** Present on every response; `null` when the call succeeded (an object is the seed's shape for a failure). */
  errorInformation: ErrorInformationSchema.nullable(),
});
export type FunctionExecution = z.infer<typeof FunctionExecutionSchema>;
