// Create report schedule (4.5): validates the request, computes nextRunDate in the time zone, stores and answers.
import { checkWire, ReportScheduleRequestSchema, type ReportScheduleRequest, type ReportScheduleResponse } from '@calckit/protocol';
import { validationError } from '../api-error.js';
import type { EmulatorContext, OperationHandler } from '../context.js';
import { checkReportSchedule } from '../validation/report-schedule.js';
import { nextRunDate, type RunRule } from '../schedule/next-run.js';

export const createReportSchedule: OperationHandler = (ctx, req) => {
  const checked = checkWire(ReportScheduleRequestSchema, req.body);
  if (!checked.ok) throw validationError('request body is not a report schedule', checked.errors);
  const request = checked.value;
  const rules = checkReportSchedule(request);
  if (!rules.ok) throw validationError(`the schedule has ${rules.errors.length} problem${rules.errors.length === 1 ? '' : 's'}; nothing was stored`, rules.errors);
  return ctx.storage.write(() => storeSchedule(ctx, request, rules.rule));
};

function storeSchedule(ctx: EmulatorContext, request: ReportScheduleRequest, rule: RunRule): ReportScheduleResponse {
  const page = ctx.storage.getPage(request.pageId);
  const view = ctx.storage.getView(request.viewId);
  if (!page) throw validationError(`page ${request.pageId} does not exist`, [{ field: 'pageId', message: 'unknown page' }]);
  if (!view || view.pageId !== page.id) {
    throw validationError(`view ${request.viewId} is not a view of page ${page.id}`, [{ field: 'viewId', message: view ? `belongs to page ${view.pageId}` : 'unknown view' }]);
  }
  const now = ctx.clock();
  const s = request.schedule;
  const stored = ctx.storage.insertReportSchedule(request, now, (id): ReportScheduleResponse => ({
    id,
    reportViewId: view.id,
    pageId: page.id,
    title: request.title,
    viewName: view.name,
    type: view.type,
    ownerId: ctx.userId,
    embedViewId: view.embedViewId,
    owner: true,
    cardCount: page.cardCount,
    recipientCount: (s.additionalRecipients ?? []).length,
    cardId: view.cardId,
    schedule: {
      frequency: s.frequency,
      daysToRun: s.daysToRun ?? null,
      hourOfDay: s.hourOfDay,
      minOfHour: s.minOfHour,
      enabled: s.enabled ?? true,
      nextRunDate: nextRunDate(rule, now),
    },
  }));
  return stored.response;
}
