// Per-file lint settings: the project index (@calckit/project's ProjectIndex: discovery or --config, the project, the
// dataset schema, nested calculations) plus what lint owns here, the validated `lint` section and the resolved
// configuration per combination of matching overrides. Everything is cached per thread for large runs.
import type { DatasetColumn } from '@calckit/formula';
import { RULES, overrideApplies, parseLintConfig, resolveConfig, type LintConfig, type ProjectInfo, type ResolvedConfig } from '@calckit/lint';
import { ProjectError, ProjectIndex, calculationForId, type IndexedProject, type Project } from '@calckit/project';

export interface FileSettings {
  readonly project?: Project;
  readonly config?: LintConfig;
  readonly resolved: ResolvedConfig;
  readonly schema?: readonly DatasetColumn[];
  readonly projectInfo?: ProjectInfo;
  /** The file's path relative to the project root (`/`-separated), for overrides and ignores. */
  readonly relativePath?: string;
}

/** A project file, a schema file or the lint section is wrong: exit 2 with this message. */
export class SettingsError extends Error {
  override readonly name = 'SettingsError';
}

interface LintProject {
  readonly project: Project;
  readonly config: LintConfig;
  readonly info: ProjectInfo;
  /** Resolved settings by which overrides match (most files share a handful of combinations). */
  readonly resolvedBySignature: Map<string, ResolvedConfig>;
}

export class ProjectResolver {
  private readonly index: ProjectIndex;
  /** Lint settings by loaded project (a project reloaded by the index is parsed again). */
  private readonly byProject = new WeakMap<Project, LintProject>();
  private defaults: ResolvedConfig | undefined;

  /** `configPath`: --config, used for every file instead of discovery. */
  constructor(configPath?: string) {
    this.index = new ProjectIndex(configPath !== undefined ? { config: configPath } : {});
  }

  private lintProject(indexed: IndexedProject): LintProject {
    const cached = this.byProject.get(indexed.project);
    if (cached) return cached;
    const { project } = indexed;
    let config: LintConfig;
    try {
      config = parseLintConfig(project.lint, RULES);
    } catch (error) {
      const lines = error instanceof Error ? error.message.split('\n') : [String(error)];
      throw new SettingsError(lines.map((l) => `${project.file}: ${l}`).join('\n'));
    }
    // The rules compare against the name as the project file writes it; nestedIds counts the canonical one's calls.
    const info: ProjectInfo = {
      ...(project.service?.name ? { serviceName: project.service.name } : {}),
      nestedIds: indexed.nestedIds,
      calculationFile: (id) => calculationForId(project, id)?.path,
    };
    const loaded = { project, config, info, resolvedBySignature: new Map<string, ResolvedConfig>() };
    this.byProject.set(project, loaded);
    return loaded;
  }

  /** The project (if any) governing a file. */
  projectFor(file: string): LintProject | undefined {
    const indexed = settingsOrExit(() => this.index.projectFor(file));
    return indexed === undefined ? undefined : this.lintProject(indexed);
  }

  /** Everything lint needs for one file (absolute or relative to the working directory). */
  settingsFor(file: string): FileSettings {
    const indexed = settingsOrExit(() => this.index.fileInfo(file));
    if (!indexed) {
      this.defaults ??= resolveConfig(undefined, RULES);
      return { resolved: this.defaults };
    }
    if (indexed.schemaError) throw new SettingsError(indexed.schemaError.message);
    const loaded = this.lintProject(indexed);
    const { project, config, info } = loaded;
    const { relativePath, schema, calculation } = indexed;
    const signature = (config.overrides ?? []).map((o) => (overrideApplies(o, relativePath) ? '1' : '0')).join('');
    let resolved = loaded.resolvedBySignature.get(signature);
    if (!resolved) {
      resolved = resolveConfig(config, RULES, relativePath);
      loaded.resolvedBySignature.set(signature, resolved);
    }
    return {
      project,
      config,
      resolved,
      ...(schema ? { schema } : {}),
      // The file's own id (a nesting cycle goes through it): one small object per mapped file.
      projectInfo: calculation ? { ...info, calculationId: calculation.id } : info,
      relativePath,
    };
  }
}

/** A broken project file stops the run like a broken lint section (ProjectError's message names the file and fields). */
function settingsOrExit<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof ProjectError) throw new SettingsError(error.message);
    throw error;
  }
}
