// Rules for a report schedule request (4.5) beyond its wire types: values, time zone, recipients.
import { IANAZone } from 'luxon';
import { KNOWN_FREQUENCIES, WEEKDAYS, type FieldError, type ReportScheduleRequest, type Weekday } from '@calckit/protocol';
import type { RunRule } from '../schedule/next-run.js';

const MAX_TITLE = 255;
const MAX_RECIPIENTS = 100;
/** Deliberately simple: one @, no spaces, a dot in the domain. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const RECIPIENT_TYPES = ['EMAIL'] as const;

/** Parses `MON` or `MON,WED,FRI` (case-sensitive, as seen in the seed). */
function parseDays(text: string): Weekday[] | undefined {
  const parts = text.split(',').map((p) => p.trim());
  if (parts.some((p) => !(WEEKDAYS as readonly string[]).includes(p))) return undefined;
  return [...new Set(parts as Weekday[])];
}

/** Checks the request; on success returns the rule that computes `nextRunDate`. */
export function checkReportSchedule(r: ReportScheduleRequest): { ok: true; rule: RunRule } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const s = r.schedule;
  if (r.title.trim() === '') errors.push({ field: 'title', message: 'title must not be empty' });
  if (r.title.length > MAX_TITLE) errors.push({ field: 'title', message: `title longer than ${MAX_TITLE} characters` });
  if (!(KNOWN_FREQUENCIES as readonly string[]).includes(s.frequency)) {
    errors.push({ field: 'schedule.frequency', message: `frequency must be one of ${KNOWN_FREQUENCIES.join(', ')}` });
  }
  let days: Weekday[] = [];
  if (s.daysToRun === undefined || s.daysToRun === '') {
    if (s.frequency === 'WEEKLY') errors.push({ field: 'schedule.daysToRun', message: 'daysToRun is required for WEEKLY (e.g. MON or MON,THU)' });
  } else {
    const parsed = parseDays(s.daysToRun);
    if (parsed) days = parsed;
    else errors.push({ field: 'schedule.daysToRun', message: `daysToRun must be weekdays among ${WEEKDAYS.join(', ')}, comma-separated` });
  }
  if (s.hourOfDay < 0 || s.hourOfDay > 23) errors.push({ field: 'schedule.hourOfDay', message: 'hourOfDay must be 0 to 23' });
  if (s.minOfHour < 0 || s.minOfHour > 59) errors.push({ field: 'schedule.minOfHour', message: 'minOfHour must be 0 to 59' });
  if (!IANAZone.isValidZone(s.timezone)) {
    errors.push({ field: 'schedule.timezone', message: `unknown time zone ${JSON.stringify(s.timezone)} (an IANA name such as Europe/Paris)` });
  }
  const recipients = s.additionalRecipients ?? [];
  if (recipients.length > MAX_RECIPIENTS) errors.push({ field: 'schedule.additionalRecipients', message: `at most ${MAX_RECIPIENTS} recipients` });
  recipients.forEach((rec, i) => {
    if (!(RECIPIENT_TYPES as readonly string[]).includes(rec.type)) {
      errors.push({ field: `schedule.additionalRecipients.${i}.type`, message: `recipient type must be one of ${RECIPIENT_TYPES.join(', ')}` });
    } else if (!EMAIL.test(rec.value)) {
      errors.push({ field: `schedule.additionalRecipients.${i}.value`, message: `not an e-mail address: ${JSON.stringify(rec.value.slice(0, 80))}` });
    }
  });
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, rule: { days, hour: s.hourOfDay, minute: s.minOfHour, timezone: s.timezone } };
}
