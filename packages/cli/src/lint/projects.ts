// Per-file lint settings from the project file: discovery by walking up (or --config), the validated `lint` section,
// the dataset schema and what nested calculations nest. Everything is cached per thread for large runs.
import { dirname, relative, resolve, sep } from 'node:path';
import { parseFormula, walk, type DatasetColumn } from '@calckit/formula';
import { RULES, overrideApplies, parseLintConfig, resolveConfig, type LintConfig, type ProjectInfo, type ResolvedConfig } from '@calckit/lint';
import { calculationForFile, calculationForId, findProjectFile, loadProject, readFormulaFile, schemaForFile, type Project } from '@calckit/project';

export interface FileSettings {
  readonly project?: Project;
  readonly config?: LintConfig;
  readonly resolved: ResolvedConfig;
  readonly schema?: readonly DatasetColumn[];
  readonly projectInfo?: ProjectInfo;
  /** The file's path relative to the project root (`/`-separated), for overrides and ignores. */
  readonly relativePath?: string;
}

/** A project file or its lint section is wrong: exit 2 with this message. */
export class SettingsError extends Error {
  override readonly name = 'SettingsError';
}

interface LoadedProject {
  readonly project: Project;
  readonly config: LintConfig;
  readonly info: ProjectInfo;
  /** Resolved settings by which overrides match (most files share a handful of combinations). */
  readonly resolvedBySignature: Map<string, ResolvedConfig>;
}

const toPosix = (p: string) => p.split(sep).join('/');

export class ProjectResolver {
  private readonly byFile = new Map<string, LoadedProject | undefined>();
  private readonly byDir = new Map<string, string | undefined>();
  private readonly schemas = new Map<string, readonly DatasetColumn[] | undefined>();
  private defaults: ResolvedConfig | undefined;

  /** `configPath`: --config, used for every file instead of discovery. */
  constructor(private readonly configPath?: string) {}

  private projectFileFor(file: string): string | undefined {
    if (this.configPath !== undefined) return resolve(this.configPath);
    const dir = dirname(resolve(file));
    if (!this.byDir.has(dir)) this.byDir.set(dir, findProjectFile(dir));
    return this.byDir.get(dir);
  }

  private load(projectFile: string): LoadedProject {
    const cached = this.byFile.get(projectFile);
    if (cached) return cached;
    let project: Project;
    try {
      project = loadProject(projectFile);
    } catch (error) {
      throw new SettingsError(error instanceof Error ? error.message : String(error));
    }
    let config: LintConfig;
    try {
      config = parseLintConfig(project.lint, RULES);
    } catch (error) {
      const lines = error instanceof Error ? error.message.split('\n') : [String(error)];
      throw new SettingsError(lines.map((l) => `${projectFile}: ${l}`).join('\n'));
    }
    const nested = new Map<number, readonly number[] | undefined>();
    const info: ProjectInfo = {
      ...(project.service?.name ? { serviceName: project.service.name } : {}),
      nestedIds(id: number) {
        if (nested.has(id)) return nested.get(id);
        const calc = calculationForId(project, id);
        let ids: number[] | undefined;
        if (calc) {
          try {
            ids = [];
            const found = ids;
            walk(parseFormula(readFormulaFile(calc.file)).formula, { enter: (n) => void (n.kind === 'NestedCalculation' && found.push(n.id)) });
          } catch {
            ids = undefined; // the nested calculation's file is unreadable (or not a regular UTF-8 file of at most 10 MB): unknown
          }
        }
        nested.set(id, ids);
        return ids;
      },
    };
    const loaded = { project, config, info, resolvedBySignature: new Map<string, ResolvedConfig>() };
    this.byFile.set(projectFile, loaded);
    return loaded;
  }

  /** The project (if any) governing a file. */
  projectFor(file: string): LoadedProject | undefined {
    const projectFile = this.projectFileFor(file);
    return projectFile === undefined ? undefined : this.load(projectFile);
  }

  /** Everything lint needs for one file (absolute or relative to the working directory). */
  settingsFor(file: string): FileSettings {
    const loaded = this.projectFor(file);
    if (!loaded) {
      this.defaults ??= resolveConfig(undefined, RULES);
      return { resolved: this.defaults };
    }
    const { project, config, info } = loaded;
    const relativePath = toPosix(relative(project.root, resolve(file)));
    const calc = calculationForFile(project, file);
    let schema: readonly DatasetColumn[] | undefined;
    if (calc?.dataset !== undefined) {
      const key = `${project.file}\u0000${calc.dataset}`;
      if (!this.schemas.has(key)) {
        try {
          this.schemas.set(key, schemaForFile(project, file));
        } catch (error) {
          throw new SettingsError(error instanceof Error ? error.message : String(error));
        }
      }
      schema = this.schemas.get(key);
    }
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
      projectInfo: info,
      relativePath,
    };
  }
}
