// Connection settings: project file < CALCKIT_* environment variables < flags. Tokens come from the caller (an
// editor's secret storage), else the environment (CALCKIT_DEVELOPER_TOKEN, CALCKIT_SESSION_TOKEN: the CI way), else
// the tokens `calckit login` stored for the resolved address's origin, and never from any other origin's entry.
import type { StoredTokens } from './credentials.js';
import { SettingsError } from './errors.js';
import { serviceOrigin } from './origin.js';
import type { Project } from './load.js';

export const ENV = {
  baseUrl: 'CALCKIT_BASE_URL',
  instance: 'CALCKIT_INSTANCE',
  domain: 'CALCKIT_DOMAIN',
  serviceName: 'CALCKIT_SERVICE_NAME',
  timeoutMs: 'CALCKIT_TIMEOUT_MS',
  retries: 'CALCKIT_RETRIES',
  developerToken: 'CALCKIT_DEVELOPER_TOKEN',
  sessionToken: 'CALCKIT_SESSION_TOKEN',
} as const;

import { DEFAULT_SERVICE_NAME, isValidServiceName } from '@calckit/formula/vocabulary';

export { DEFAULT_SERVICE_NAME };
export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_RETRIES = 3;

export interface ConnectionFlags {
  readonly baseUrl?: string | undefined;
  readonly instance?: string | undefined;
  readonly domain?: string | undefined;
  readonly serviceName?: string | undefined;
  readonly timeoutMs?: number | string | undefined;
  readonly retries?: number | string | undefined;
}

/** `login`: a token stored by `calckit login` for the service's origin. */
export type SettingSource = 'flag' | 'env' | 'project' | 'default' | 'caller' | 'login';

export interface ConnectionSettings {
  readonly baseUrl: string;
  readonly serviceName: string;
  readonly timeoutMs: number;
  readonly retries: number;
  readonly developerToken?: string;
  readonly sessionToken?: string;
  /** Where each setting came from, for `--verbose` output and error messages (never the token values). */
  readonly sources: Readonly<Record<'baseUrl' | 'serviceName' | 'timeoutMs' | 'retries' | 'developerToken' | 'sessionToken', SettingSource | 'unset'>>;
}

export interface ResolveConnectionOptions {
  readonly project?: Project | undefined;
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly flags?: ConnectionFlags;
  /** Tokens handed over by an editor from its secret storage; they take precedence over the environment. */
  readonly tokens?: { readonly developerToken?: string | undefined; readonly sessionToken?: string | undefined };
  /**
   * The tokens stored for an origin (`https://acme.example.com`), e.g. `(origin) => storedTokens(credentialsPath(), origin)`:
   * asked only for the resolved address's origin, and only for a token neither the caller nor the environment gives.
   */
  readonly storedTokens?: ((origin: string) => StoredTokens | undefined) | undefined;
}

interface Level extends ConnectionFlags {
  readonly source: SettingSource;
}

/**
 * The service's name alone, by the precedence of every setting (flag > CALCKIT_SERVICE_NAME > the project's
 * `service.name` > SVC): resolveConnection's, and that of commands that need no address (`calckit analyze`).
 * Throws SettingsError when the name found is not letters and digits.
 */
export function resolveServiceName(options: {
  readonly project?: Project | undefined;
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly flag?: string | undefined;
}): { readonly value: string; readonly source: SettingSource } {
  const env = options.env ?? process.env;
  const fromEnv = env[ENV.serviceName]?.trim();
  const found: { value: string; source: SettingSource } | undefined =
    options.flag !== undefined && options.flag !== ''
      ? { value: options.flag, source: 'flag' }
      : fromEnv
        ? { value: fromEnv, source: 'env' }
        : options.project?.service?.name
          ? { value: options.project.service.name, source: 'project' }
          : undefined;
  if (found === undefined) return { value: DEFAULT_SERVICE_NAME, source: 'default' };
  if (!isValidServiceName(found.value)) {
    throw new SettingsError(`service name "${found.value}" (from ${found.source}) must be letters and digits, starting with a letter`);
  }
  return found;
}

