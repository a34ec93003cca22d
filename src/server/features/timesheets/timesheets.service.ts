import { todayIn } from '../../../shared/domain/dates.ts';
import { formatMoneyString } from '../../../shared/domain/money.ts';
import {
  payCalendarOf,
  paydayOf,
  payPeriodDueDate,
  payPeriodOf,
} from '../../../shared/domain/pay-periods.ts';
import { formatHours } from '../../../shared/domain/rounding.ts';
import { displayName } from '../../../shared/names.ts';
import type {
  GenerateTimesheet,
  GenerateTimesheetResponse,
  UpcomingTimesheet,
} from '../../../shared/schemas/timesheets.ts';
import type { Db } from '../../db/open.ts';
import { ruleVersionsOf } from '../../db/pay-results.ts';
import { isForeignKeyViolation } from '../../db/pg-errors.ts';
import { transaction } from '../../db/transaction.ts';
import { notFound } from '../../errors.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { type Limit, type RateLimiter, takeTokenOr429 } from '../../lib/rate-limiter.ts';
import type { SessionUser } from '../auth/users.repository.ts';
import { getSettings } from '../settings/settings.repository.ts';
import { contentTypes, documentFileName } from './file-name.ts';
import type { DocumentRenderer } from './renderer.ts';
import { buildReportModel, type ReportModel, ruleSetsFor } from './report-model.ts';
import { reportPeriods, sheetGroup, sheetPay } from './report-overtime.ts';
import {
  activeEmployers,
  deleteTimesheet,
  downloadUrlOf,
  findDocument,
  findReportEmployer,
  findTimesheet,
  findTwinTimesheet,
  insertTimesheet,
  type NewTimesheet,
  type ReportEmployer,
  refreshTimesheet,
  reportRows,
  timesheetRanges,
} from './timesheets.repository.ts';

export interface TimesheetDeps {
  db: Db;
  limiter: RateLimiter;
  renderer: DocumentRenderer;
  now: () => Date;
}

/** Enough for anyone's month-end; too few to keep the render worker busy for others. */
export const GENERATE_LIMIT: Limit = { perMinute: 30, perHour: 300 };
const limitMessages = {
  minute: 'Too many reports generated in the last minute. Please wait a moment and try again.',
  hour: 'Too many reports generated in the last hour. Please try again later.',
};

const employerNotFound = () => notFound('Employer not found');
export const timesheetNotFound = () => notFound('Timesheet not found');

/** Kept whatever changes later: docs/product/money.md#snapshots. */
function snapshotOf(
  model: ReportModel,
  employer: ReportEmployer,
  body: GenerateTimesheet,
  fileName: string,
): NewTimesheet {
  return {
    employerId: employer.id,
    employerName: employer.name,
    startDate: model.startDate,
    endDate: model.endDate,
    dueDate: model.dueDate,
    status: 'generated',
    totalHours: formatHours(model.totals.tenths),
    totalEarnings: formatMoneyString(model.totals.grossCents),
    tax: formatMoneyString(model.totals.taxCents),
    totalDue: formatMoneyString(model.totals.dueCents),
    expenses: formatMoneyString(model.totals.expenseCents),
    taxCalculation: model.taxCalculation,
    roundingStep: model.rules.roundingStep,
    roundingDirection: model.rules.roundingDirection,
    payPrecision: model.rules.precision,
    currency: model.currency,
    shifts: model.totals.shifts,
    format: body.format,
    documentName: fileName,
    contentHash: contentHashOf(model, body.format),
  };
}

/** Leaves out the day of making: twin generations hash the same. */
const contentHashOf = (model: ReportModel, format: string) =>
  sha256Hex(JSON.stringify({ format, model: { ...model, generatedOn: null } }));

