// `calckit rules`: the lint rules with their category, default severity, fixability and description.
import type { Command } from 'commander';
import type { Rule } from '@calckit/lint';

export function rulesTable(rules: readonly Rule[], json: boolean): string {
  if (json) {
    return `${JSON.stringify(
      rules.map((r) => ({
        id: r.meta.id,
        category: r.meta.category,
        default: r.meta.defaultSeverity,
        fixable: r.meta.fixable === 'code',
        suggestions: r.meta.hasSuggestions === true,
        requiresSchema: r.meta.requiresSchema === true,
        requiresProject: r.meta.requiresProject === true,
        options: Object.fromEntries(Object.entries(r.meta.options ?? {}).map(([k, s]) => [k, s.default])),
        description: r.meta.description,
      })),
      null,
      2,
    )}\n`;
  }
  const idWidth = Math.max(...rules.map((r) => r.meta.id.length));
  const lines = [`${'RULE'.padEnd(idWidth)}  CATEGORY    DEFAULT  FIX  DESCRIPTION`];
  for (const r of rules) {
    const fix = r.meta.fixable ? 'yes' : r.meta.hasSuggestions ? 'sug' : '';
    lines.push(`${r.meta.id.padEnd(idWidth)}  ${r.meta.category.padEnd(10)}  ${r.meta.defaultSeverity.padEnd(7)}  ${fix.padEnd(3)}  ${r.meta.description}`);
  }
  lines.push('', `${rules.length} rules. fix: yes = --fix repairs it, sug = editor suggestions. Docs: docs/rules/<rule>.md`);
  return `${lines.join('\n')}\n`;
}

export function register(program: Command): void {
  program
    .command('rules')
    .description('list the lint rules: category, default severity, whether --fix fixes them, description')
    .option('--json', 'print the rules as one JSON array (id, category, default, fixable, suggestions, options, description, …)')
    .action(async (flags: { json?: boolean }) => {
      const { RULES } = await import('@calckit/lint');
      process.stdout.write(rulesTable(RULES, flags.json === true));
    });
}
