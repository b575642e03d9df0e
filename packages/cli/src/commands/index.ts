// The command registry: one line per command file. Each file exports `register(program)`.
import type { Command } from 'commander';
import { register as analyze } from './analyze.js';

export const commands: ReadonlyArray<(program: Command) => void> = [analyze];
