// Where and how to reach the service for a file: settings over the environment over the project file (through
// @calckit/project's resolveConnection), tokens from SecretStorage (or the environment), and the typed client.
import { createClient, type Client } from '@calckit/client';
import { resolveConnection, type ConnectionSettings, type Project } from '@calckit/project';
import type * as vscode from 'vscode';
import type { Log } from './log.js';
import type { Settings } from './settings.js';

const TOKEN_KEY = 'calckit.developerToken';

/** A secret key per service address, so an emulator's token never goes to the real service (and back). */
export const tokenKeyFor = (baseUrl: string | undefined): string => (baseUrl ? `${TOKEN_KEY}@${baseUrl}` : TOKEN_KEY);

/** Overrides made during this session (e.g. the local emulator started for a project). */
export interface SessionOverride {
  readonly baseUrl: string;
  readonly developerToken: string;
}

export class Connections {
  private readonly overrides = new Map<string, SessionOverride>();

  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly log: Log,
  ) {}

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
      flags: {
        baseUrl: override?.baseUrl ?? nonEmpty(settings.baseUrl),
        instance: override ? undefined : nonEmpty(settings.instance),
        domain: override ? undefined : nonEmpty(settings.domain),
        serviceName: nonEmpty(settings.serviceName),
      },
    });
  }

  async tokenFor(project: Project | undefined, baseUrl: string): Promise<string | undefined> {
    const override = project ? this.overrides.get(project.root) : undefined;
    if (override && override.baseUrl === baseUrl) return override.developerToken;
    const token =
      (await this.secrets.get(tokenKeyFor(baseUrl))) ?? (await this.secrets.get(tokenKeyFor(undefined))) ?? process.env.CALCKIT_DEVELOPER_TOKEN;
    this.log.addSecret(token);
    return token === '' ? undefined : token;
  }

  async storeToken(baseUrl: string | undefined, token: string): Promise<void> {
    this.log.addSecret(token);
    await this.secrets.store(tokenKeyFor(baseUrl), token);
  }

  async clearToken(baseUrl: string | undefined): Promise<void> {
    await this.secrets.delete(tokenKeyFor(baseUrl));
    if (baseUrl) await this.secrets.delete(tokenKeyFor(undefined));
  }

  async client(project: Project | undefined, settings: Settings): Promise<Client> {
    const connection = this.settingsFor(project, settings);
    const developerToken = await this.tokenFor(project, connection.baseUrl);
    return createClient({
      baseUrl: connection.baseUrl,
      serviceName: connection.serviceName,
      developerToken,
      timeoutMs: connection.timeoutMs,
      retries: connection.retries,
      // The client never hands a token to its logger; the log scrubs known secrets anyway.
      logger: { debug: (m) => this.log.debug(m), info: (m) => this.log.info(m), warn: (m) => this.log.warn(m) },
    });
  }
}
