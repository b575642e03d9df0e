// The emulator's own endpoints under /__emulator: health (open) and fault injection (developer token, when enabled).
import type { IncomingMessage } from 'node:http';
import { ApiError, validationError } from './api-error.js';
import type { FaultRegistry } from './faults.js';
import type { Sandbox } from './sandbox/runner.js';
import type { Storage } from './storage.js';

export const ADMIN_PREFIX = '/__emulator/';

export interface AdminContext {
  readonly storage: Storage;
  readonly sandbox: Sandbox;
  readonly faults: FaultRegistry;
  readonly faultsEnabled: boolean;
  readonly serviceName: string;
  readonly startedAt: number;
  /** Checks the developer token; throws 401. */
  readonly authenticate: (req: IncomingMessage) => void;
  /** Reads the JSON object body. */
  readonly readJson: (req: IncomingMessage) => Promise<Record<string, unknown>>;
}

type AdminHandler = (ctx: AdminContext, req: IncomingMessage) => unknown;

const health: AdminHandler = async (ctx) => ({
  status: 'ok',
  serviceName: ctx.serviceName,
  uptimeMs: Date.now() - ctx.startedAt,
  faultInjection: ctx.faultsEnabled,
  counts: ctx.storage.counts(),
  functionSandbox: await ctx.sandbox.info(),
});

function faultsOn(ctx: AdminContext, req: IncomingMessage): void {
  if (!ctx.faultsEnabled) throw new ApiError(404, 'NOT_FOUND', 'fault injection is off (start the emulator on a loopback address or with faults enabled)');
  ctx.authenticate(req);
}

const addFault: AdminHandler = async (ctx, req) => {
  faultsOn(ctx, req);
  const result = ctx.faults.add(await ctx.readJson(req));
  if (Array.isArray(result)) throw validationError('not a fault: { operation, status, count?, message?, when?, delayMs?, retryAfter? }', result);
  return { fault: result, faults: ctx.faults.list() };
};

const listFaults: AdminHandler = (ctx, req) => {
  faultsOn(ctx, req);
  return { faults: ctx.faults.list() };
};

const clearFaults: AdminHandler = (ctx, req) => {
  faultsOn(ctx, req);
  ctx.faults.clear();
  return { faults: [] };
};

/** Routes by "METHOD path". */
export const ADMIN_ROUTES: Readonly<Record<string, AdminHandler>> = {
  'GET /__emulator/health': health,
  'POST /__emulator/faults': addFault,
  'GET /__emulator/faults': listFaults,
  'DELETE /__emulator/faults': clearFaults,
};
