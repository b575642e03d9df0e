// Run a code function (4.3): checks inputs against the declared types, runs the body in the sandbox, records it.
// Execution statuses: SUCCESS, FAILED (threw, or result of the wrong type), TIMED_OUT, OUT_OF_MEMORY.
import { randomUUID } from 'node:crypto';
import { checkWire, RunFunctionRequestSchema, type ErrorInformation, type FieldError, type FunctionExecution } from '@calckit/protocol';
import { notFound, validationError } from '../api-error.js';
import type { OperationHandler } from '../context.js';
import { MAX_JSON_DEPTH } from '../http/json-depth.js';
import type { SandboxLimits, SandboxOutcome } from '../sandbox/runner.js';
import { errorInformation, mismatch } from '../sandbox/value-types.js';
import type { TypeSpec } from '../fixtures-format.js';

interface Verdict {
  readonly status: string;
  readonly result: unknown;
  readonly errorInformation: ErrorInformation | null;
  /** Lines added to stderr.log (when logs are asked for) to say what went wrong. */
  readonly stderrNote: string[];
}

const failed = (output: TypeSpec, status: string, message: string, note = message): Verdict => ({
  status,
  result: null,
  errorInformation: errorInformation(output, null, [message]),
  stderrNote: [note],
});

type Judge<K extends SandboxOutcome['kind']> = (output: TypeSpec, outcome: Extract<SandboxOutcome, { kind: K }>, timeoutMs: number, limits: SandboxLimits) => Verdict;

/** From what the sandbox reports to the execution's status, result and errorInformation, by outcome kind. */
const JUDGES: { readonly [K in SandboxOutcome['kind']]: Judge<K> } = {
  returned: (output, o) => {
    const problem = mismatch(output, o.value);
    if (problem === undefined) return { status: 'SUCCESS', result: o.value, errorInformation: null, stderrNote: [] };
    return { status: 'FAILED', result: null, errorInformation: errorInformation(output, o.value, [`result does not match the declared output: ${problem}`]), stderrNote: [] };
  },
  unserializable: (output, o) => failed(output, 'FAILED', o.message ? `result cannot be turned into JSON: ${o.message}` : `result is not JSON (a ${o.type})`),
  'too-large': (output, o, _t, limits) => failed(output, 'FAILED', `result is ${o.length} characters of JSON, over the limit of ${limits.maxResultLength}`),
  'too-deep': (output) => failed(output, 'FAILED', `result nests arrays or objects more than ${MAX_JSON_DEPTH} levels deep`),
  threw: (output, o) => failed(output, 'FAILED', `the function threw: ${o.message}`, o.stack),
  unsettled: (output) => failed(output, 'FAILED', 'the function returned a promise that never settles'),
  timeout: (output, _o, timeoutMs) => failed(output, 'TIMED_OUT', `the function ran longer than its time limit of ${timeoutMs} ms`),
  'out-of-memory': (output) => failed(output, 'OUT_OF_MEMORY', 'the function used more memory than its limit'),
  crashed: (output, o) => failed(output, 'FAILED', o.message),
};

function judge(output: TypeSpec, outcome: SandboxOutcome, timeoutMs: number, limits: SandboxLimits): Verdict {
  return (JUDGES[outcome.kind] as Judge<SandboxOutcome['kind']>)(output, outcome as never, timeoutMs, limits);
}

export const runFunction: OperationHandler = async (ctx, req) => {
  const { packageId, version, functionName } = req.params as { packageId: string; version: string; functionName: string };
  const checked = checkWire(RunFunctionRequestSchema, req.body);
  if (!checked.ok) throw validationError('request body must be { inputVariables?: object, settings?: { getLogs?: boolean } }', checked.errors);
  const fn = ctx.storage.getCodeFunction(packageId, version, functionName);
  if (!fn) {
    if (!ctx.storage.codePackageKnown(packageId)) throw notFound(`code package ${packageId} does not exist`, 'path.packageId');
    if (!ctx.storage.codePackageKnown(packageId, version)) throw notFound(`code package ${packageId} has no version ${version}`, 'path.version');
    throw notFound(`code package ${packageId} version ${version} has no function ${functionName}`, 'path.functionName');
  }
  const def = fn.definition;
  const inputs = checked.value.inputVariables ?? {};
  const errors: FieldError[] = [];
  const declared = new Set(def.inputs.map((i) => i.name));
  for (const key of Object.keys(inputs)) {
    if (!declared.has(key)) errors.push({ field: `inputVariables.${key}`, message: `unknown input; the function takes ${def.inputs.map((i) => i.name).join(', ') || 'no inputs'}` });
  }
  for (const input of def.inputs) {
    const value = Object.hasOwn(inputs, input.name) ? inputs[input.name] : null;
    const problem = mismatch(input, value);
    if (problem !== undefined) errors.push({ field: `inputVariables.${input.name}`, message: problem });
  }
  if (errors.length > 0) throw validationError(`the inputs do not match ${functionName}'s parameters; nothing was run`, errors);

  const getLogs = checked.value.settings?.getLogs ?? false;
  const startedOn = ctx.clock();
  const args = def.inputs.map((i) => (Object.hasOwn(inputs, i.name) ? inputs[i.name] : null));
  const timeoutMs = def.timeoutMs ?? ctx.sandbox.defaultTimeoutMs;
  const outcome = await ctx.sandbox.run(def.inputs.map((i) => i.name), def.body, args, timeoutMs);
  const completedOn = Math.max(ctx.clock(), startedOn);
  const verdict = judge(def.output, outcome, timeoutMs, ctx.sandbox.limits);
  const execution: FunctionExecution = {
    executionId: randomUUID(),
    packageId,
    version,
    functionName,
    status: verdict.status,
    settings: { getLogs },
    startedOn: new Date(startedOn).toISOString(),
    startedBy: String(ctx.userId),
    completedOn: new Date(completedOn).toISOString(),
    result: verdict.result,
    stdout: { log: getLogs ? outcome.logs.stdout : [] },
    stderr: { log: getLogs ? [...outcome.logs.stderr, ...verdict.stderrNote] : [] },
    errorInformation: verdict.errorInformation,
  };
  await ctx.storage.write(() =>
    ctx.storage.insertExecution({ executionId: execution.executionId, packageId, version, functionName, status: verdict.status, startedOn, record: execution }, ctx.executionsKept),
  );
  return execution;
};
