// The command registry: one line per command file. Each file exports `register(program)`.
import type { Command } from 'commander';
import { register as analyze } from './analyze.js';
import { register as serve } from './serve.js';
import { register as push } from './push.js';
import { register as lock } from './lock.js';
import { register as pull } from './pull.js';
import { register as status } from './status.js';
import { register as schema } from './schema.js';
import { register as fn } from './fn.js';
import { register as schedule } from './schedule.js';
import { register as demo } from './demo.js';
import { register as format } from './format.js';
import { register as lint } from './lint.js';
import { register as rules } from './rules.js';

export const commands: ReadonlyArray<(program: Command) => void> = [analyze, serve, push, lock, pull, status, schema, fn, schedule, demo, format, lint, rules];
