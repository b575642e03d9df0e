// `calckit lint --print-config <file>`: the settings that apply to one file, as JSON (rules, project, schema).
import { resolve } from 'node:path';
import { ProjectResolver } from './projects.js';

export function printConfig(file: string, cwd: string, configPath?: string): string {
  const resolver = new ProjectResolver(configPath);
  const absolute = resolve(cwd, file);
  const settings = resolver.settingsFor(absolute);
  const rules = Object.fromEntries(
    Object.entries(settings.resolved.rules).map(([id, s]) => [id, Object.keys(s.options).length > 0 ? [s.severity, s.options] : s.severity]),
  );
  return `${JSON.stringify(
    {
      file: absolute,
      project: settings.project?.file ?? null,
      ...(settings.relativePath !== undefined ? { relativePath: settings.relativePath } : {}),
      schema: settings.schema ? { columns: settings.schema.map((c) => `${c.name}: ${c.type}`) } : null,
      ignores: settings.config?.ignores ?? [],
      rules,
    },
    null,
    2,
  )}\n`;
}
