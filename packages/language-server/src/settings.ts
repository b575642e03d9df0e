// Settings of one document: the client's `calckit` section (workspace/configuration, else initializationOptions or
// didChangeConfiguration) merged with what the project file says. Cached per URI until configuration or a watched
// file changes.
import { fileURLToPath } from 'node:url';
import { relative, resolve, sep } from 'node:path';
import type { ClientCapabilities, Connection, InitializeParams } from 'vscode-languageserver';
import { ideSettings, type IdeSettings, type ProjectCalculationInfo } from '@calckit/ide';
import type { Project } from '@calckit/project';
import { globToRegExp } from './glob.js';
import { describeError, type Log } from './log.js';
import type { ProjectService } from './project.js';

/** The `calckit` settings section as editors send it (every field optional). */
export interface ClientSettings {
  readonly serviceName?: string;
  /** Rule severities by rule id, over the project file's. */
  readonly rules?: Readonly<Record<string, string>>;
  readonly inlayHints?: { readonly resultType?: boolean };
  /** Schema files for formulas the project file does not map: glob (relative to the workspace or project root) → path. */
  readonly schemas?: Readonly<Record<string, string>>;
}

const CONFIGURATION_TIMEOUT_MS = 5_000;

export class SettingsService {
  private pullConfiguration = false;
  private pushed: ClientSettings = {};
  private roots: string[] = [];
  private readonly cache = new Map<string, Promise<IdeSettings>>();

  constructor(
    private readonly connection: Connection,
    private readonly projects: ProjectService,
    private readonly log: Log,
  ) {}

  initialize(params: InitializeParams): void {
    const caps: ClientCapabilities = params.capabilities;
    this.pullConfiguration = caps.workspace?.configuration === true;
    // VS Code's extension sends `{ settings }`; Helix and others send their `config` (`{ calckit: {…} }`).
    const init = params.initializationOptions as { settings?: ClientSettings; calckit?: ClientSettings } | undefined;
    const initial = init?.settings ?? init?.calckit;
    if (initial && typeof initial === 'object') this.pushed = initial;
    const folders = params.workspaceFolders?.map((f) => f.uri) ?? (params.rootUri ? [params.rootUri] : []);
    this.roots = folders.flatMap((u) => (u.startsWith('file:') ? [fileURLToPath(u)] : []));
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
    const path = uri.startsWith('file:') ? fileURLToPath(uri) : undefined;
    const fp = path ? this.projects.forFile(path) : {};
    const project = fp.project;
    let schema = fp.schema;
    if (!schema && path && client.schemas) schema = this.schemaFromSetting(path, client.schemas, project?.root);
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
      nestedIds: inProject ? (id: number) => this.projects.nestedIds(project, id, serviceName) : undefined,
    });
  }

  private async clientSettings(uri: string): Promise<ClientSettings> {
    if (!this.pullConfiguration) return this.pushed;
    // A client that never answers must not stall every request: after a while, go on with what we have.
    let timer: NodeJS.Timeout | undefined;
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

  private schemaFromSetting(path: string, schemas: Readonly<Record<string, string>>, projectRoot: string | undefined) {
    const bases = [...(projectRoot ? [projectRoot] : []), ...this.roots];
    for (const base of bases) {
      const rel = relative(base, path).split(sep).join('/');
      if (rel.startsWith('..')) continue;
      for (const [glob, file] of Object.entries(schemas)) {
        if (globToRegExp(glob).test(rel)) return this.projects.schema(resolve(base, file));
      }
    }
    return undefined;
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
