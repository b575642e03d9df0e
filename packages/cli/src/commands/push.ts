// `calckit push [files...]`: pushes formula files to their calculations with the safe push protocol.
import type { Command } from 'commander';
import { openContext, requireDeveloperToken, withConnectionOptions, type ConnectionCliOptions } from '../service/context.js';
import { finish, stdoutEmit } from '../service/output.js';
import { pushFiles, type PushCommandResult } from '../service/push-files.js';
import { PushLintConfigError } from '../service/lint-seam.js';
import { CliExit, EXIT_USAGE } from '../exit.js';
import { detailLines, progressLine, summaryLine } from '../service/push-report.js';

interface PushCliOptions extends ConnectionCliOptions {
  readonly force?: boolean;
  readonly dryRun?: boolean;
  readonly strict?: boolean;
  readonly lock?: boolean;
  readonly skipLint?: boolean;
  readonly concurrency?: string;
}

export function register(program: Command): void {
  withConnectionOptions(
    program
      .command('push')
      .description('push formula files to their calculations: read, check for remote changes, unlock, update, lock again, verify')
      .argument('[files...]', 'formula files or directories (default: every calculation in calckit.json)')
      .option('--force', 'overwrite a remote change made since the last push')
      .option('--dry-run', 'read and check only; change nothing')
      .option('--strict', 'ask the service to refuse formulas with errors (update with strict=true)')
      .option('--lock', 'lock each calculation whose formula this push changes, even if it was not locked (unchanged ones are left as they are; a locked one is always locked again)')
      .option('--skip-lint', 'push even when the linter reports errors')
      .option('--concurrency <n>', 'calculations pushed at once (1-16)', '4'),
  ).action(async (files: string[], options: PushCliOptions) => {
    const emit = stdoutEmit(options.json ?? false);
    const concurrency = Number(options.concurrency ?? '4');
    if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 16) {
      throw new CliExit(EXIT_USAGE, `calckit push: --concurrency must be a whole number from 1 to 16, got "${options.concurrency}"`);
    }
    const context = openContext(options, true);
    requireDeveloperToken(context);
    let result: PushCommandResult;
    try {
      result = await pushFiles({
        project: context.project!, // openContext(…, true) exits when there is no project
        index: context.index,
        client: context.client,
        serviceName: context.settings.serviceName,
        paths: files,
        force: options.force ?? false,
        dryRun: options.dryRun ?? false,
        strict: options.strict ?? false,
        lockAfter: options.lock ?? false,
        skipLint: options.skipLint ?? false,
        concurrency,
        onResult: emit.json
          ? undefined
          : (r, done, total) => {
              process.stderr.write(`${progressLine(r, done, total)}\n`);
              if (options.verbose && !r.error) for (const s of r.steps) process.stderr.write(`    ${s.step}: ${s.detail}\n`);
              for (const line of detailLines(r)) process.stderr.write(`${line}\n`);
            },
      });
    } catch (error) {
      if (error instanceof PushLintConfigError) throw new CliExit(EXIT_USAGE, error.message);
      throw error;
    }
    finish(emit, result, () => summaryLine(result));
  });
}