/** Resolves where to connect and with which tokens; throws SettingsError when no address is configured. */
export function resolveConnection(options: ResolveConnectionOptions = {}): ConnectionSettings {
  const env = options.env ?? process.env;
  const service = options.project?.service;
  const nonEmpty = (v: string | undefined): string | undefined => (v === undefined || v.trim() === '' ? undefined : v.trim());
  // Highest precedence first.
  const levels: Level[] = [
    { source: 'flag', ...options.flags },
    {
      source: 'env',
      baseUrl: nonEmpty(env[ENV.baseUrl]),
      instance: nonEmpty(env[ENV.instance]),
      domain: nonEmpty(env[ENV.domain]),
      timeoutMs: nonEmpty(env[ENV.timeoutMs]),
      retries: nonEmpty(env[ENV.retries]),
    },
    {
      source: 'project',
      ...(service && 'baseUrl' in service ? { baseUrl: service.baseUrl } : {}),
      ...(service && 'instance' in service ? { instance: service.instance, domain: service.domain } : {}),
      timeoutMs: service?.timeoutMs,
      retries: service?.retries,
    },
  ];
  const first = <K extends keyof Level>(key: K): { value: NonNullable<Level[K]>; source: SettingSource } | undefined => {
    for (const level of levels) {
      const value = level[key];
      if (value !== undefined && value !== '') return { value: value as NonNullable<Level[K]>, source: level.source };
    }
    return undefined;
  };

  const baseUrl = resolveAddress(levels);
  const serviceName = resolveServiceName({ project: options.project, env, flag: options.flags?.serviceName });
  const timeout = first('timeoutMs');
  const retries = first('retries');
  // Precedence: caller > environment > stored for this origin. The store is read only when a token is missing.
  let stored: StoredTokens | undefined | null = null;
  const fromStore = (key: keyof StoredTokens): string | undefined => {
    if (options.storedTokens === undefined) return undefined;
    if (stored === null) stored = options.storedTokens(serviceOrigin(baseUrl.value));
    return nonEmpty(stored?.[key]);
  };
  const pick = (key: keyof StoredTokens, envName: string): { value: string; source: SettingSource } | undefined => {
    const caller = nonEmpty(options.tokens?.[key]);
    if (caller !== undefined) return { value: caller, source: 'caller' };
    const fromEnv = nonEmpty(env[envName]);
    if (fromEnv !== undefined) return { value: fromEnv, source: 'env' };
    const login = fromStore(key);
    return login === undefined ? undefined : { value: login, source: 'login' };
  };
  const developerToken = pick('developerToken', ENV.developerToken);
  const sessionToken = pick('sessionToken', ENV.sessionToken);

  return {
    baseUrl: baseUrl.value,
    serviceName: serviceName.value,
    timeoutMs: timeout ? toInt(timeout.value, 'timeoutMs', timeout.source, 1, 3_600_000) : DEFAULT_TIMEOUT_MS,
    retries: retries ? toInt(retries.value, 'retries', retries.source, 0, 10) : DEFAULT_RETRIES,
    ...(developerToken !== undefined ? { developerToken: developerToken.value } : {}),
    ...(sessionToken !== undefined ? { sessionToken: sessionToken.value } : {}),
    sources: {
      baseUrl: baseUrl.source,
      serviceName: serviceName.source,
      timeoutMs: timeout?.source ?? 'default',
      retries: retries?.source ?? 'default',
      developerToken: developerToken?.source ?? 'unset',
      sessionToken: sessionToken?.source ?? 'unset',
    },
  };
}

/** The highest level that names an address wins; a base URL beats instance + domain at the same level. */
function resolveAddress(levels: readonly Level[]): { value: string; source: SettingSource } {
  for (const level of levels) {
    if (level.baseUrl !== undefined && level.baseUrl !== '') {
      let url: URL;
      try {
        url = new URL(level.baseUrl);
      } catch {
        throw new SettingsError(`base URL "${level.baseUrl}" (from ${level.source}) is not an absolute URL`);
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw new SettingsError(`base URL "${level.baseUrl}" (from ${level.source}) must use http or https`);
      }
      return { value: level.baseUrl.replace(/\/+$/, ''), source: level.source };
    }
    if (level.instance !== undefined && level.instance !== '') {
      const domain = levels.find((l) => l.domain !== undefined && l.domain !== '')?.domain;
      if (domain === undefined) {
        throw new SettingsError(`instance "${level.instance}" (from ${level.source}) needs a domain: set --domain, ${ENV.domain} or service.domain`);
      }
      return { value: `https://${level.instance}.${domain}`, source: level.source };
    }
  }
  throw new SettingsError(
    `no service address: set --base-url (or --instance and --domain), ${ENV.baseUrl} (or ${ENV.instance} and ${ENV.domain}), ` +
      'or "service" in calckit.json',
  );
}

function toInt(value: number | string, name: string, source: SettingSource, min: number, max: number): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new SettingsError(`${name} "${value}" (from ${source}) must be an integer from ${min} to ${max}`);
  }
  return n;
}
