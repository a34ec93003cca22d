// The workweeks (14-day periods) of a timesheet, priced by the one pay engine over whole periods,
// so the sheet's overtime summary states the figures its stored lines were paid from.
import { addDays } from '../../../shared/domain/dates.ts';
import {
  hasOvertime,
  noOvertime,
  periodLength,
  periodStartOf,
} from '../../../shared/domain/overtime.ts';
import { type EmployerPay, overtimeOf } from '../../../shared/domain/pay-employer.ts';
import { canonical, type RuleVersion } from '../../../shared/domain/pay-rule-versions.ts';
import type { Executor } from '../../db/open.ts';
import { holidayDatesOf, payAlongGroup, shiftsInScope } from '../../db/pay-results.ts';
import type { ReportOvertimePeriod } from './report-model.ts';

type Range = { from: string; to: string };

/**
 * The dates whose shifts price the sheet's periods: from the first day of the period of its first
 * day to the last of the period of its last, with a whole period on each side (a shift from the
 * day before may run into a period, and the engine reads the weeks around as recomputePay does);
 * null when the employer's overtime rules changed over time (its shifts are read whole).
 */
export function pricedRange(versions: readonly RuleVersion[], range: Range): Range | null {
  const configs = new Set(versions.map((v) => canonical(v.overtime ?? noOvertime)));
  if (configs.size > 1) return null;
  const first = overtimeOf(range.from, versions);
  const last = overtimeOf(range.to, versions);
  const from = periodStartOf(first, range.from);
  const to = addDays(periodStartOf(last, range.to), periodLength(last) - 1);
  const margin = Math.max(periodLength(first), periodLength(last)) + 1;
  return { from: addDays(from, -margin), to: addDays(to, margin) };
}

/** The engine's pay of the shifts around the sheet (null: the employer has no overtime rules). */
export async function sheetPay(
  db: Executor,
  userId: number,
  employerId: number,
  versions: readonly RuleVersion[],
  range: Range,
): Promise<SheetPay | null> {
  if (!versions.some((v) => hasOvertime(v.overtime ?? noOvertime))) return null;
  const priced = pricedRange(versions, range);
  const scope = priced === null ? { employerIds: [employerId] } : { employerId, ...priced };
  const shifts = (await shiftsInScope(db, userId, scope)).get(employerId) ?? [];
  const holidays = await holidayDatesOf(db, userId, employerId);
  // At an employer of an overtime group, its periods count the other employers' hours too.
  return payAlongGroup(db, userId, employerId, { shifts, versions, holidays }, priced, 'stored');
}

type SheetPay = Awaited<ReturnType<typeof payAlongGroup>>;

/** The sheet's overtime group, as its summary names it. */
export const sheetGroup = (pay: SheetPay | null) =>
  pay?.group ? { name: pay.group.name, employers: pay.group.employerNames } : null;

/** The periods overlapping the sheet's dates, as plain numbers for the documents. */
export function reportPeriods(pay: EmployerPay | null, range: Range): ReportOvertimePeriod[] {
  if (!pay) return [];
  return pay.periods
    .filter((p) => p.startDate <= range.to && p.endDate >= range.from)
    .map((p) => ({
      kind: p.kind,
      startDate: p.startDate,
      endDate: p.endDate,
      paidMinutes: p.paidMinutes,
      straightTimeCents: p.straightTimeCents,
      regularRateCentsPerHour: p.regularRateCentsPerHour,
      overtimeMinutes: p.overtimeMinutes
        .filter((m) => m.minutes > 0)
        .map((m) => ({ multiplierBp: m.multiplierBp, minutes: m.minutes })),
      overtimePremiumCents: p.overtimePremiumCents,
    }));
}
