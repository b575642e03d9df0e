// The service's name on the command line: --service-name in every command, and --service, the deprecated alias that
// `analyze` and `serve` took before, still accepted there (shown as deprecated in --help).
import { Option, type Command } from 'commander';

export interface ServiceNameCliOptions {
  readonly serviceName?: string;
  /** The deprecated alias's value. */
  readonly service?: string;
}

/** Adds --service-name and its deprecated alias --service to a command that used to take --service. */
export function withServiceNameFlags(command: Command, description: string): Command {
  return command
    .option('--service-name <name>', description)
    .addOption(new Option('--service <name>', 'deprecated alias of --service-name'));
}

/** The name given on the command line, if any: --service-name, else the deprecated --service. */
export function serviceNameFlag(options: ServiceNameCliOptions): string | undefined {
  return options.serviceName ?? options.service;
}
