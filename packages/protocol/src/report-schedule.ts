// Report schedule (seed 2.4): the create request and its response.
import { z } from 'zod';

/** Frequencies the emulator accepts (WEEKLY is seen in the seed; the service's full set is not documented). */
export const KNOWN_FREQUENCIES = ['DAILY', 'WEEKLY'] as const;
/** Weekday abbreviations accepted in `daysToRun` (MON is seen in the seed). */
export const WEEKDAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const RecipientSchema = z.object({ type: z.string(), value: z.string() });
export type Recipient = z.infer<typeof RecipientSchema>;

export const ScheduleRequestSchema = z.object({
  frequency: z.string(),
  daysToRun: z.string().optional(),
  hourOfDay: z.number().int(),
  minOfHour: z.number().int(),
  timezone: z.string(),
  enabled: z.boolean().optional(),
  additionalRecipients: z.array(RecipientSchema).optional(),
});
export type ScheduleRequest = z.infer<typeof ScheduleRequestSchema>;

/**
 * Which fields are mandatory is not documented; calckit requires title, pageId, viewId and schedule (with
 * frequency, hourOfDay, minOfHour, timezone) and treats `attachmentInclude` (false), `enabled` (true),
 * `additionalRecipients` ([]) and `daysToRun` (required for WEEKLY only) as optional.
 */
export const ReportScheduleRequestSchema = z.object({
  title: z.string(),
  pageId: z.number().int(),
  viewId: z.number().int(),
  schedule: ScheduleRequestSchema,
  attachmentInclude: z.boolean().optional(),
});
export type ReportScheduleRequest = z.infer<typeof ReportScheduleRequestSchema>;

export const ScheduleResponseSchema = z.object({
  frequency: z.string(),
  daysToRun: z.string().nullable(),
  hourOfDay: z.number().int(),
  minOfHour: z.number().int(),
  enabled: z.boolean(),
  nextRunDate: z.number().int(),
});

export const ReportScheduleResponseSchema = z.object({
  id: z.number().int(),
  reportViewId: z.number().int(),
  pageId: z.number().int(),
  title: z.string(),
  viewName: z.string(),
  type: z.string(),
  ownerId: z.number().int(),
  embedViewId: z.number().int(),
  owner: z.boolean(),
  cardCount: z.number().int(),
  recipientCount: z.number().int(),
  cardId: z.number().int(),
  schedule: ScheduleResponseSchema,
});
export type ReportScheduleResponse = z.infer<typeof ReportScheduleResponseSchema>;
