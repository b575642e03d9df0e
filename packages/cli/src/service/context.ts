// Shared plumbing of the service commands: connection options, project + settings resolution, the client.
import { createClient, type Client, type ClientLogger } from '@calckit/client';
import {
  CredentialsError,
  DEFAULT_RETRIES,
  DEFAULT_SERVICE_NAME,
  DEFAULT_TIMEOUT_MS,
  ENV,
  ProjectError,
  SettingsError,
  serviceOrigin,
  credentialsPath,
  readCredentials,
  resolveConnection,
  ProjectIndex,
  type ConnectionSettings,
  type Project,
  type StoredTokens,
} from '@calckit/project';
import { statSync } from 'node:fs';
import { Option, type Command } from 'commander';
import { CliExit, EXIT_USAGE } from '../exit.js';

export interface ConnectionCliOptions {
  readonly config?: string;
  readonly baseUrl?: string;
  readonly instance?: string;
  readonly domain?: string;
  readonly serviceName?: string;
  readonly timeout?: string;
  readonly retries?: string;
  readonly json?: boolean;
  readonly verbose?: boolean;
}

/** Adds --config, the connection flags and --json to a command. Tokens have no flag on purpose. */
export function withConnectionOptions(command: Command): Command {
  return command
    .option('--config <path>', 'project file (default: the nearest calckit.json above the current directory)')
    // Each flag overrides its environment variable, which overrides calckit.json (packages/project's connection.ts).
    .option('--base-url <url>', `the service's base URL (default: ${ENV.baseUrl}, else calckit.json's service.baseUrl)`)
    .option('--instance <name>', `tenant part of the host: https://<instance>.<domain> (default: ${ENV.instance}, else calckit.json)`)
    .option('--domain <domain>', `the service's domain (default: ${ENV.domain}, else calckit.json)`)
    .option('--service-name <name>', `the service's name (header and operator prefix) (default: ${ENV.serviceName}, else calckit.json's service.name, else ${DEFAULT_SERVICE_NAME})`)
    .addOption(new Option('--timeout <ms>', `time-out of one HTTP call in milliseconds (default: ${ENV.timeoutMs}, else calckit.json's service.timeoutMs, else ${DEFAULT_TIMEOUT_MS})`))
    .option('--retries <n>', `retries of a retryable call; a connection refused or without a route: at most 1, after 250 ms (default: ${ENV.retries}, else calckit.json's service.retries, else ${DEFAULT_RETRIES})`)
    .option('--json', 'print one JSON document on stdout instead of text')
    .option('--verbose', 'log each HTTP call on stderr (tokens are never shown)');
}

export interface ServiceContext {
  readonly project: Project | undefined;
  /** The index that found the project: asked again for its schemas and nested calculations. */
  readonly index: ProjectIndex;
  readonly settings: ConnectionSettings;
  readonly client: Client;
}

export interface ContextOverrides {
  /** Used instead of resolving from the project, environment and flags (tests, `calckit demo`). */
  readonly settings?: ConnectionSettings;
  readonly project?: Project;
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly cwd?: string;
  readonly logger?: ClientLogger;
}

/** Loads the project (required or optional) and resolves connection settings; config problems exit with 2. */
export function openContext(options: ConnectionCliOptions, needProject: boolean, overrides: ContextOverrides = {}): ServiceContext {
  const index = projectIndexFor(options);
  const project = overrides.project ?? loadProjectOrExit(options, needProject, overrides.cwd, index);
  let settings: ConnectionSettings;
  const env = overrides.env ?? process.env;
  try {
    settings =
      overrides.settings ??
      resolveConnection({
        project,
        env,
        // `calckit login`'s tokens, looked up by the resolved address's origin only (after the environment's).
        storedTokens: loginTokens(env),
        flags: {
          baseUrl: options.baseUrl,
          instance: options.instance,
          domain: options.domain,
          serviceName: options.serviceName,
          timeoutMs: options.timeout,
          retries: options.retries,
        },
      });
  } catch (error) {
    if (error instanceof SettingsError || error instanceof CredentialsError) throw new CliExit(EXIT_USAGE, `calckit: ${error.message}`);
    throw error;
  }
  const logger: ClientLogger =
    overrides.logger ??
    (options.verbose
      ? { debug: (m) => process.stderr.write(`  ${m}\n`), warn: (m) => process.stderr.write(`  ${m}\n`) }
      : { warn: (m) => process.stderr.write(`  ${m}\n`) });
  let client: Client;
  try {
    client = createClient({
      baseUrl: settings.baseUrl,
      serviceName: settings.serviceName,
      developerToken: settings.developerToken,
      sessionToken: settings.sessionToken,
      timeoutMs: settings.timeoutMs,
      retries: settings.retries,
      logger,
      // One run, one verdict: the first connection failure (after the client's retries) ends the command.
      stopWhenUnreachable: true,
    });
  } catch (error) {
    throw new CliExit(EXIT_USAGE, `calckit: ${(error as Error).message}`);
  }
  return { project, settings, client, index };
}

/** The tokens `calckit login` stored for exactly this origin; warnings about the file (others can read it) on stderr. */
export function loginTokens(env: Readonly<Record<string, string | undefined>>): (origin: string) => StoredTokens | undefined {
  return (origin) => {
    const read = readCredentials(credentialsPath(env));
    for (const warning of read.warnings) process.stderr.write(`calckit: warning: ${warning}\n`);
    const entry = read.services[origin];
    if (entry === undefined) return undefined;
    return {
      ...(entry.developerToken !== undefined ? { developerToken: entry.developerToken } : {}),
      ...(entry.sessionToken !== undefined ? { sessionToken: entry.sessionToken } : {}),
    };
  };
}

/** Stops with exit 2 before any call when the developer token is missing (instead of one failure per file). */
export function requireDeveloperToken(context: ServiceContext): void {
  if (context.settings.developerToken === undefined) {
    let origin = context.settings.baseUrl;
    try {
      origin = serviceOrigin(origin);
    } catch {
      // The address as resolved.
    }
    throw new CliExit(
      EXIT_USAGE,
      `calckit: no developer token for ${origin}: run "calckit login" to store one for this service, or set CALCKIT_DEVELOPER_TOKEN (CI); ` +
        'a token stored for another address is never sent here',
    );
  }
}

/** The project index of one command: `--config` when given, else discovery from each path. */
export function projectIndexFor(options: { config?: string }): ProjectIndex {
  return new ProjectIndex(options.config !== undefined ? { config: options.config } : {});
}

/**
 * The project for a command run from `cwd` (a folder, or a file whose project is meant): `--config`, else the nearest
 * calckit.json at or above it. A broken project file, or none when one is required, exits with 2.
 */
export function loadProjectOrExit(options: { config?: string }, required: boolean, cwd?: string, index = projectIndexFor(options)): Project | undefined {
  let project: Project | undefined;
  const from = cwd ?? process.cwd();
  try {
    project = (isDirectory(from) ? index.projectIn(from) : index.projectFor(from))?.project;
  } catch (error) {
    if (error instanceof ProjectError) throw new CliExit(EXIT_USAGE, `calckit: ${error.message}`);
    throw error;
  }
  if (project === undefined && required) {
    throw new CliExit(EXIT_USAGE, 'calckit: no calckit.json found in this directory or above; create one or pass --config <path>');
  }
  return project;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false; // a path that does not exist (yet) is looked up from its folder
  }
}
