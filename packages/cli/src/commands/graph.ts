// `calckit graph`: the project's calculations, the calculations they nest and the columns they read, per dataset, as
// DOT, Mermaid, SVG (Graphviz in WebAssembly, loaded only for svg) or JSON; to stdout or a file (-o).
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Option, type Command } from 'commander';
import { CliExit, EXIT_USAGE } from '../exit.js';

export const GRAPH_FORMATS = ['dot', 'mermaid', 'svg', 'json'] as const;
export type GraphFormat = (typeof GRAPH_FORMATS)[number];

export interface GraphCommandOptions {
  readonly format: GraphFormat;
  /** Dataset keys (calckit.json's `datasets`) to draw; none: all, and calculations without a dataset. */
  readonly dataset?: readonly string[];
  readonly config?: string;
}

/** The graph of the project governing `cwd`, in `options.format`. A missing project or an unknown dataset exits 2. */
export async function graphText(options: GraphCommandOptions, cwd = process.cwd()): Promise<string> {
  const [{ buildProjectGraph }, { projectIndexFor, loadProjectOrExit }, { graphView }, { toDot }] = await Promise.all([
    import('@calckit/project'),
    import('../service/context.js'),
    import('../graph/view.js'),
    import('../graph/dot.js'),
  ]);
  const index = projectIndexFor(options);
  const project = loadProjectOrExit(options, true, cwd, index)!;
  const datasets = options.dataset ?? [];
  const unknown = datasets.filter((d) => !Object.hasOwn(project.datasets, d));
  if (unknown.length > 0) {
    const known = Object.keys(project.datasets);
    throw new CliExit(EXIT_USAGE, `calckit graph: no dataset ${unknown.map((d) => JSON.stringify(d)).join(', ')} in ${project.file} (its datasets: ${known.length > 0 ? known.join(', ') : 'none'})`);
  }
  const graph = buildProjectGraph(index, index.load(project.file));
  switch (options.format) {
    case 'json':
      return (await import('../graph/json.js')).toJson(graph, datasets);
    case 'mermaid':
      return (await import('../graph/mermaid.js')).toMermaid(graphView(graph, datasets));
    case 'dot':
      return toDot(graphView(graph, datasets), 'calculations');
    case 'svg': {
      const { dotToSvg } = await import('../graph/svg.js');
      try {
        return await dotToSvg(toDot(graphView(graph, datasets), 'calculations'));
      } catch (error) {
        throw new CliExit(EXIT_USAGE, `calckit graph: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

export function register(program: Command): void {
  program
    .command('graph')
    .description('draw the calculations, the calculations they nest and the columns they read, per dataset')
    .addOption(new Option('-f, --format <name>', 'output format').choices([...GRAPH_FORMATS]).default('dot'))
    .option('--dataset <key>', 'only this dataset (a key of calckit.json\'s "datasets"; repeatable)', collect)
    .option('-o, --output-file <file>', 'write the graph to a file')
    .option('--config <file>', 'the project file to use instead of looking for calckit.json')
    .action(async (flags: { format: GraphFormat; dataset?: string[]; outputFile?: string; config?: string }) => {
      const text = await graphText({ format: flags.format, ...(flags.dataset ? { dataset: flags.dataset } : {}), ...(flags.config !== undefined ? { config: flags.config } : {}) });
      if (flags.outputFile === undefined) {
        process.stdout.write(text);
        return;
      }
      const { FileAccessError, writeTextFileAtomicSync } = await import('@calckit/project');
      const target = resolve(flags.outputFile);
      try {
        mkdirSync(dirname(target), { recursive: true });
        writeTextFileAtomicSync(target, text, { displayPath: flags.outputFile });
      } catch (error) {
        const e = error as NodeJS.ErrnoException;
        throw new CliExit(EXIT_USAGE, `calckit graph: ${error instanceof FileAccessError ? error.message : `cannot write ${flags.outputFile}: ${e.code ?? e.message}`}`);
      }
    });
}
