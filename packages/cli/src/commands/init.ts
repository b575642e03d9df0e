// `calckit init [directory]`: starts a formula repository: calckit.json (with "$schema" for editors), the formulas
// folder, .gitignore lines for calckit's caches, and the next steps. Never overwrites an existing calckit.json.
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { ClientConfigError, resolveOptions } from '@calckit/client';
import { isValidServiceName } from '@calckit/formula';
import { DEFAULT_SERVICE_NAME, DEFAULT_STATE_PATH, FileAccessError, parseProject, PROJECT_FILE_NAME, ProjectError, ProjectIndex, resolveInsideProject } from '@calckit/project';
import type { Command } from 'commander';
import { CliExit, EXIT_USAGE } from '../exit.js';
import { DEFAULT_CACHE_LOCATION } from '../lint/defaults.js';
import { folderInsideProject } from '../service/project-writer.js';

export interface InitOptions {
  readonly baseUrl?: string;
  readonly instance?: string;
  readonly domain?: string;
  readonly serviceName?: string;
  readonly dir?: string;
  readonly json?: boolean;
}

export interface InitResult {
  /** Absolute folder of the new project. */
  readonly root: string;
  readonly projectFile: string;
  /** The "$schema" written, and whether that file exists yet. */
  readonly schema: { readonly ref: string; readonly found: boolean };
  readonly service: Readonly<Record<string, string>> | null;
  /** The formulas folder, relative to the root. */
  readonly formulasDir: string;
  readonly created: readonly string[];
  /** Lines added to .gitignore (none when they were all there). */
  readonly gitignoreAdded: readonly string[];
  /** A calckit.json in a folder above, which this one now takes over from below `root`. */
  readonly enclosingProject: string | null;
  readonly nextSteps: readonly string[];
  readonly exitCode: number;
}

/** Where the JSON Schema is once calckit is installed in the project (`npm install --save-dev calckit`). */
const SCHEMA_IN_PACKAGE = 'node_modules/@calckit/project/schema/calckit.schema.json';
export const DEFAULT_FORMULAS_DIR = 'formulas';
/** Caches: local, rebuilt at will, never committed. The push state (.calckit/state.json) is NOT here: commit it. */
export const CACHE_DIR = '.calckit/cache/';

/**
 * The .gitignore lines calckit wants: the installed packages (`npm install --save-dev calckit` makes node_modules/,
 * and the README's first commit is `git add -A`), its caches, lock and temporary files; never the push state.
 */
export function gitignoreLines(): string[] {
  const lines = ['node_modules/', `/${CACHE_DIR}`];
  if (!DEFAULT_CACHE_LOCATION.startsWith(CACHE_DIR)) lines.push(`/${DEFAULT_CACHE_LOCATION}`);
  lines.push('/.calckit/*.lock', '/.calckit/*.tmp');
  return lines;
}

const usage = (message: string): never => {
  throw new CliExit(EXIT_USAGE, `calckit init: ${message}`);
};

/**
 * The "$schema" reference: a relative path to the schema shipped in the installed `@calckit/project` package. It
 * works offline, in every editor that follows relative `$schema` paths (VS Code does), and always matches the
 * installed version; a URL would need the network and could describe another version. When calckit is installed in
 * this folder or one above (a monorepo), the path leads there; otherwise it is where `npm install --save-dev calckit`
 * will put it.
 */
export function schemaReference(root: string): { ref: string; found: boolean } {
  for (let dir = root; ; dir = dirname(dir)) {
    const candidate = join(dir, SCHEMA_IN_PACKAGE);
    if (existsSync(candidate)) {
      const rel = relative(root, candidate).split(sep).join('/');
      return { ref: rel.startsWith('.') ? rel : `./${rel}`, found: true };
    }
    if (dirname(dir) === dir) break;
  }
  return { ref: `./${SCHEMA_IN_PACKAGE}`, found: false };
}

