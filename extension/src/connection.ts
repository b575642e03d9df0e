// Where and how to reach the service for a file: settings over the environment over the project file (through
// @calckit/project's resolveConnection), the developer token for that service's origin, and the typed client.
//
// Tokens are bound to their service:
// - SecretStorage keeps one token per origin (scheme://host[:port]) under `calckit.developerToken@<origin>`; there is
//   no token "for any service". Storing a token for an origin (Set Developer Token, which names it) is the user's say-so
//   to send it there.
// - The environment's CALCKIT_DEVELOPER_TOKEN is bound to no service, and the origin comes from the folder's settings or
//   calckit.json: it is used only after the user allowed it for that origin (asked once, remembered in globalState;
//   the question's default button, Enter, does not send it).
// - The local emulator this extension started gets the token made for it, nothing else.
// - In an untrusted workspace nothing is sent at all (client() throws RestrictedModeError).
import { createClient, type Client } from '@calckit/client';
import { serviceOrigin, resolveConnection, type ConnectionSettings, type Project } from '@calckit/project';
import * as vscode from 'vscode';
import { ask } from './ask.js';
import type { Log } from './log.js';
import { environmentTokenQuestion } from './questions.js';
import type { Settings } from './settings.js';

const TOKEN_KEY = 'calckit.developerToken';
/** globalState: origin → whether the environment's token may be sent there. */
const ENV_CONSENT_KEY = 'calckit.environmentTokenOrigins';
export const ENV_TOKEN = 'CALCKIT_DEVELOPER_TOKEN';

/** The secret key of an origin's token. */
export const tokenKeyFor = (origin: string): string => `${TOKEN_KEY}@${origin}`;

/** Whether a secret storage key holds a developer token (of any origin). */
export const isTokenKey = (key: string): boolean => key === TOKEN_KEY || key.startsWith(`${TOKEN_KEY}@`);

/** Thrown instead of any network call in an untrusted (Restricted Mode) workspace. */
export class RestrictedModeError extends Error {
  override readonly name = 'RestrictedModeError';
  constructor(what = 'talking to the service') {
    super(`${what} is off in Restricted Mode: this workspace is not trusted`);
  }
}

/** Overrides made during this session (e.g. the local emulator started for a project). */
export interface SessionOverride {
  readonly baseUrl: string;
  readonly developerToken: string;
}

export type TokenSource = 'emulator' | 'secret storage' | 'environment';

export interface ResolvedToken {
  readonly token: string;
  readonly source: TokenSource;
}

/** What a client for this file would use; `token` is undefined when there is none for this origin (or it was not allowed). */
export interface Prepared {
  readonly connection: ConnectionSettings;
  readonly origin: string;
  readonly token: ResolvedToken | undefined;
  /** Why there is no token, for the user (never the token). */
  readonly missing?: string;
}

export interface TokenOptions {
  /** May ask the user (an explicit action: push, lock, compare); background reads never ask. */
  readonly interactive: boolean;
}

