// Create report schedule over HTTP: response shape, nextRunDate in the time zone, validation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { ReportScheduleResponseSchema, reportSchedulesPath } from '@calckit/protocol';
import { startTestEmulator, type TestEmulator } from './helpers.js';

let emu: TestEmulator;
// A fixed clock: Friday 2026-03-27 12:00 UTC, two days before Europe/Paris moves to summer time.
const NOW = Date.UTC(2026, 2, 27, 12, 0, 0);
beforeAll(async () => {
  emu = await startTestEmulator({ clock: () => NOW });
});
afterAll(async () => {
  await emu.close();
});

const request = (schedule: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  title: 'Weekly sales',
  pageId: 10,
  viewId: 101,
  attachmentInclude: true,
  schedule: {
    frequency: 'WEEKLY', daysToRun: 'MON', hourOfDay: 9, minOfHour: 30, timezone: 'Europe/Paris', enabled: true,
    additionalRecipients: [{ type: 'EMAIL', value: 'ann@example.com' }, { type: 'EMAIL', value: 'bob@example.com' }],
    ...schedule,
  },
  ...extra,
});
const create = (body: unknown) => emu.call('POST', reportSchedulesPath(), body);

describe('create report schedule', () => {
  it('answers the seed shape: view and page fields from fixtures, recipients counted, no timezone', async () => {
    const r = await create(request());
    expect(r.status).toBe(200);
    expect(ReportScheduleResponseSchema.safeParse(r.body).success).toBe(true);
    expect(r.body).toMatchObject({
      reportViewId: 101, pageId: 10, title: 'Weekly sales', viewName: 'Regional', type: 'view', ownerId: 1, embedViewId: 55,
      owner: true, cardCount: 3, recipientCount: 2, cardId: 900,
      schedule: { frequency: 'WEEKLY', daysToRun: 'MON', hourOfDay: 9, minOfHour: 30, enabled: true },
    });
    expect(r.body.schedule).not.toHaveProperty('timezone');
    expect(r.body.schedule).not.toHaveProperty('additionalRecipients');
    const second = await create(request());
    expect(second.body.id).toBeGreaterThan(r.body.id);
  });
  it('computes nextRunDate in the time zone, across the DST change', async () => {
    const r = await create(request());
    // Monday 2026-03-30 09:30 in Paris is after the change (UTC+2): 07:30 UTC.
    expect(r.body.schedule.nextRunDate).toBe(Date.UTC(2026, 2, 30, 7, 30));
    const ny = await create(request({ timezone: 'America/New_York', daysToRun: 'FRI', hourOfDay: 7, minOfHour: 0 }));
    // Friday 07:00 New York (UTC-4 in late March) is 11:00 UTC, already past at 12:00 UTC: next Friday.
    expect(ny.body.schedule.nextRunDate).toBe(Date.UTC(2026, 3, 3, 11, 0));
    const daily = await create(request({ frequency: 'DAILY', daysToRun: undefined, hourOfDay: 23, minOfHour: 59, timezone: 'Asia/Tokyo' }));
    // 12:00 UTC is 21:00 in Tokyo: 23:59 the same day is still ahead.
    const expected = DateTime.fromObject({ year: 2026, month: 3, day: 27, hour: 23, minute: 59 }, { zone: 'Asia/Tokyo' }).toMillis();
    expect(daily.body.schedule.nextRunDate).toBe(expected);
    expect(daily.body.schedule.daysToRun).toBeNull();
  });
  it('defaults: enabled true, no recipients, no attachment', async () => {
    const body = request();
    const { enabled: _e, additionalRecipients: _a, ...schedule } = body.schedule;
    const r = await create({ title: 't', pageId: 20, viewId: 200, schedule });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ recipientCount: 0, viewName: 'Other view', cardCount: 0, schedule: { enabled: true } });
  });
  it('validates values, listing each problem', async () => {
    const r = await create(request({ frequency: 'HOURLY', daysToRun: 'MONDAY', hourOfDay: 24, minOfHour: -1, timezone: 'Mars/Olympus',
      additionalRecipients: [{ type: 'EMAIL', value: 'not-an-address' }, { type: 'SMS', value: '+331' }] }, { title: ' ' }));
    expect(r.status).toBe(400);
    expect(r.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'schedule.additionalRecipients.0.value', 'schedule.additionalRecipients.1.type', 'schedule.daysToRun', 'schedule.frequency',
      'schedule.hourOfDay', 'schedule.minOfHour', 'schedule.timezone', 'title',
    ]);
  });
  it('WEEKLY needs daysToRun; wrong types and missing fields are named', async () => {
    expect((await create(request({ daysToRun: undefined }))).body.errors[0].field).toBe('schedule.daysToRun');
    const types = await create(request({ hourOfDay: '9' }, { pageId: 'ten' }));
    expect(types.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['pageId', 'schedule.hourOfDay']);
    const { title: _t, ...untitled } = request();
    expect((await create(untitled)).body.errors[0]).toMatchObject({ field: 'title', message: expect.stringMatching(/required/) });
  });
  it('unknown page or a view of another page is refused, and nothing is stored', async () => {
    const page = await create(request({}, { pageId: 999 }));
    expect(page.status).toBe(400);
    expect(page.body.errors[0].field).toBe('pageId');
    const view = await create(request({}, { viewId: 200 }));
    expect(view.body.errors[0]).toMatchObject({ field: 'viewId', message: 'belongs to page 20' });
    const health = await emu.call('GET', '/__emulator/health');
    const before = health.body.counts.reportSchedules;
    await create(request({}, { viewId: 12345 }));
    expect((await emu.call('GET', '/__emulator/health')).body.counts.reportSchedules).toBe(before);
  });
  it('several days in daysToRun pick the nearest', async () => {
    const r = await create(request({ daysToRun: 'WED,SAT', timezone: 'UTC', hourOfDay: 8, minOfHour: 0 }));
    expect(r.body.schedule.nextRunDate).toBe(Date.UTC(2026, 2, 28, 8, 0));
  });
});
