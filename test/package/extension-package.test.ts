// The VS Code extension as the Marketplace and Open VSX take it: its manifest passes the stores' own checks (vsce's
// validation functions, ovsx's licence check), and `vsce package` with the package script's options writes a .vsix
// whose extension.vsixmanifest names the publisher, the repository, the licence and the icon.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from './helpers.js';

const require = createRequire(import.meta.url);
const vscePackage = require('@vscode/vsce/out/package.js') as { validateManifestForPackaging(manifest: unknown): unknown };
const vsceValidation = require('@vscode/vsce/out/validation.js') as { validatePublisher(p: unknown): string; validateExtensionName(n: unknown): string; validateVersion(v: unknown): string };
const ovsx = require('ovsx') as { isLicenseOk(packagePath: string, manifest?: unknown): Promise<boolean> };
const yauzl = require('yauzl') as {
  open(path: string, options: { lazyEntries: boolean }, callback: (error: Error | null, zip: YauzlZip) => void): void;
};
interface YauzlZip {
  readEntry(): void;
  close(): void;
  on(event: 'entry', listener: (entry: { fileName: string }) => void): void;
  on(event: 'end' | 'error', listener: (error?: Error) => void): void;
  openReadStream(entry: { fileName: string }, callback: (error: Error | null, stream: NodeJS.ReadableStream) => void): void;
}

interface ExtensionManifest {
  name: string;
  publisher: string;
  version: string;
  license: string;
  icon: string;
  homepage: string;
  qna: string;
  bugs: { url: string };
  repository: { type: string; url: string; directory: string };
  galleryBanner: { color: string; theme: string };
  categories: string[];
  keywords: string[];
  engines: { vscode: string };
  scripts: { package: string };
}

const EXTENSION = join(ROOT, 'extension');
const manifest = JSON.parse(readFileSync(join(EXTENSION, 'package.json'), 'utf8')) as ExtensionManifest;
const rootRepository = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { repository: { url: string } }).repository.url;
const repositoryWeb = rootRepository.replace(/^git\+/, '').replace(/\.git$/, '');
// The file test/e2e installs into code-server and the release workflow attaches and publishes.
const VSIX = 'dist/calckit.vsix';
const temporaryDirs: string[] = [];

afterAll(() => {
  for (const dir of temporaryDirs) rmSync(dir, { recursive: true, force: true });
});

/** The text of one file inside a zip archive. */
function readZipEntry(archive: string, fileName: string): Promise<string> {
  return new Promise((resolve, reject) => {
    yauzl.open(archive, { lazyEntries: true }, (openError, zip) => {
      if (openError) return reject(openError);
      zip.on('error', reject);
      zip.on('end', () => reject(new Error(`${fileName} is not in ${archive}`)));
      zip.on('entry', (entry) => {
        if (entry.fileName !== fileName) return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            zip.close();
            resolve(Buffer.concat(chunks).toString('utf8'));
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** The package script's `vsce package` arguments, with the output path replaced. */
function vsceArguments(out: string): string[] {
  const command = manifest.scripts.package.split('&&').map((part) => part.trim()).find((part) => part.startsWith('vsce package'));
  if (!command) throw new Error('the extension\'s package script runs no `vsce package`');
  const args = command.split(/\s+/).slice(1);
  const output = args.indexOf('-o');
  args.splice(output, 2, '-o', out);
  return args;
}

describe('the extension for the Marketplace and Open VSX', () => {
  it('passes vsce\'s manifest validation and names publisher, repository, licence, icon and gallery', () => {
    expect(() => vscePackage.validateManifestForPackaging(manifest)).not.toThrow();
    expect(vsceValidation.validatePublisher(manifest.publisher)).toBe('calckit');
    vsceValidation.validateExtensionName(manifest.name);
    vsceValidation.validateVersion(manifest.version);
    expect(manifest.license).toBe('MIT');
    expect(manifest.repository).toEqual({ type: 'git', url: rootRepository, directory: 'extension' });
    expect(manifest.bugs.url).toBe(`${repositoryWeb}/issues`);
    expect(manifest.homepage).toBe(`${repositoryWeb}/tree/main/extension#readme`);
    expect(manifest.qna).toMatch(new RegExp(`^${repositoryWeb}/`));
    expect(manifest.galleryBanner.theme).toMatch(/^(dark|light)$/);
    expect(manifest.galleryBanner.color).toMatch(/^#[0-9A-Fa-f]{6}$/);
    expect(manifest.categories.length).toBeGreaterThan(0);
    expect(manifest.keywords.length).toBeGreaterThan(0);
    // The Marketplace wants a PNG icon of at least 128×128 pixels (vsce refuses SVG).
    const icon = readFileSync(join(EXTENSION, manifest.icon));
    expect(icon.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(Math.min(icon.readUInt32BE(16), icon.readUInt32BE(20))).toBeGreaterThanOrEqual(128);
  });

  it('has a licence Open VSX accepts, and the package script no longer skips the licence or the repository', async () => {
    expect(await ovsx.isLicenseOk(EXTENSION, manifest)).toBe(true);
    expect(readFileSync(join(EXTENSION, 'LICENSE'), 'utf8')).toBe(readFileSync(join(ROOT, 'LICENSE'), 'utf8'));
    expect(manifest.scripts.package).not.toMatch(/--allow-missing-repository|--skip-license|--allow-star-activation/);
    expect(manifest.scripts.package).toMatch(new RegExp(` -o ${VSIX.replace('.', '\\.')}$`));
    // vsce turns README links into links on GitHub from the repository's root; the extension's README is one level down.
    expect(vsceArguments('x')).toEqual(expect.arrayContaining(['--baseContentUrl', `${repositoryWeb}/blob/HEAD/extension`, '--baseImagesUrl', `${repositoryWeb}/raw/HEAD/extension`]));
  });

  it('vsce package writes a .vsix whose extension.vsixmanifest has the identity, links, licence and icon', { timeout: 120_000 }, async () => {
    if (!existsSync(join(EXTENSION, 'dist', 'extension.js'))) throw new Error('extension/dist/extension.js is missing: run `npm run build` first');
    const out = join(mkdtempSync(join(tmpdir(), 'calckit-vsix-')), 'calckit.vsix');
    temporaryDirs.push(join(out, '..'));
    const vsce = join(ROOT, 'node_modules', '@vscode', 'vsce', 'vsce');
    // stdin closed: a licence or repository warning that asks "Do you want to continue?" fails instead of waiting.
    const result = spawnSync(process.execPath, [vsce, ...vsceArguments(out)], { cwd: EXTENSION, encoding: 'utf8', input: '', timeout: 100_000 });
    expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/WARNING|not found/);
    const vsixManifest = await readZipEntry(out, 'extension.vsixmanifest');
    expect(vsixManifest).toContain(`<Identity Language="en-US" Id="${manifest.name}" Version="${manifest.version}" Publisher="${manifest.publisher}" />`);
    expect(vsixManifest).toContain(`<Property Id="Microsoft.VisualStudio.Services.Links.Source" Value="${rootRepository.replace(/^git\+/, '')}" />`);
    expect(vsixManifest).toContain('<License>extension/LICENSE.txt</License>');
    expect(vsixManifest).toContain(`<Icon>extension/${manifest.icon}</Icon>`);
    expect(vsixManifest).toContain('Microsoft.VisualStudio.Services.Content.Changelog');
    const readme = await readZipEntry(out, 'extension/readme.md');
    expect(readme).not.toMatch(/\]\((?!https?:|#|mailto:)/);
  });
});