export class Connections {
  private readonly overrides = new Map<string, SessionOverride>();

  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly state: vscode.Memento,
    private readonly log: Log,
    private readonly env: Readonly<Record<string, string | undefined>> = process.env,
  ) {
    this.log.addSecret(env[ENV_TOKEN]);
  }

  setOverride(projectRoot: string, override: SessionOverride | undefined): void {
    if (override) {
      this.log.addSecret(override.developerToken);
      this.overrides.set(projectRoot, override);
    } else this.overrides.delete(projectRoot);
  }

  override(projectRoot: string): SessionOverride | undefined {
    return this.overrides.get(projectRoot);
  }

  /** Address and service name (no token): throws SettingsError when nothing names an address. */
  settingsFor(project: Project | undefined, settings: Settings): ConnectionSettings {
    const override = project ? this.overrides.get(project.root) : undefined;
    const nonEmpty = (v: string): string | undefined => (v === '' ? undefined : v);
    return resolveConnection({
      project,
      // The environment names addresses (CALCKIT_BASE_URL …) but its token is handled here, per origin.
      env: { ...this.env, [ENV_TOKEN]: undefined, CALCKIT_SESSION_TOKEN: undefined },
      flags: {
        baseUrl: override?.baseUrl ?? nonEmpty(settings.baseUrl),
        instance: override ? undefined : nonEmpty(settings.instance),
        domain: override ? undefined : nonEmpty(settings.domain),
        serviceName: nonEmpty(settings.serviceName),
      },
    });
  }

  /** The token for this origin: the emulator's, the one stored for the origin, or the environment's if allowed there. */
  async tokenFor(project: Project | undefined, baseUrl: string, options: TokenOptions): Promise<{ token?: ResolvedToken; missing?: string }> {
    const origin = serviceOrigin(baseUrl);
    const override = project ? this.overrides.get(project.root) : undefined;
    if (override && serviceOrigin(override.baseUrl) === origin) return { token: { token: override.developerToken, source: 'emulator' } };
    const stored = await this.storedToken(origin, baseUrl);
    if (stored !== undefined) {
      this.log.addSecret(stored);
      return { token: { token: stored, source: 'secret storage' } };
    }
    const fromEnv = this.env[ENV_TOKEN]?.trim();
    if (!fromEnv) return { missing: `no developer token for ${origin}: run "calckit: Set Developer Token" (it is kept for this address only)` };
    const decision = this.environmentConsent(origin);
    if (decision === true) return { token: { token: fromEnv, source: 'environment' } };
    if (decision === false) {
      return { missing: `the developer token from the environment is not allowed for ${origin} (your earlier answer): run "calckit: Set Developer Token" for it` };
    }
    if (!options.interactive) return { missing: `the developer token from the environment has not been allowed for ${origin} yet` };
    const allowed = await this.askEnvironmentConsent(origin);
    if (allowed) return { token: { token: fromEnv, source: 'environment' } };
    return { missing: `the developer token from the environment was not allowed for ${origin}` };
  }

  /** The token stored for an origin; one stored by an earlier version under the exact base URL moves to the origin's key. */
  private async storedToken(origin: string, baseUrl: string): Promise<string | undefined> {
    const token = await this.secrets.get(tokenKeyFor(origin));
    if (token) return token;
    const legacyKey = tokenKeyFor(baseUrl);
    if (legacyKey === tokenKeyFor(origin)) return undefined;
    const legacy = await this.secrets.get(legacyKey);
    if (!legacy) return undefined;
    // Same origin by construction (the key was the base URL itself): keep it, under the origin's key.
    await this.secrets.store(tokenKeyFor(origin), legacy);
    await this.secrets.delete(legacyKey);
    this.log.info(`the developer token stored for ${baseUrl} is now kept for ${origin}`);
    return legacy;
  }

  environmentConsent(origin: string): boolean | undefined {
    return this.state.get<Record<string, boolean>>(ENV_CONSENT_KEY, {})[origin];
  }

  async setEnvironmentConsent(origin: string, allowed: boolean | undefined): Promise<void> {
    const all = { ...this.state.get<Record<string, boolean>>(ENV_CONSENT_KEY, {}) };
    if (allowed === undefined) delete all[origin];
    else all[origin] = allowed;
    await this.state.update(ENV_CONSENT_KEY, all);
  }

  private async askEnvironmentConsent(origin: string): Promise<boolean> {
    const answer = await ask(environmentTokenQuestion(ENV_TOKEN, origin));
    if (answer === 'not-now') return false; // dismissed: ask again next time
    await this.setEnvironmentConsent(origin, answer === 'allow');
    this.log.info(`the environment's developer token is ${answer === 'allow' ? 'allowed' : 'not allowed'} for ${origin}`);
    return answer === 'allow';
  }

  async storeToken(origin: string, token: string): Promise<void> {
    this.log.addSecret(token);
    await this.secrets.store(tokenKeyFor(serviceOrigin(origin)), token);
  }

  /** Removes the origin's stored token and forgets the answer about the environment's token for it. */
  async clearToken(origin: string): Promise<void> {
    const key = serviceOrigin(origin);
    await this.secrets.delete(tokenKeyFor(key));
    await this.setEnvironmentConsent(key, undefined);
  }

  /** Earlier versions kept a token "for any service" (sent wherever a folder pointed): it is removed, once. */
  async removeAnyServiceToken(): Promise<boolean> {
    const old = await this.secrets.get(TOKEN_KEY);
    if (old === undefined) return false;
    await this.secrets.delete(TOKEN_KEY);
    return true;
  }

  /** Settings, origin and token for a file's project, without any network call (refused in an untrusted workspace). */
  async prepare(project: Project | undefined, settings: Settings, options: TokenOptions): Promise<Prepared> {
    if (!vscode.workspace.isTrusted) throw new RestrictedModeError();
    const connection = this.settingsFor(project, settings);
    const origin = serviceOrigin(connection.baseUrl);
    const { token, missing } = await this.tokenFor(project, connection.baseUrl, options);
    return { connection, origin, token, ...(missing !== undefined ? { missing } : {}) };
  }

  /** A client for the file's service; throws RestrictedModeError in an untrusted workspace, and an Error without a token. */
  async client(project: Project | undefined, settings: Settings, options: TokenOptions = { interactive: true }): Promise<Client> {
    const prepared = await this.prepare(project, settings, options);
    if (prepared.token === undefined) throw new Error(prepared.missing ?? `no developer token for ${prepared.origin}`);
    return this.clientFor(prepared);
  }

  clientFor(prepared: Prepared): Client {
    if (!vscode.workspace.isTrusted) throw new RestrictedModeError();
    const { connection } = prepared;
    return createClient({
      baseUrl: connection.baseUrl,
      serviceName: connection.serviceName,
      developerToken: prepared.token?.token,
      timeoutMs: connection.timeoutMs,
      retries: connection.retries,
      // The client never hands a token to its logger; the log scrubs known secrets anyway.
      logger: { debug: (m) => this.log.debug(m), info: (m) => this.log.info(m), warn: (m) => this.log.warn(m) },
    });
  }
}
