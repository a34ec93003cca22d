// One employer's shifts through everything that pays them: each shift under the version of its
// employer's rules of its date (rate, rounding, precision, tax, premiums), then overtime over its
// workweeks (each paid by the overtime rules of the day it starts), then tax once per tax regime.
// What every stored figure and screen reads.
import type { TaxAmounts } from './earnings.ts';
import {
  type ExtrasLines,
  extrasOn,
  noOvertime,
  type OvertimePeriod,
  type OvertimeRule,
  periodStartOf,
  type ShiftPayWithExtras,
} from './overtime.ts';
import {
  canonical,
  payByVersion,
  type RuleVersion,
  type ShiftTax,
  taxByRegime,
  versionOn,
} from './pay-rule-versions.ts';
import { holidayDays, type PremiumRule, type PremiumShift } from './premiums.ts';

export interface EmployerPay extends Omit<ExtrasLines, 'shifts' | 'totals' | 'periods'> {
  /** In the order given, each with the tax its whole pay falls under. */
  shifts: (ShiftPayWithExtras & ShiftTax)[];
  /** Workweeks (or 14-day periods) in time order, each with the overtime rules that paid it. */
  periods: (OvertimePeriod & { overtime: OvertimeRule })[];
  totals: ExtrasLines['totals'] & TaxAmounts & { regimes: (ShiftTax & TaxAmounts)[] };
}

const NO_PREMIUMS: readonly PremiumRule[] = [];

/**
 * The overtime rules that pay a shift's workweek: those in effect on the day the week starts (a
 * change from a date in the middle of a week applies from the next one).
 */
export function overtimeOf(date: string, versions: readonly RuleVersion[]): OvertimeRule {
  const own = versionOn(date, versions).overtime ?? noOvertime;
  return versionOn(periodStartOf(own, date), versions).overtime ?? noOvertime;
}

/** Throws PayError for an invalid shift (`input` mode), as the engine does. */
export function payEmployer(
  shifts: readonly PremiumShift[],
  versions: readonly RuleVersion[],
  holidays: Iterable<string> = [],
  mode: 'input' | 'stored' = 'stored',
): EmployerPay {
  const byId = new Map(payByVersion(shifts, versions, mode).map((s) => [s.id, s]));
  const holidayList = [...holidays];
  // Shifts whose weeks share overtime rules go through the overtime engine together.
  const groups = new Map<string, { overtime: OvertimeRule; indexes: number[] }>();
  shifts.forEach((shift, index) => {
    const overtime = overtimeOf(shift.date, versions);
    const key = canonical(overtime);
    const group = groups.get(key);
    if (group) group.indexes.push(index);
    else groups.set(key, { overtime, indexes: [index] });
  });
  const premiumsOf = (shift: PremiumShift) =>
    versionOn(shift.date, versions).premiums ?? NO_PREMIUMS;
  const rows = new Array<ShiftPayWithExtras & ShiftTax>(shifts.length);
  const periods: EmployerPay['periods'] = [];
  const totals = {
    shifts: 0,
    workedMinutes: 0,
    paidMinutes: 0,
    tenths: 0,
    regularCents: 0,
    premiumCents: 0,
    overtimeCents: 0,
  };
  for (const { overtime, indexes } of groups.values()) {
    const own = indexes.map((i) => shifts[i]!);
    const base = own.map((s) => byId.get(s.id)!);
    const lines = extrasOn(own, base, { overtime, premiums: premiumsOf }, holidayList, mode);
    lines.shifts.forEach((s, j) => {
      const b = base[j]!;
      rows[indexes[j]!] = { ...s, taxMethod: b.taxMethod, taxBasisPoints: b.taxBasisPoints };
    });
    for (const period of lines.periods) periods.push({ ...period, overtime });
    for (const key of Object.keys(totals) as (keyof typeof totals)[]) {
      totals[key] += lines.totals[key];
    }
  }
  periods.sort((a, b) => (a.startDate < b.startDate ? -1 : a.startDate > b.startDate ? 1 : 0));
  const tax = taxByRegime(rows.map((s) => ({ ...s, grossCents: s.totalPayCents })));
  return {
    shifts: rows,
    periods,
    totals: {
      ...totals,
      grossCents: tax.grossCents,
      taxCents: tax.taxCents,
      totalCents: tax.totalCents,
      regimes: tax.regimes,
    },
  };
}

/** One employer of an overtime group: its shifts, the versions of its rules, its holidays. */
export interface GroupMember {
  shifts: readonly PremiumShift[];
  versions: readonly RuleVersion[];
  holidays?: Iterable<string>;
}

export interface GroupPay {
  /** Each member's figures, in the order given; each member's `periods` are the group's. */
  members: EmployerPay[];
  periods: EmployerPay['periods'];
}

/**
 * Employers the user counts as one for overtime (several sites of one hospital system): each
 * shift is paid under its own employer's rules, premiums, holidays and tax, and overtime is
 * worked out over the group's hours together under the group's overtime rules, so a workweek's
 * regular rate is the straight-time pay at all of them over their paid hours. Shift ids must be
 * distinct across the members.
 */
export function payGroup(
  members: readonly GroupMember[],
  overtime: OvertimeRule,
  mode: 'input' | 'stored' = 'stored',
): GroupPay {
  const all: PremiumShift[] = [];
  const base: ReturnType<typeof payByVersion> = [];
  const memberOf = new Map<PremiumShift, number>();
  members.forEach((member, index) => {
    const byId = new Map(payByVersion(member.shifts, member.versions, mode).map((s) => [s.id, s]));
    for (const shift of member.shifts) {
      all.push(shift);
      base.push(byId.get(shift.id)!);
      memberOf.set(shift, index);
    }
  });
  const holidaySets = members.map((member) => holidayDays(member.holidays ?? []));
  const lines = extrasOn(
    all,
    base,
    {
      overtime,
      premiums: (shift) =>
        versionOn(shift.date, members[memberOf.get(shift)!]!.versions).premiums ?? NO_PREMIUMS,
    },
    (shift) => holidaySets[memberOf.get(shift)!]!,
    mode,
  );
  const periods = lines.periods.map((period) => ({ ...period, overtime }));
  const rowsOf = members.map(() => [] as EmployerPay['shifts']);
  lines.shifts.forEach((row, index) => {
    const b = base[index]!;
    rowsOf[memberOf.get(all[index]!)!]!.push({
      ...row,
      taxMethod: b.taxMethod,
      taxBasisPoints: b.taxBasisPoints,
    });
  });
  return {
    periods,
    members: rowsOf.map((rows) => {
      const totals = {
        shifts: 0,
        workedMinutes: 0,
        paidMinutes: 0,
        tenths: 0,
        regularCents: 0,
        premiumCents: 0,
        overtimeCents: 0,
      };
      for (const row of rows) {
        totals.shifts += 1;
        totals.workedMinutes += row.workedMinutes;
        totals.paidMinutes += row.paidMinutes;
        totals.tenths += row.tenths;
        totals.regularCents += row.payCents;
        totals.premiumCents += row.premiumCents;
        totals.overtimeCents += row.overtimeCents;
      }
      const tax = taxByRegime(rows.map((s) => ({ ...s, grossCents: s.totalPayCents })));
      return {
        shifts: rows,
        periods,
        totals: {
          ...totals,
          grossCents: tax.grossCents,
          taxCents: tax.taxCents,
          totalCents: tax.totalCents,
          regimes: tax.regimes,
        },
      };
    }),
  };
}
