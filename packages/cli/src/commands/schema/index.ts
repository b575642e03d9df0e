// `calckit schema …`: one file per subcommand; this module makes the `schema` command and lets each add itself.
import type { Command } from 'commander';
import { register as registerDiff } from './diff.js';
import { register as registerImpact } from './impact.js';
import { register as registerPull } from './pull.js';
import { register as registerPush } from './push.js';
import { register as registerRename } from './rename.js';

export function register(program: Command): void {
  const schema = program.command('schema').description("datasets' column schemas: push them to the service, pull them from it, diff them against it, see what a change breaks, rename a column");
  registerPush(schema);
  registerPull(schema);
  registerDiff(schema);
  registerImpact(schema);
  registerRename(schema);
}
