// startEmulator: the local service over node:http — routing, auth, fault injection, body limits and JSON errors
// around the operation handlers. Requests never crash the server: every failure becomes a JSON error response.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { DEFAULT_SERVICE_NAME, OPERATIONS, isValidServiceName } from '@calckit/protocol';
import { ApiError } from './api-error.js';
import { checkAuth, type Tokens } from './auth.js';
import { ADMIN_PREFIX, ADMIN_ROUTES, type AdminContext } from './admin.js';
import type { EmulatorContext } from './context.js';
import { FaultRegistry, type Fault } from './faults.js';
import { checkFixtures, prepareFixtures, readFixturesFile } from './fixtures.js';
import type { FixturesInput } from './fixtures-format.js';
import { HANDLERS } from './handlers/index.js';
import { discardBody, parseJsonObject, readBody } from './http/body.js';
import { sendJson } from './http/respond.js';
import { matchRoute, parseTarget } from './http/router.js';
import { DEFAULT_SANDBOX_LIMITS, Sandbox, type SandboxLimits } from './sandbox/runner.js';
import { Storage } from './storage.js';
import { checkPathParams } from './validation/path-params.js';

/** The fixtures shipped with the package (a small sales dataset, calculations, a page, a code package). */
export const DEFAULT_FIXTURES_PATH = fileURLToPath(new URL('../fixtures/default.json', import.meta.url));

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
export const DEFAULT_EXECUTIONS_KEPT = 1000;

export interface EmulatorOptions {
  /** TCP port; 0 (the default) picks a free one. */
  readonly port?: number;
  /** Address to listen on; default 127.0.0.1. */
  readonly host?: string;
  /** SQLite database file; created when missing. Default: in memory (lost on exit). */
  readonly dataPath?: string;
  /** A fixtures file path or parsed fixtures; loaded only into an empty database. */
  readonly fixtures?: string | FixturesInput;
  /** The service's name: header names and function prefixes (`SVC_OP_ADD`). Default SVC. */
  readonly serviceName?: string;
  readonly developerToken: string;
  readonly sessionToken: string;
  /** Largest accepted request body in bytes (413 above). Default 1 MiB. */
  readonly maxBodyBytes?: number;
  /** Enables `/__emulator/faults`. Default: on when listening on a loopback address. */
  readonly faults?: boolean;
  /** The user the tokens belong to. Default 1. */
  readonly userId?: number;
  /** Limits of code-function calls. */
  readonly functionLimits?: Partial<SandboxLimits>;
  /** How many code-function calls run at once (others wait). Default 4. */
  readonly functionConcurrency?: number;
  /** Keep code-function processes started ahead of the next calls (after the first call; up to functionConcurrency). Default true. */
  readonly functionSpareProcess?: boolean;
  /** How many code-function executions are kept in the database (the newest). Default 1000. */
  readonly executionsKept?: number;
  /** Epoch-millisecond clock (tests). Default Date.now. */
  readonly clock?: () => number;
  /** Receives one line per request (method, path, status, time) and internal errors; never tokens. */
  readonly log?: (line: string) => void;
}