/** The `service` section from the flags, validated as the client would (bad URL, plain http to a remote host…). */
function serviceSection(options: InitOptions): Record<string, string> | null {
  const name = options.serviceName;
  if (name !== undefined && !isValidServiceName(name)) usage(`--service-name "${name}" must be letters and digits, starting with a letter`);
  if (options.baseUrl !== undefined && (options.instance !== undefined || options.domain !== undefined)) {
    usage('give either --base-url or --instance and --domain, not both');
  }
  if ((options.instance === undefined) !== (options.domain === undefined)) usage('--instance and --domain go together');
  if (options.baseUrl === undefined && options.instance === undefined) {
    if (name !== undefined) usage('--service-name needs the service address too: --base-url URL, or --instance I --domain D');
    return null;
  }
  if (options.instance !== undefined && !/^[A-Za-z0-9-]+$/.test(options.instance)) {
    usage(`--instance "${options.instance}" must be the tenant part of the host name (letters, digits, "-")`);
  }
  if (options.domain !== undefined && !/^[A-Za-z0-9.-]+(:\d+)?$/.test(options.domain)) usage(`--domain "${options.domain}" must be a host name such as "example.com"`);
  try {
    const resolved = resolveOptions(
      options.baseUrl !== undefined
        ? { baseUrl: options.baseUrl, serviceName: name ?? DEFAULT_SERVICE_NAME }
        : { instance: options.instance as string, domain: options.domain as string, serviceName: name ?? DEFAULT_SERVICE_NAME },
    );
    if (options.baseUrl !== undefined) {
      const url = new URL(options.baseUrl);
      if (url.search !== '' || url.hash !== '') usage(`--base-url "${options.baseUrl}" must not have a query or fragment`);
      return { name: name ?? DEFAULT_SERVICE_NAME, baseUrl: `${resolved.baseUrl.origin}${resolved.basePath}` };
    }
  } catch (error) {
    if (error instanceof ClientConfigError) usage(error.message);
    throw error;
  }
  return { name: name ?? DEFAULT_SERVICE_NAME, instance: options.instance as string, domain: options.domain as string };
}

export function runInit(directory: string | undefined, options: InitOptions, cwd = process.cwd()): InitResult {
  const root = resolve(cwd, directory ?? '.');
  if (existsSync(root) && !isDirectory(root)) usage(`${directory} is a file, not a folder`);
  const projectFile = join(root, PROJECT_FILE_NAME);
  if (existsSync(projectFile)) {
    throw new CliExit(EXIT_USAGE, `calckit init: ${projectFile} already exists; nothing was written (edit it, or remove it to start again)`);
  }
  const service = serviceSection(options);
  const schema = schemaReference(root);
  const enclosing = new ProjectIndex().projectFileIn(dirname(root));
  // The formulas folder must lie inside the project (after symbolic links) — checked before anything is written.
  const formulas = folderInsideProject(root, root, options.dir ?? DEFAULT_FORMULAS_DIR, '--dir', 'calckit init');
  if (formulas.rel === '') usage('--dir must name a folder inside the project, not the project folder itself');
  // .gitignore is appended to: it must not be a link out of the project (checked before anything is written).
  const gitignore = join(root, '.gitignore');
  if (existsSync(root)) {
    try {
      resolveInsideProject(root, gitignore, { operation: 'write', displayPath: relative(cwd, gitignore) || gitignore });
    } catch (error) {
      if (error instanceof FileAccessError) usage(`${error.message}; nothing was written`);
      throw error;
    }
  }

  const file: Record<string, unknown> = {
    $schema: schema.ref,
    ...(service !== null ? { service } : {}),
    datasets: {},
    calculations: {},
    lint: { rules: {} },
    state: DEFAULT_STATE_PATH,
  };
  const text = `${JSON.stringify(file, null, 2)}\n`;
  try {
    parseProject(text, projectFile); // what we write must load
  } catch (error) {
    if (error instanceof ProjectError) usage(error.message);
    throw error;
  }

  const created: string[] = [];
  mkdirSync(root, { recursive: true });
  writeExclusive(projectFile, text);
  created.push(PROJECT_FILE_NAME);
  if (!existsSync(formulas.abs)) {
    mkdirSync(formulas.abs, { recursive: true });
    created.push(`${formulas.rel}/`);
  }
  if (readdirSync(formulas.abs).length === 0) {
    writeFileSync(join(formulas.abs, '.gitkeep'), '');
    created.push(`${formulas.rel}/.gitkeep`);
  }
  const gitignoreAdded = appendGitignore(gitignore);
  if (gitignoreAdded.length > 0) created.push('.gitignore');

  return {
    root,
    projectFile,
    schema,
    service,
    formulasDir: formulas.rel,
    created,
    gitignoreAdded,
    enclosingProject: enclosing ?? null,
    nextSteps: nextSteps(service, formulas.rel, schema.found),
    exitCode: 0,
  };
}

