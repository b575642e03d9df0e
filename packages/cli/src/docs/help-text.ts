// The text a command adds after its --help (Commander's addHelpText('after', …)), read without printing anything.
import type { EventEmitter } from 'node:events';
import type { Command } from 'commander';

/** What `command --help` prints below its option list, from the command's own addHelpText('after'); '' when none. */
export function helpTextAfter(command: Command): string {
  const written: string[] = [];
  // addHelpText registers a listener of the command's 'afterHelp' event (a Command is an EventEmitter, which
  // commander's typings leave out); emitting it alone writes only that text, and only here.
  (command as unknown as EventEmitter).emit('afterHelp', { error: false, write: (text: string) => written.push(text), command });
  return written.join('').trim();
}
