import { todayIn } from '../../../shared/domain/dates.ts';
import type { TaxCalculation } from '../../../shared/domain/earnings.ts';
import {
  addDays,
  applyTax,
  type DashboardPeriod,
  type DateRange,
  dashboardPeriod,
  formatHours,
  formatMoneyString,
  trend,
} from '../../../shared/domain/index.ts';
import { hasOvertime, periodLength, periodStartOf } from '../../../shared/domain/overtime.ts';
import { overtimeOf } from '../../../shared/domain/pay-employer.ts';
import type {
  DashboardSeries,
  DashboardStats,
  OvertimeThisWeek,
} from '../../../shared/schemas/dashboard.ts';
import type { Db } from '../../db/open.ts';
import {
  holidayDatesOf,
  payAlongGroup,
  ruleVersionsOf,
  shiftsInScope,
} from '../../db/pay-results.ts';
import { getSettings } from '../settings/settings.repository.ts';
import { listWorkLogsJson } from '../work-logs/work-logs.repository.ts';
import {
  activeEmployerNames,
  countActiveEmployers,
  type EmployerPeriodTotals,
  employerNames,
  hoursByDay,
  periodTotals,
} from './dashboard.repository.ts';

/** The period in the user's own time zone: "this week" in Auckland is not this week in UTC. */
async function periodFor(db: Db, userId: number, period: DashboardPeriod, now: Date) {
  const settings = await getSettings(db, userId);
  return { settings, ...dashboardPeriod(period, settings.timeZone, now) };
}

function sum(rows: EmployerPeriodTotals[]) {
  return rows.reduce(
    (t, r) => ({
      shifts: t.shifts + r.shifts,
      tenths: t.tenths + r.tenths,
      cents: t.cents + r.cents,
      tipsCents: t.tipsCents + r.tipsCents,
      expenseCents: t.expenseCents + r.expenseCents,
    }),
    { shifts: 0, tenths: 0, cents: 0, tipsCents: 0, expenseCents: 0 },
  );
}

/** Tax once per employer on its gross for the period, never per row (docs/product/money.md#totals). */
export async function dashboardStats(
  db: Db,
  userId: number,
  period: DashboardPeriod,
  now: Date,
): Promise<DashboardStats> {
  const { settings, current, previous } = await periodFor(db, userId, period, now);
  const [rows, activeEmployers, overtime] = await Promise.all([
    periodTotals(db, userId, current, previous),
    countActiveEmployers(db, userId),
    overtimeThisWeek(db, userId, todayIn(settings.timeZone, now)),
  ]);
  const shown = sum(rows.filter((r) => r.current));
  const before = sum(rows.filter((r) => !r.current));
  let taxCents = 0;
  let dueCents = 0;
  const methods = new Set<TaxCalculation>();
  // Each employer's own method and rate on its own gross (a W-2 job deducts, a 1099 adds); an
  // employer whose tax changed within the period, each tax on the gross of its own shifts.
  for (const row of rows.filter((r) => r.current)) {
    const taxed = applyTax(row.cents, row.taxBasisPoints, row.taxMethod);
    taxCents += taxed.taxCents;
    dueCents += taxed.totalCents;
    methods.add(row.taxMethod);
  }
  const [only] = methods;
  const taxCalculation = methods.size > 1 ? 'mixed' : (only ?? settings.taxCalculation);
  return {
    period,
    from: current.from,
    to: current.to,
    weeklyHours: formatHours(shown.tenths),
    earnings: formatMoneyString(shown.cents),
    taxCalculation,
    tax: formatMoneyString(taxCents),
    // What the employers owe: the pay after tax and the expenses paid back with it.
    totalDue: formatMoneyString(dueCents + shown.expenseCents),
    tips: formatMoneyString(shown.tipsCents),
    expenses: formatMoneyString(shown.expenseCents),
    shifts: shown.shifts,
    activeEmployers,
    weeklyHoursTrend: trend(shown.tenths, before.tenths),
    weeklyEarningsTrend: trend(shown.cents, before.cents),
    overtimeThisWeek: overtime,
  };
}

/**
 * Each active employer with overtime rules: its workweek (or 14-day period) containing today,
 * priced by the one engine from its shifts of that period and a day on each side (a shift from
 * the evening before may run into it), its rule versions and holidays.
 */