export interface RunningEmulator {
  readonly url: string;
  readonly port: number;
  readonly host: string;
  readonly serviceName: string;
  readonly dataPath: string;
  /** True when this start loaded fixtures (the database was empty). */
  readonly fixturesLoaded: boolean;
  readonly faultInjection: boolean;
  close(): Promise<void>;
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function faultError(fault: Fault): ApiError {
  return new ApiError(fault.status, 'INJECTED_FAULT', fault.message, undefined, fault.retryAfter !== undefined ? { 'retry-after': String(fault.retryAfter) } : {});
}

export async function startEmulator(options: EmulatorOptions): Promise<RunningEmulator> {
  const serviceName = options.serviceName ?? DEFAULT_SERVICE_NAME;
  if (!isValidServiceName(serviceName)) throw new Error(`service name must be letters and digits, starting with a letter: ${JSON.stringify(serviceName)}`);
  if (!options.developerToken || !options.sessionToken) throw new Error('both a developer token and a session token are required');
  const host = options.host ?? '127.0.0.1';
  const dataPath = options.dataPath ?? ':memory:';
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const clock = options.clock ?? Date.now;
  const log = options.log ?? (() => {});
  const faultsEnabled = options.faults ?? isLoopback(host);
  const tokens: Tokens = { developerToken: options.developerToken, sessionToken: options.sessionToken };

  const storage = Storage.open(dataPath);
  let fixturesLoaded = false;
  try {
    if (options.fixtures !== undefined && storage.isEmpty()) {
      const fixtures = typeof options.fixtures === 'string' ? readFixturesFile(options.fixtures) : checkFixtures(options.fixtures, '(inline fixtures)');
      const source = typeof options.fixtures === 'string' ? options.fixtures : '(inline)';
      fixturesLoaded = storage.loadFixtures(prepareFixtures(fixtures, { serviceName, now: clock() }), source, clock());
    }
  } catch (error) {
    storage.close();
    throw error;
  }

  const sandbox = new Sandbox({ ...DEFAULT_SANDBOX_LIMITS, ...options.functionLimits }, options.functionConcurrency ?? 4, options.functionSpareProcess ?? true);
  const faults = new FaultRegistry();
  const ctx: EmulatorContext = { storage, serviceName, clock, sandbox, userId: options.userId ?? 1, executionsKept: options.executionsKept ?? DEFAULT_EXECUTIONS_KEPT };
  const readJson = async (req: IncomingMessage): Promise<Record<string, unknown>> => parseJsonObject(req, await readBody(req, maxBodyBytes));
  const admin: AdminContext = {
    storage,
    sandbox,
    faults,
    faultsEnabled,
    serviceName,
    startedAt: Date.now(),
    authenticate: (req) => checkAuth(req.headers, 'developer', tokens, serviceName),
    readJson,
  };

  /** Finds and runs what the request asks for; returns the 200 body or throws an ApiError. */
  async function route(req: IncomingMessage, pathname: string, query: URLSearchParams): Promise<unknown> {
    const method = req.method ?? 'GET';
    if (pathname.startsWith(ADMIN_PREFIX)) {
      const handler = ADMIN_ROUTES[`${method} ${pathname}`];
      if (!handler) throw new ApiError(404, 'NOT_FOUND', `no emulator endpoint ${method} ${pathname}`);
      return handler(admin, req);
    }
    const match = matchRoute(method, pathname);
    if (match.kind === 'none') throw new ApiError(404, 'NOT_FOUND', `no operation at ${pathname}`);
    if (match.kind === 'wrong-method') {
      throw new ApiError(405, 'METHOD_NOT_ALLOWED', `${method} is not allowed here; use ${match.allow.join(' or ')}`, undefined, { allow: match.allow.join(', ') });
    }
    const spec = OPERATIONS[match.operation];
    checkAuth(req.headers, spec.auth, tokens, serviceName);
    const params = checkPathParams(match.rawParams);
    if (!params.ok) throw new ApiError(400, 'VALIDATION_FAILED', 'a path parameter is not valid', params.errors);
    const fault = faultsEnabled ? faults.take(match.operation) : undefined;
    if (fault && fault.when === 'before') {
      await sleep(fault.delayMs);
      throw faultError(fault);
    }
    const body = spec.method === 'GET' ? {} : await readJson(req);
    const result = await HANDLERS[match.operation](ctx, { params: params.params, query, body });
    if (fault) {
      await sleep(fault.delayMs);
      throw faultError(fault);
    }
    return result;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const rawUrl = req.url ?? '/';
    // Only origin-form targets ("/path?query"); anything else (absolute URLs, "*") is refused below.
    const url = parseTarget(rawUrl);
    try {
      if (!url) throw new ApiError(400, 'VALIDATION_FAILED', 'request target must be a path');
      const body = await route(req, url.pathname, url.searchParams);
      // Commits are fsynced after the event loop moves on (storage.ts): an answer never shows state not yet on disk.
      await storage.whenDurable();
      await discardBody(req, maxBodyBytes * 16);
      sendJson(res, 200, body);
    } catch (error) {
      await storage.whenDurable().catch(() => {});
      await discardBody(req, maxBodyBytes * 16);
      if (error instanceof ApiError) {
        sendJson(res, error.status, error.toBody(), error.headers);
      } else {
        log(`internal error on ${req.method} ${url?.pathname ?? '?'}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        sendJson(res, 500, new ApiError(500, 'INTERNAL', 'internal error in the emulator; the change, if any, was not acknowledged').toBody());
      }
    } finally {
      log(`${req.method} ${url?.pathname ?? '(bad target)'} ${res.statusCode} ${(performance.now() - started).toFixed(1)}ms`);
    }
  }

  const server = createServer({ requestTimeout: 60_000, headersTimeout: 30_000 }, (req, res) => {
    void handle(req, res);
  });
  // Idle kept-alive connections stay open longer than clients keep them (undici: the server's hint minus 1 s, or 4 s):
  // with Node's default of 5 s, a client could reuse a socket the server is closing at that moment (ECONNRESET).
  server.keepAliveTimeout = 65_000;
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const body = JSON.stringify(new ApiError(400, 'VALIDATION_FAILED', `malformed HTTP request (${error.code ?? 'parse error'})`).toBody());
    socket.end(`HTTP/1.1 400 Bad Request\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
  });

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    storage.close();
    throw error;
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  const urlHost = host.includes(':') ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    host,
    serviceName,
    dataPath,
    fixturesLoaded,
    faultInjection: faultsEnabled,
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await sandbox.close();
        storage.close();
      })();
      return closing;
    },
  };
}
