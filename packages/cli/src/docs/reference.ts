// The generated reference of one command (and its subcommands) in Markdown, from its Commander definition alone:
// synopsis, description, arguments, options (flags, choices, default, environment variable, negation) and the text
// its --help adds below them. Pure: a Command in, lines out.
import { Help, type Argument, type Command, type Option } from 'commander';
import { helpTextAfter } from './help-text.js';
import { codeSpan, markdownTable, markdownText, sentence } from './markdown.js';

/** `calckit schema pull`: the command's name with its ancestors'. */
export function commandPath(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c !== null; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

/** The anchor GitHub gives the command's heading (its path: letters, digits and hyphens). */
export function commandAnchor(command: Command): string {
  return commandPath(command).toLowerCase().replace(/ /g, '-');
}

function argumentTerm(argument: Argument): string {
  const name = `${argument.name()}${argument.variadic ? '...' : ''}`;
  return argument.required ? `<${name}>` : `[${name}]`;
}

function shownDefault(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The option's long name without `--no-`: `--no-color` → `--color`. */
function positiveLong(option: Option): string | undefined {
  return option.long?.replace(/^--no-/, '--');
}

function optionDetails(option: Option, command: Command): string {
  const parts = [sentence(markdownText(option.description))];
  if (option.argChoices) parts.push(`One of ${option.argChoices.map(codeSpan).join(', ')}.`);
  if (option.negate) {
    const positive = positiveLong(option)!;
    const paired = command.options.some((other) => other !== option && other.long === positive);
    parts.push(paired ? `Turns off ${codeSpan(positive)}.` : 'A negative flag: without it, the opposite is the default.');
  }
  if (option.envVar) parts.push(`Environment variable: ${codeSpan(option.envVar)}.`);
  if (option.mandatory) parts.push('Required.');
  return parts.join(' ');
}

function optionDefault(option: Option): string {
  if (option.defaultValueDescription) return markdownText(option.defaultValueDescription);
  if (option.defaultValue === undefined || option.negate) return '';
  return codeSpan(shownDefault(option.defaultValue));
}

function argumentDetails(argument: Argument): string {
  const parts = [sentence(markdownText(argument.description))];
  if (argument.argChoices) parts.push(`One of ${argument.argChoices.map(codeSpan).join(', ')}.`);
  if (argument.defaultValue !== undefined) {
    parts.push(`Default: ${argument.defaultValueDescription ? markdownText(argument.defaultValueDescription) : codeSpan(shownDefault(argument.defaultValue))}.`);
  }
  return parts.join(' ');
}

/** The reference of one command: its heading, synopsis, description, arguments and options, then its subcommands'. */
export function commandReference(command: Command, headingLevel = 3): string[] {
  const path = commandPath(command);
  const lines = [`${'#'.repeat(headingLevel)} ${path}`, '', '```', `${path} ${command.usage()}`.trimEnd(), '```', ''];
  if (command.description()) lines.push(sentence(markdownText(command.description())), '');
  const args = command.registeredArguments;
  if (args.length > 0) {
    lines.push('**Arguments**', '', ...markdownTable(['Argument', 'Description'], args.map((a) => [codeSpan(argumentTerm(a)), argumentDetails(a)])), '');
  }
  const help = new Help();
  // Help's own choice of what to show, less what it adds itself (-h, --help and the `help` command).
  const options = help.visibleOptions(command).filter((o) => command.options.includes(o));
  if (options.length > 0) {
    lines.push(
      '**Options**',
      '',
      ...markdownTable(['Option', 'Description', 'Default'], options.map((o) => [codeSpan(o.flags), optionDetails(o, command), optionDefault(o)])),
      '',
    );
  }
  const subcommands = help.visibleCommands(command).filter((c) => command.commands.includes(c));
  if (subcommands.length > 0) {
    lines.push(
      '**Subcommands**',
      '',
      ...markdownTable(['Command', 'Description'], subcommands.map((c) => [`[${commandPath(c)}](#${commandAnchor(c)})`, sentence(markdownText(c.summary() || c.description()))])),
      '',
    );
  }
  const after = helpTextAfter(command);
  if (after !== '') lines.push(`From \`${path} --help\`:`, '', '```', after, '```', '');
  for (const sub of subcommands) lines.push(...commandReference(sub, headingLevel + 1));
  return lines;
}
