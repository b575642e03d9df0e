// Settings of one document: the client's `calckit` section (workspace/configuration, else initializationOptions or
// didChangeConfiguration) merged with what the project file says (when the platform has projects on disk). Cached per
// URI until configuration or a watched file changes.
import type { ClientCapabilities, Connection, InitializeParams } from 'vscode-languageserver';
import { ideSettings, type IdeSettings, type ProjectCalculationInfo } from '@calckit/ide';
import type { Project } from '@calckit/project';
import { InlineSchemas, type InlineColumn } from './inline-schema.js';
import { describeError, type Log } from './log.js';
import type { ProjectHost } from './host.js';
import type { TimerHandle } from './scheduling.js';

/** The `calckit` settings section as editors send it (every field optional). */
export interface ClientSettings {
  readonly serviceName?: string;
  /** Rule severities by rule id, over the project file's. */
  readonly rules?: Readonly<Record<string, string>>;
  readonly inlayHints?: { readonly resultType?: boolean };
  /** Schema files for formulas the project file does not map: glob (relative to the workspace or project root) → path. */
  readonly schemas?: Readonly<Record<string, string>>;
  /** The columns of a document no project file or `schemas` entry gives a schema, inline (inline-schema.ts). */
  readonly schema?: readonly InlineColumn[];
}

const CONFIGURATION_TIMEOUT_MS = 5_000;

export class SettingsService {
  private pullConfiguration = false;
  private pushed: ClientSettings = {};
  /** The workspace folders' URIs (the `schemas` globs are relative to one of them when not to a project). */
  private workspaceFolders: string[] = [];
  private readonly cache = new Map<string, Promise<IdeSettings>>();
  private readonly inlineSchemas: InlineSchemas;

  constructor(
    private readonly connection: Connection,
    private readonly projects: ProjectHost | undefined,
    private readonly log: Log,
  ) {
    this.inlineSchemas = new InlineSchemas(log);
  }

  initialize(params: InitializeParams): void {
    const caps: ClientCapabilities = params.capabilities;
    this.pullConfiguration = caps.workspace?.configuration === true;
    // VS Code's extension sends `{ settings }`; Helix and others send their `config` (`{ calckit: {…} }`).
    const init = params.initializationOptions as { settings?: ClientSettings; calckit?: ClientSettings } | undefined;
    const initial = init?.settings ?? init?.calckit;
    if (initial && typeof initial === 'object') this.pushed = initial;
    this.workspaceFolders = params.workspaceFolders?.map((f) => f.uri) ?? (params.rootUri ? [params.rootUri] : []);
  }

  /** didChangeConfiguration: settings may come with it (push model) or must be asked for again. */
  changed(settings: unknown): void {
    const section = (settings as { calckit?: ClientSettings } | undefined)?.calckit;
    if (section && typeof section === 'object') this.pushed = section;
    this.cache.clear();
  }

  invalidate(): void {
    this.cache.clear();
  }

  forget(uri: string): void {
    this.cache.delete(uri);
  }

  forDocument(uri: string): Promise<IdeSettings> {
    let hit = this.cache.get(uri);
    if (!hit) {
      hit = this.compute(uri).catch((error: unknown) => {
        this.log.error(`settings for ${uri}: ${describeError(error)}`);
        this.cache.delete(uri);
        return ideSettings({});
      });
      this.cache.set(uri, hit);
    }
    return hit;
  }

  private async compute(uri: string): Promise<IdeSettings> {
    const client = await this.clientSettings(uri);
    const projects = this.projects;
    const fp = projects ? projects.forDocument(uri) : {};
    const project = fp.project;
    // The project's schema, else the `schemas` setting's file, else the `schema` setting's columns.
    let schema = fp.schema;
    if (!schema && projects && client.schemas) schema = projects.schemaFromSetting(uri, client.schemas, project?.root, this.workspaceFolders);
    schema ??= this.inlineSchemas.columns(client.schema);
    const serviceName = nonEmpty(client.serviceName) ?? nonEmpty(project?.service?.name);
    const inProject = project && fp.relativePath !== undefined;
    return ideSettings({
      serviceName,
      schema,
      calculations: project ? calculationsOf(project) : undefined,
      selfId: fp.selfId,
      inlayResultType: client.inlayHints?.resultType !== false,
      // The project's rules are in lintConfig; the linter applies these client severities over them.
      rules: client.rules,
      lintConfig: project?.lint,
      formatConfig: project?.format,
      // Nested calculations count the way the service counts them, for the name this document is linted with.
      filePath: inProject ? fp.relativePath : undefined,
      nestedIds: inProject && projects ? (id: number) => projects.nestedIds(project, id, serviceName) : undefined,
    });
  }

  private async clientSettings(uri: string): Promise<ClientSettings> {
    if (!this.pullConfiguration) return this.pushed;
    // A client that never answers must not stall every request: after a while, go on with what we have.
    let timer: TimerHandle | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), CONFIGURATION_TIMEOUT_MS);
    });
    const value: unknown = await Promise.race([this.connection.workspace.getConfiguration({ scopeUri: uri, section: 'calckit' }), timeout]);
    clearTimeout(timer);
    if (value === 'timeout') {
      this.log.warn(`workspace/configuration for ${uri} got no answer in ${CONFIGURATION_TIMEOUT_MS} ms: using the initial settings`);
      return this.pushed;
    }
    return value && typeof value === 'object' ? (value as ClientSettings) : this.pushed;
  }
}

/** The project's calculations as the features want them: built once per loaded project, shared by its documents. */
const calculationLists = new WeakMap<Project, readonly ProjectCalculationInfo[]>();
function calculationsOf(project: Project): readonly ProjectCalculationInfo[] {
  let list = calculationLists.get(project);
  if (!list) {
    list = project.calculations.map((c) => ({ id: c.id, ...(c.name ? { name: c.name } : {}), ...(c.dataset ? { dataset: c.dataset } : {}), file: c.file }));
    calculationLists.set(project, list);
  }
  return list;
}

function nonEmpty(s: string | undefined): string | undefined {
  return s !== undefined && s.trim().length > 0 ? s.trim() : undefined;
}