/** Rendered in the worker between two transactions, so no transaction waits on the renderer. */
export async function generateTimesheet(
  deps: TimesheetDeps,
  user: SessionUser,
  body: GenerateTimesheet,
): Promise<GenerateTimesheetResponse> {
  await takeTokenOr429(
    deps.limiter,
    `timesheets:generate:user:${user.id}`,
    GENERATE_LIMIT,
    limitMessages,
  );
  const range = { from: body.startDate, to: body.endDate };

  const { employer, settings, rows, versions, periods, overtimeGroup } = await transaction(
    deps.db,
    async (tx) => {
      const employer = await findReportEmployer(tx, user.id, body.employerId);
      if (!employer) throw employerNotFound();
      const settings = await getSettings(tx, user.id);
      const rows = await reportRows(tx, user.id, employer.id, range);
      const versions = (await ruleVersionsOf(tx, user.id, [employer.id])).get(employer.id) ?? [];
      // Whole workweeks around the sheet through the one engine, for its overtime summary.
      const pay = await sheetPay(tx, user.id, employer.id, versions, range);
      return {
        employer,
        settings,
        rows,
        versions,
        periods: reportPeriods(pay, range),
        overtimeGroup: sheetGroup(pay),
      };
    },
  );

  const dueDate = payPeriodDueDate(payPeriodOf(payCalendarOf(employer), body.endDate));
  const model = buildReportModel({
    user: { name: displayName(user), email: user.email },
    employer: {
      name: employer.name,
      contactEmail: employer.contactEmail,
      phone: employer.phone,
      address: employer.address,
      brandColor: employer.brandColor,
    },
    startDate: body.startDate,
    endDate: body.endDate,
    dueDate,
    generatedOn: todayIn(settings.timeZone, deps.now()),
    timeZone: settings.timeZone,
    timeFormat: settings.timeFormat,
    currency: settings.currency,
    // The employer's own rules of the sheet's dates (decisions 035, 036); the settings' ones
    // are for new employers.
    ruleSets: ruleSetsFor(versions, range),
    overtimePeriods: periods,
    overtimeGroup,
    includeNotes: body.includeNotes,
    includeSummary: settings.includeSummary,
    csvFormat: settings.csvFormat,
    rows,
  });
  const bytes = await deps.renderer.render(body.format, model);
  const fileName = documentFileName(employer.name, range, body.format);

  const document = {
    content: bytes,
    contentType: contentTypes[body.format],
    fileName,
    byteSize: bytes.length,
  };
  // The employer is locked first: one deleted during the render answers 404, and one deleted
  // just after cannot take the stored row away before it is read.
  const timesheet = await transaction(
    deps.db,
    async (tx) => {
      if (!(await findReportEmployer(tx, user.id, employer.id))) throw employerNotFound();
      const values = snapshotOf(model, employer, body, fileName);
      const twin = await findTwinTimesheet(tx, user.id, values);
      if (twin !== undefined) await refreshTimesheet(tx, user.id, twin, values, document);
      const id = twin ?? (await insertTimesheet(tx, user.id, values, document));
      const stored = await findTimesheet(tx, user.id, id);
      if (!stored) throw employerNotFound();
      return { stored, reused: twin !== undefined };
    },
    { userId: user.id },
  ).catch((error: unknown) => {
    if (isForeignKeyViolation(error, 'timesheets_employer_fk')) throw employerNotFound();
    throw error;
  });
  return {
    downloadUrl: downloadUrlOf(timesheet.stored.id),
    timesheet: timesheet.stored,
    reused: timesheet.reused,
  };
}

export async function removeTimesheet(db: Db, userId: number, id: number): Promise<void> {
  if (!(await deleteTimesheet(db, userId, id))) throw timesheetNotFound();
}

export async function timesheetDocument(db: Db, userId: number, id: number) {
  const document = await findDocument(db, userId, id);
  if (!document) throw timesheetNotFound();
  return document;
}

/** The pay period containing today (user's time zone) per active employer, soonest due first. */
export async function upcomingTimesheets(
  deps: Pick<TimesheetDeps, 'db' | 'now'>,
  userId: number,
): Promise<UpcomingTimesheet[]> {
  const [settings, employers] = await Promise.all([
    getSettings(deps.db, userId),
    activeEmployers(deps.db, userId),
  ]);
  if (employers.length === 0) return [];
  const today = todayIn(settings.timeZone, deps.now());
  const periods = employers.map((employer) => {
    const calendar = payCalendarOf(employer);
    const period = payPeriodOf(calendar, today);
    return {
      employer,
      period,
      dueDate: payPeriodDueDate(period),
      payday: paydayOf(calendar, period),
    };
  });
  const starts = periods.map((p) => p.period.from).sort();
  const ends = periods.map((p) => p.period.to).sort();
  const overlapping = { from: starts[0] ?? today, to: ends.at(-1) ?? today };
  const ranges = await timesheetRanges(
    deps.db,
    userId,
    employers.map((e) => e.id),
    overlapping,
  );
  return periods
    .map(({ employer, period, dueDate, payday }) => ({
      employerId: employer.id,
      employerName: employer.name,
      brandColor: employer.brandColor,
      schedule: employer.timesheetSchedule,
      startDate: period.from,
      endDate: period.to,
      dueDate,
      payday,
      generated: ranges.some(
        (r) => r.employerId === employer.id && r.startDate <= period.from && r.endDate >= period.to,
      ),
    }))
    .sort(
      (a, b) => a.dueDate.localeCompare(b.dueDate) || a.employerName.localeCompare(b.employerName),
    );
}
