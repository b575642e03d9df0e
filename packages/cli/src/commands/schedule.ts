// `calckit schedule create`: creates a report schedule from flags, a JSON file, or both (flags win).
import { readFileSync } from 'node:fs';
import { checkWire, ReportScheduleRequestSchema, type ReportScheduleRequest } from '@calckit/protocol';
import type { ReportScheduleResponse } from '@calckit/client';
import type { Command } from 'commander';
import { CliExit, EXIT_USAGE } from '../exit.js';
import { openContext, withConnectionOptions, type ConnectionCliOptions, type ContextOverrides } from '../service/context.js';
import { failCall, finish, stdoutEmit } from '../service/output.js';

export interface ScheduleCliOptions extends ConnectionCliOptions {
  readonly file?: string;
  readonly title?: string;
  readonly page?: string;
  readonly view?: string;
  readonly frequency?: string;
  readonly day?: string;
  readonly hour?: string;
  readonly minute?: string;
  readonly timezone?: string;
  readonly recipient?: string[];
  readonly attachment?: boolean;
  readonly disabled?: boolean;
}

export interface ScheduleResult {
  readonly schedule: ReportScheduleResponse;
  readonly exitCode: number;
}

const int = (name: string, value: string | undefined): number | undefined => {
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) throw new CliExit(EXIT_USAGE, `calckit: --${name} must be a whole number, got "${value}"`);
  return Number(value);
};

/** The request from a file (optional) overlaid with flags; checked against the wire shape before sending. */
export function buildScheduleRequest(options: ScheduleCliOptions): ReportScheduleRequest {
  let base: Record<string, unknown> = {};
  if (options.file !== undefined) {
    try {
      base = JSON.parse(readFileSync(options.file, 'utf8')) as Record<string, unknown>;
    } catch (error) {
      throw new CliExit(EXIT_USAGE, `calckit: cannot read ${options.file}: ${(error as Error).message}`);
    }
    if (base === null || typeof base !== 'object' || Array.isArray(base)) throw new CliExit(EXIT_USAGE, `calckit: ${options.file} must hold a JSON object`);
  }
  const schedule = { ...((base['schedule'] as Record<string, unknown> | undefined) ?? {}) };
  const set = (target: Record<string, unknown>, key: string, value: unknown): void => {
    if (value !== undefined) target[key] = value;
  };
  set(schedule, 'frequency', options.frequency?.toUpperCase());
  set(schedule, 'daysToRun', options.day?.toUpperCase());
  set(schedule, 'hourOfDay', int('hour', options.hour));
  set(schedule, 'minOfHour', int('minute', options.minute));
  set(schedule, 'timezone', options.timezone);
  if (options.disabled) schedule['enabled'] = false;
  else if (schedule['enabled'] === undefined) schedule['enabled'] = true;
  if (options.recipient && options.recipient.length > 0) {
    schedule['additionalRecipients'] = options.recipient.map((value) => ({ type: 'EMAIL', value }));
  }
  const request: Record<string, unknown> = { ...base, schedule };
  set(request, 'title', options.title);
  set(request, 'pageId', int('page', options.page));
  set(request, 'viewId', int('view', options.view));
  if (options.attachment) request['attachmentInclude'] = true;
  else if (request['attachmentInclude'] === undefined) request['attachmentInclude'] = false;
  const checked = checkWire(ReportScheduleRequestSchema, request, 'schedule request');
  if (!checked.ok) {
    throw new CliExit(EXIT_USAGE, `calckit: the schedule request is incomplete:\n${checked.errors.map((e) => `  ${e.message}`).join('\n')}`);
  }
  return checked.value;
}

export async function runScheduleCreate(options: ScheduleCliOptions, overrides: ContextOverrides = {}): Promise<ScheduleResult> {
  const request = buildScheduleRequest(options);
  const context = openContext(options, false, overrides);
  return { schedule: await context.client.createReportSchedule(request), exitCode: 0 };
}

export function register(program: Command): void {
  const schedule = program.command('schedule').description('create report schedules in the service');
  const collect = (v: string, prev: string[] = []): string[] => [...prev, v];
  withConnectionOptions(
    schedule
      .command('create')
      .description('create a report schedule from flags, a JSON request file, or both (flags override its fields); the request is checked before it is sent')
      .option('--file <path>', 'JSON file with the request; flags override its fields')
      .option('--title <text>', "the report's title")
      .option('--page <id>', 'id of the page the report sends')
      .option('--view <id>', 'id of the view of that page the report sends')
      .option('--frequency <f>', 'DAILY or WEEKLY')
      .option('--day <d>', 'day to run for WEEKLY: MON..SUN')
      .option('--hour <h>', 'hour of day, 0-23')
      .option('--minute <m>', 'minute of hour, 0-59')
      .option('--timezone <tz>', 'IANA time zone, e.g. Europe/Paris')
      .option('--recipient <email>', 'e-mail recipient (repeatable)', collect)
      .option('--attachment', 'send the report with an attachment (attachmentInclude)')
      .option('--disabled', 'create the schedule disabled'),
  ).action(async (options: ScheduleCliOptions) => {
    const emit = stdoutEmit(options.json ?? false);
    let result: ScheduleResult;
    try {
      result = await runScheduleCreate(options);
    } catch (error) {
      failCall(emit, error);
    }
    finish(emit, result, () => {
      const s = result.schedule;
      return `created schedule #${s.id} "${s.title}" (${s.viewName}): ${s.schedule.frequency}${s.schedule.daysToRun ? ` ${s.schedule.daysToRun}` : ''} at ${String(s.schedule.hourOfDay).padStart(2, '0')}:${String(s.schedule.minOfHour).padStart(2, '0')}, ${s.recipientCount} recipient(s), next run ${new Date(s.schedule.nextRunDate).toISOString()}`;
    });
  });
}