/** Creates `path` with `text`, failing if it exists (even if created a moment ago by someone else): a temp file, then link(2). */
function writeExclusive(path: string, text: string): void {
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temp, text, { flag: 'wx' });
  try {
    linkSync(temp, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') usage(`${path} already exists; nothing was written`);
    throw error;
  } finally {
    rmSync(temp, { force: true });
  }
}

/** Appends the lines .gitignore lacks (an existing line with or without the leading or trailing "/" counts); returns them. */
export function appendGitignore(path: string): string[] {
  const existing = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const bare = (line: string): string => line.trim().replace(/^\//, '').replace(/\/$/, '');
  const have = new Set(existing.split(/\r?\n/).map(bare));
  const missing = gitignoreLines().filter((line) => !have.has(bare(line)));
  if (missing.length === 0) return [];
  const eol = existing.includes('\r\n') ? '\r\n' : '\n';
  const lead = existing === '' ? '' : existing.endsWith('\n') ? eol : `${eol}${eol}`;
  const block = ['# installed packages and calckit caches (keep .calckit/state.json: it is meant to be committed)', ...missing].join(eol);
  appendFileSync(path, `${lead}${block}${eol}`);
  return missing;
}

function nextSteps(service: Record<string, string> | null, dir: string, schemaFound: boolean): string[] {
  const steps: string[] = [];
  if (!schemaFound) steps.push('Install calckit in this folder so editors find the "$schema": npm install --save-dev calckit');
  if (service === null) {
    steps.push('Say where the service is: add "service": { "name": "…", "baseUrl": "https://…" } to calckit.json (or set CALCKIT_BASE_URL)');
  }
  steps.push('Give calckit your developer token: calckit login (in CI: the CALCKIT_DEVELOPER_TOKEN secret)');
  steps.push(`Bring in the calculations the service holds, with their datasets' column schemas: calckit import --dataset <dataset-id>${dir === DEFAULT_FORMULAS_DIR ? '' : ` --dir ${dir}`}`);
  steps.push('Check them: calckit lint');
  steps.push(`Commit calckit.json, .gitignore, ${dir}/ and .calckit/state.json (the push records: they tell a later push what came from here)`);
  steps.push('Then edit a formula and: calckit diff, calckit push');
  return steps;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

export function formatInit(result: InitResult): string {
  const lines = [`Created ${result.created.join(', ')} in ${result.root}`];
  if (result.service) {
    const address = result.service['baseUrl'] ?? `https://${result.service['instance']}.${result.service['domain']}`;
    lines.push(`Service: ${result.service['name']} at ${address}`);
  }
  if (result.enclosingProject) lines.push(`Note: ${result.enclosingProject} is the project of the folders above; this one takes over inside ${result.root}.`);
  lines.push('', 'Next steps:');
  result.nextSteps.forEach((step, i) => lines.push(`  ${i + 1}. ${step}`));
  return lines.join('\n');
}

export function register(program: Command): void {
  program
    .command('init')
    .description('start a formula repository: calckit.json, a formulas folder and .gitignore lines for caches')
    .argument('[directory]', 'the folder to set up (default: the current one; created when missing)')
    .option('--base-url <url>', "the service's base URL (https; http only for localhost)")
    .option('--instance <name>', 'tenant part of the host: https://<instance>.<domain>')
    .option('--domain <domain>', "the service's domain")
    .option('--service-name <name>', `the service's name (header and operator prefix), default ${DEFAULT_SERVICE_NAME}`)
    .option('--dir <folder>', 'where formula files go', DEFAULT_FORMULAS_DIR)
    .option('--json', 'print one JSON document on stdout instead of text')
    .action((directory: string | undefined, options: InitOptions) => {
      const result = runInit(directory, options);
      process.stdout.write(`${options.json ? JSON.stringify(result, null, 2) : formatInit(result)}\n`);
    });
}
