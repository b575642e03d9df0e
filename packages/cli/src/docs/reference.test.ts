// The reference a command's Commander definition gives: every part of an option and an argument shown, text made safe
// for Markdown, subcommands as sections of their parent with links to them.
import { Command, Option } from 'commander';
import { describe, expect, it } from 'vitest';
import { commandReference } from './reference.js';

function sample(): Command {
  const program = new Command('calckit');
  const report = program
    .command('report')
    .description('write a report of <things> for *.calc files')
    .argument('<mode>', 'how')
    .argument('[files...]', 'formula files', ['a.calc'])
    .addOption(new Option('-f, --format <name>', 'output format').choices(['text', 'json']).default('text'))
    .addOption(new Option('--token-file <path>', 'where the token is').env('CALCKIT_TOKEN_FILE'))
    .option('--color', 'force colour')
    .option('--no-color', 'no colour')
    .option('--no-cache', 'read every file again')
    .option('--limit <n>', 'at most n | all', '10')
    .addOption(new Option('--secret', 'not shown').hideHelp());
  report.addHelpText('after', '\nExamples:\n  calckit report a.calc');
  report.command('daily').description('the daily one, like --format text');
  return report;
}

describe('commandReference', () => {
  const text = commandReference(sample()).join('\n');

  it('gives the synopsis and the description', () => {
    expect(text).toContain('### calckit report\n\n```\ncalckit report [options] [command] <mode> [files...]\n```');
    expect(text).toContain('Write a report of \\<things\\> for \\*.calc files.');
  });

  it('lists the arguments, required and optional, with their defaults', () => {
    expect(text).toContain('| `<mode>` | How. |');
    expect(text).toContain('| `[files...]` | Formula files. Default: `["a.calc"]`. |');
  });

  it('lists every option with its choices, default, environment variable and negation; hidden ones are left out', () => {
    expect(text).toContain('| `-f, --format <name>` | Output format. One of `text`, `json`. | `text` |');
    expect(text).toContain('| `--token-file <path>` | Where the token is. Environment variable: `CALCKIT_TOKEN_FILE`. |  |');
    expect(text).toContain('| `--no-color` | No colour. Turns off `--color`. |  |');
    expect(text).toContain('| `--no-cache` | Read every file again. A negative flag: without it, the opposite is the default. |  |');
    expect(text).toContain('| `--limit <n>` | At most n \\| all. | `10` |');
    expect(text).not.toContain('--secret');
    expect(text).not.toContain('-h, --help');
  });

  it("shows what the command's --help adds below its options", () => {
    expect(text).toContain('From `calckit report --help`:\n\n```\nExamples:\n  calckit report a.calc\n```');
  });

  it('gives each subcommand a section one level down, linked from the parent', () => {
    expect(text).toContain('| [calckit report daily](#calckit-report-daily) | The daily one, like `--format` text. |');
    expect(text).toContain('\n#### calckit report daily\n');
  });
});
