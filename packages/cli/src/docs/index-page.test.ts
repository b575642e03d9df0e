// The index lists every command in a group; a command no group lists stops the generator, naming where to add it.
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { commandsIndex } from './index-page.js';
import { commandPages } from './pages.js';

describe('commandsIndex', () => {
  it('refuses a registered command that no group lists', () => {
    const program = new Command('calckit').description('tools');
    program.command('lint').description('check');
    program.command('brand-new').description('new');
    const pages = commandPages([{ names: ['lint'] }, { names: ['brand-new'] }]);
    expect(() => commandsIndex(program, pages)).toThrow(/no group of the commands index lists brand-new: add it to COMMAND_GROUPS/);
  });
});