export async function overtimeThisWeek(
  db: Db,
  userId: number,
  today: string,
): Promise<OvertimeThisWeek[]> {
  const employers = await activeEmployerNames(db, userId);
  if (employers.length === 0) return [];
  const versions = await ruleVersionsOf(
    db,
    userId,
    employers.map((e) => e.id),
  );
  const result: OvertimeThisWeek[] = [];
  const groupsSeen = new Set<number>();
  for (const employer of employers) {
    const own = versions.get(employer.id) ?? [];
    const rule = overtimeOf(today, own);
    if (!hasOvertime(rule)) continue;
    const startDate = periodStartOf(rule, today);
    const endDate = addDays(startDate, periodLength(rule) - 1);
    const range = { from: addDays(startDate, -1), to: addDays(endDate, 1) };
    const shifts =
      (await shiftsInScope(db, userId, { employerId: employer.id, ...range })).get(employer.id) ??
      [];
    const holidays = shifts.length > 0 ? await holidayDatesOf(db, userId, employer.id) : [];
    // An overtime group is one row: its week over all its employers' hours.
    const pay = await payAlongGroup(
      db,
      userId,
      employer.id,
      { shifts, versions: own, holidays },
      range,
    );
    if (pay.group) {
      if (groupsSeen.has(pay.group.id)) continue;
      groupsSeen.add(pay.group.id);
    }
    const period = pay.periods.find((p) => p.startDate === startDate);
    const threshold = rule.period14
      ? rule.period14.overMinutes
      : (rule.weekly?.overMinutes ?? null);
    const byMultiplier = (period?.overtimeMinutes ?? [])
      .filter((o) => o.minutes > 0)
      .map((o) => ({ multiplierBp: o.multiplierBp, minutes: o.minutes }));
    result.push({
      employerId: employer.id,
      name: pay.group ? pay.group.name : employer.name,
      group: pay.group ? { name: pay.group.name, employers: pay.group.employerNames } : null,
      brandColor: employer.brandColor,
      kind: rule.period14 ? 'period14' : 'workweek',
      startDate,
      endDate,
      paidMinutes: period?.paidMinutes ?? 0,
      overtimeMinutes: byMultiplier.reduce((n, o) => n + o.minutes, 0),
      byMultiplier,
      overtimePremiumCents: period?.overtimePremiumCents ?? 0,
      thresholdMinutes: period ? period.thresholdMinutes : threshold,
      minutesLeftBeforeThreshold: period ? period.minutesLeftBeforeThreshold : threshold,
    });
  }
  return result;
}

function daysOf(range: DateRange): string[] {
  const days: string[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) days.push(day);
  return days;
}

export async function dashboardSeries(
  db: Db,
  userId: number,
  period: DashboardPeriod,
  now: Date,
): Promise<DashboardSeries> {
  const { current } = await periodFor(db, userId, period, now);
  const [cells, names] = await Promise.all([
    hoursByDay(db, userId, current),
    employerNames(db, userId),
  ]);
  const perEmployer = new Map<number, { tenths: number; cents: number }>();
  const perDay = new Map<string, typeof cells>();
  for (const cell of cells) {
    const totals = perEmployer.get(cell.employerId) ?? { tenths: 0, cents: 0 };
    perEmployer.set(cell.employerId, {
      tenths: totals.tenths + cell.tenths,
      cents: totals.cents + cell.cents,
    });
    perDay.set(cell.date, [...(perDay.get(cell.date) ?? []), cell]);
  }
  return {
    period,
    from: current.from,
    to: current.to,
    employers: [...perEmployer].map(([id, t]) => ({
      id,
      name: names.get(id)?.name ?? '',
      brandColor: names.get(id)?.brandColor ?? 'blue',
      hours: formatHours(t.tenths),
      earnings: formatMoneyString(t.cents),
    })),
    days: daysOf(current).map((date) => {
      const worked = perDay.get(date) ?? [];
      return {
        date,
        hours: formatHours(worked.reduce((n, c) => n + c.tenths, 0)),
        byEmployer: worked.map((c) => ({ employerId: c.employerId, hours: formatHours(c.tenths) })),
      };
    }),
  };
}

/** docs/product/screens.md#limits-and-timings: the recent work logs limit is 7. */
const RECENT_LOGS = 7;

export function recentWorkLogsJson(db: Db, userId: number): Promise<string> {
  return listWorkLogsJson(db, userId, { limit: RECENT_LOGS });
}
