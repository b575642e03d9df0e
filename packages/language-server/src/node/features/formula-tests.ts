// Formula tests in the editor: textDocument/codeLens (on a formula with tests, "▶ Run N tests" at the top, or its last
// fresh result; on a test file, one lens per case) and workspace/executeCommand `calckit.runTests` (runs the tests of a
// formula or test file, publishes failures and invalid test files as diagnostics on the test file). Test and formula
// documents run again on change, and on changes of their data files on disk (the server's file watcher).
import { fileURLToPath } from 'node:url';
import type { CodeLens } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { diffSummary } from '@calckit/evaluate';
import { isTestFile, loadTestFile } from '@calckit/project';
import type { Feature, ServerContext } from '../../context.js';
import { guard, guardVoid } from '../../guard.js';
import { RUN_TESTS_COMMAND, testRunsOf, type TestSummary } from './test-runs.js';
import { testValues } from '../test-values.js';

const pathOf = (uri: string): string | undefined => (uri.startsWith('file:') ? fileURLToPath(uri) : undefined);
const TOP = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

function formulaLenses(ctx: ServerContext, uri: string, path: string): CodeLens[] {
  const status = testRunsOf(ctx).formulaStatus(path);
  if (!status) return [];
  const command = (title: string) => ({ range: TOP, command: { title, command: RUN_TESTS_COMMAND, arguments: [uri] } });
  const c = status.counts;
  if (!c) return [command(status.broken > 0 && status.total === 0 ? '⚠ Invalid test file: run to see why' : `▶ Run ${plural(status.total, 'test')}`)];
  const failed = c.failed + c.invalid;
  if (status.broken > 0) return [command(`⚠ ${plural(status.broken, 'test file')} cannot run${c.passed + failed > 0 ? `; ${c.passed} passed, ${failed} failed` : ''}`)];
  const skipped = c.skipped > 0 ? `, ${c.skipped} skipped` : '';
  return [command(failed > 0 ? `✗ ${failed} of ${status.total} failed${skipped}` : `✓ ${plural(c.passed, 'test')} passed${skipped}`)];
}

function testFileLenses(ctx: ServerContext, uri: string, path: string): CodeLens[] {
  const open = ctx.documents.textOf(uri);
  const runs = testRunsOf(ctx);
  const run = runs.fresh(path);
  const loaded = run?.loaded ?? loadTestFile(path, open ? { text: open.getText() } : {});
  if (!loaded.ok) return [];
  const doc = open ?? TextDocument.create(uri, 'json', 0, loaded.text);
  return loaded.places.map((place, i): CodeLens => {
    const result = run?.cases[i];
    let title: string;
    if (!result) title = '▶ Run test';
    else if (result.status === 'passed') title = '✓ passed';
    else if (result.status === 'skipped') title = '○ skipped';
    else if (result.status === 'invalid') title = '⚠ not run: its data cannot be read';
    else if (result.mismatch !== undefined) title = `✗ failed: ${result.mismatch}`;
    else if (result.error) title = `✗ failed: ${result.error.message}`;
    else title = result.comparison ? `✗ failed: ${diffSummary(result.comparison)}` : '✗ failed';
    const at = doc.positionAt(place.start);
    return { range: { start: at, end: at }, command: { title, command: RUN_TESTS_COMMAND, arguments: [uri] } };
  });
}

export const formulaTests: Feature = {
  capabilities: () => ({ codeLensProvider: { resolveProvider: false }, executeCommandProvider: { commands: [RUN_TESTS_COMMAND] } }),
  register(ctx) {
    const runs = testRunsOf(ctx);
    // The hover of a formula with tests shows the first case's values.
    ctx.hoverAdditions.push((uri, doc) => testValues(ctx, uri, doc));
    ctx.connection.onCodeLens(
      guard(ctx.log, 'textDocument/codeLens', [] as CodeLens[], (params) => {
        const uri = params.textDocument.uri;
        const path = pathOf(uri);
        if (!path) return [];
        return isTestFile(path) ? testFileLenses(ctx, uri, path) : formulaLenses(ctx, uri, path);
      }),
    );
    const none: TestSummary = { files: 0, passed: 0, failed: 0, skipped: 0, invalid: 0, brokenFiles: 0 };
    ctx.connection.onExecuteCommand(
      guard(ctx.log, 'workspace/executeCommand', none as TestSummary | null, async (params) => {
        if (params.command !== RUN_TESTS_COMMAND) return null;
        const uris = (params.arguments ?? []).filter((a): a is string => typeof a === 'string');
        // Without an argument (a command palette without an editor): every open formula and test file.
        const targets = (uris.length > 0 ? uris : ctx.documents.uris()).flatMap((u) => {
          const p = pathOf(u);
          return p ? [p] : [];
        });
        const summary = await runs.runAll(targets);
        const total = summary.passed + summary.failed + summary.skipped + summary.invalid;
        ctx.log.info(
          summary.files === 0
            ? `calckit.runTests: no test files for ${uris.join(', ') || 'the open documents'}`
            : `calckit.runTests: ${plural(summary.files, 'test file')}, ${total} cases: ${summary.passed} passed, ${summary.failed} failed, ${summary.invalid} not run, ${summary.skipped} skipped${summary.brokenFiles > 0 ? `; ${plural(summary.brokenFiles, 'file')} could not run` : ''}`,
        );
        return summary;
      }),
    );
    const changed = guardVoid(ctx.log, 'formula tests', (e: { document: { uri: string } }) => runs.documentChanged(e.document.uri));
    ctx.documents.synced.onDidChangeContent(changed);
    ctx.documents.synced.onDidClose(changed);
    ctx.onWatchedFiles(guardVoid(ctx.log, 'formula tests (files changed)', (paths: readonly string[]) => runs.filesChanged(paths)));
  },
};
