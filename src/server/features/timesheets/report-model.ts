// Plain data: it crosses to the render worker by structured cloning (no classes, no functions).
// Amounts stay integers (tenths, cents, basis points).

import { addDays } from '../../../shared/domain/dates.ts';
import type { DistanceUnit } from '../../../shared/domain/expenses.ts';
import { hasOvertime, noOvertime, type OvertimeRule } from '../../../shared/domain/overtime.ts';
import type { PayRules } from '../../../shared/domain/pay-engine.ts';
import {
  canonical,
  type RuleVersion,
  sameTax,
  sortVersions,
  taxByRegime,
  versionOn,
} from '../../../shared/domain/pay-rule-versions.ts';
import type { PremiumRule } from '../../../shared/domain/premiums.ts';
import { ruleSetOn as setOn } from '../../../shared/domain/rule-sets.ts';
import type { StoredExtraLine } from '../../../shared/domain/stored-lines.ts';
import { DEFAULT_DEPARTMENT } from '../../../shared/names.ts';
import type { brandColors } from '../../../shared/schemas/enums.ts';
import type { CsvFormat, Settings } from '../../../shared/schemas/settings.ts';

export type TaxCalculation = Settings['taxCalculation'];

export interface ReportRow {
  date: string;
  /** 'HH:MM', 24-hour. */
  startTime: string;
  endTime: string;
  breakMinutes: number;
  department: string | null;
  note: string | null;
  /** What the pay engine stored with the shift (db/pay-results.ts). */
  workedMinutes: number;
  /** Worked minutes after the employer's rounding: the time paid. */
  paidMinutes: number;
  /** Paid minutes as hours to 0.01 (exactly tenths × 10 when billing in tenths). */
  hundredths: number;
  /** Paid hours to 0.1, as the screens show them. */
  tenths: number;
  rateCents: number;
  /** The shift's whole pay: regular + premiums + overtime (pay_cents). */
  earningsCents: number;
  /** The regular lines (pay_base_cents); the whole pay less the extras when left out. */
  regularCents?: number;
  premiumCents?: number;
  overtimeCents?: number;
  /** The premium and overtime lines the pay engine stored with the shift (pay_lines). */
  lines?: StoredExtraLine[];
  /** Its expenses to be paid back (decision 042): mileage and an amount, never taxed. */
  expenses?: ReportExpense[];
}

/** One expense of a shift: mileage (distance × rate, to the cent) or an amount and its note. */
export interface ReportExpense {
  date: string;
  mileage?: { distanceTenths: number; rateThousandths: number; unit: DistanceUnit };
  note?: string | null;
  cents: number;
}

type Sums = Pick<ReportRow, 'paidMinutes' | 'hundredths' | 'tenths' | 'earningsCents'>;

export interface DepartmentTotal extends Sums {
  name: string;
  shifts: number;
}

export type ReportRules = Pick<PayRules, 'roundingStep' | 'roundingDirection' | 'precision'>;

/** The employer's rules over part of the sheet: one set, or one per change within its dates. */
export interface ReportRuleSet {
  /** The first and last day of the sheet it covers, 'YYYY-MM-DD'. */
  from: string;
  to: string;
  rules: ReportRules;
  taxCalculation: TaxCalculation;
  taxBasisPoints: number;
  /** The overtime rules and premiums of its dates; none when left out. */
  overtime?: OvertimeRule;
  premiums?: readonly PremiumRule[];
}

/**
 * One workweek (or 14-day period) of the sheet as the pay engine priced it, whole (its shifts
 * outside the sheet's dates included), with the figures that price its overtime.
 */
export interface ReportOvertimePeriod {
  kind: 'workweek' | 'period14';
  startDate: string;
  endDate: string;
  /** Paid minutes of the period, rounded for display. */
  paidMinutes: number;
  /** Straight-time pay of every paid minute, premiums included. */
  straightTimeCents: number;
  /** Straight time ÷ paid hours, to the cent (half up). */
  regularRateCentsPerHour: number;
  overtimeMinutes: { multiplierBp: number; minutes: number }[];
  overtimePremiumCents: number;
}

/** The tax of one method and rate on the gross of the rows it covers. */
export interface ReportTax {
  taxCalculation: TaxCalculation;
  taxBasisPoints: number;
  grossCents: number;
  taxCents: number;
}

export interface ReportModel {
  user: { name: string; email: string };
  employer: {
    name: string;
    contactEmail: string | null;
    phone: string | null;
    address: string | null;
    brandColor: (typeof brandColors)[number];
  };
  startDate: string;
  endDate: string;
  dueDate: string;
  /** The day it was made, in the user's time zone. */
  generatedOn: string;
  timeFormat: Settings['timeFormat'];
  currency: string;
  /**
   * The employer's rules the rows were paid and taxed under, printed in words beside them, in
   * date order and covering the sheet's dates; more than one when they changed within them.
   */
  ruleSets: ReportRuleSet[];
  /** The rules of the sheet's last day (what the timesheet list shows). */
  rules: ReportRules;
  taxCalculation: TaxCalculation;
  taxBasisPoints: number;
  includeNotes: boolean;
  includeSummary: boolean;
  /** Comma and decimal point if unset. */
  csvFormat?: CsvFormat;
  paperSize: 'A4' | 'LETTER';
  rows: ReportRow[];
  /** Per department, in order of first appearance; empty when no log names a department. */
  departments: DepartmentTotal[];
  /**
   * Whether the sheet states premiums and overtime (its rows have some, or its rules do): the
   * lines under the rows, the split of the gross and the rules in words.
   */
  extras: boolean;
  /**
   * The workweeks (14-day periods) overlapping the sheet, when it has overtime or overtime rules;
   * empty otherwise.
   */
  overtimePeriods: ReportOvertimePeriod[];
  /**
   * The overtime group whose employers' hours the periods count together (decision 040), with
   * its employers' names; absent or null for an employer alone.
   */
  overtimeGroup?: { name: string; employers: string[] } | null;
  totals: Sums & {
    shifts: number;
    /** The gross split: regularCents + premiumCents + overtimeCents = grossCents. */
    regularCents: number;
    premiumCents: number;
    overtimeCents: number;
    grossCents: number;
    taxCents: number;
    totalCents: number;
    /** One per method and rate among the rule sets, in their order; each on its own rows' gross. */
    taxes: ReportTax[];
    /** Expenses paid back (never taxed), and what is due with them: totalCents + expenseCents. */
    expenseCents: number;
    dueCents: number;
  };
  /** The rows' expenses in date order (empty: the sheet has none and says nothing of them). */
  expenses: ReportExpense[];
}

/** For a log without one: docs/product/screens.md#timesheet-reports. */
export { DEFAULT_DEPARTMENT };

export function departmentTotals(rows: readonly ReportRow[]): DepartmentTotal[] {
  if (!rows.some((row) => row.department)) return [];
  const byName = new Map<string, DepartmentTotal>();
  for (const row of rows) {
    const name = row.department || DEFAULT_DEPARTMENT;
    const entry = byName.get(name) ?? { name, shifts: 0, ...sumOf([]) };
    byName.set(name, { ...addRow(entry, row), name, shifts: entry.shifts + 1 });
  }
  return [...byName.values()];
}

export function paperSizeFor(timeZone: string): ReportModel['paperSize'] {
  return /^(America|US|Canada)\//.test(timeZone) ? 'LETTER' : 'A4';
}

export type ReportInput = Omit<
  ReportModel,
  | 'departments'
  | 'totals'
  | 'paperSize'
  | 'ruleSets'
  | 'rules'
  | 'taxCalculation'
  | 'taxBasisPoints'
  | 'extras'
  | 'overtimePeriods'
  | 'expenses'
> & {
  timeZone: string;
  overtimePeriods?: ReportOvertimePeriod[];
} & (
    | { ruleSets: ReportRuleSet[] }
    | Pick<ReportModel, 'rules' | 'taxCalculation' | 'taxBasisPoints'>
  );

const setOf = (from: string, to: string, version: RuleVersion): ReportRuleSet => ({
  from,
  to,
  rules: {
    roundingStep: version.roundingStep,
    roundingDirection: version.roundingDirection,
    precision: version.payPrecision,
  },
  taxCalculation: version.taxMethod,
  taxBasisPoints: version.taxBasisPoints,
  overtime: version.overtime ?? noOvertime,
  premiums: version.premiums ?? [],
});

/** Whether two sets state the same: everything but the rate, which the rows print. */
const sameStated = (a: ReportRuleSet, b: ReportRuleSet) =>
  a.rules.roundingStep === b.rules.roundingStep &&
  a.rules.roundingDirection === b.rules.roundingDirection &&
  a.rules.precision === b.rules.precision &&
  sameTax(
    { taxMethod: a.taxCalculation, taxBasisPoints: a.taxBasisPoints },
    { taxMethod: b.taxCalculation, taxBasisPoints: b.taxBasisPoints },
  ) &&
  canonical(a.overtime ?? noOvertime) === canonical(b.overtime ?? noOvertime) &&
  canonical(a.premiums ?? []) === canonical(b.premiums ?? []);

/**
 * The sets of an employer's rules over a sheet's dates, as the sheet states them: a new set
 * where a version starts within them, unless it changes only the rate (as rule-sets.ts, with the
 * overtime rules and premiums among what a sheet states).
 */
export function ruleSetsFor(
  versions: readonly RuleVersion[],
  range: { from: string; to: string },
): ReportRuleSet[] {
  const sorted = sortVersions(versions);
  const starts = [range.from];
  for (const v of sorted) {
    const from = v.effectiveFrom;
    if (from !== null && from > range.from && from <= range.to && !starts.includes(from)) {
      starts.push(from);
    }
  }
  const sets: ReportRuleSet[] = [];
  starts.forEach((from, i) => {
    const next = starts[i + 1];
    const to = next === undefined ? range.to : addDays(next, -1);
    const set = setOf(from, to, versionOn(from, sorted));
    const previous = sets.at(-1);
    if (previous && sameStated(previous, set)) previous.to = to;
    else sets.push(set);
  });
  return sets;
}

/** Whether any set of the sheet pays overtime. */
export const setsHaveOvertime = (sets: readonly ReportRuleSet[]) =>
  sets.some((set) => hasOvertime(set.overtime ?? noOvertime));

/** A row's split of its whole pay. */
export function splitOf(row: ReportRow) {
  const premiumCents = row.premiumCents ?? 0;
  const overtimeCents = row.overtimeCents ?? 0;
  return {
    regularCents: row.regularCents ?? row.earningsCents - premiumCents - overtimeCents,
    premiumCents,
    overtimeCents,
  };
}

/** The set of rules a row's date falls in. */
export function ruleSetOn(model: Pick<ReportModel, 'ruleSets'>, date: string): ReportRuleSet {
  return setOn(model.ruleSets, date);
}

const addRow = (sums: Sums, row: Sums): Sums => ({
  paidMinutes: sums.paidMinutes + row.paidMinutes,
  hundredths: sums.hundredths + row.hundredths,
  tenths: sums.tenths + row.tenths,
  earningsCents: sums.earningsCents + row.earningsCents,
});

function sumOf(rows: readonly Sums[]): Sums {
  const sums = rows.reduce(addRow, { paidMinutes: 0, hundredths: 0, tenths: 0, earningsCents: 0 });
  if (!Object.values(sums).every(Number.isSafeInteger)) {
    throw new RangeError('Totals exceed the safe integer range');
  }
  return sums;
}

/**
 * Totals are sums of the printed rows, and tax is taken once on the gross of each tax the rows
 * fall under, which is once on the whole gross unless the tax changed within the sheet
 * (docs/product/money.md#tax).
 */
export function buildReportModel({ timeZone, ...input }: ReportInput): ReportModel {
  const ruleSets =
    'ruleSets' in input
      ? input.ruleSets
      : [
          {
            from: input.startDate,
            to: input.endDate,
            rules: input.rules,
            taxCalculation: input.taxCalculation,
            taxBasisPoints: input.taxBasisPoints,
          },
        ];
  if (ruleSets.length === 0) throw new RangeError('A timesheet needs its employer’s rules');
  const last = ruleSets.at(-1)!;
  const sums = sumOf(input.rows);
  const model = { ruleSets };
  const tax = taxByRegime([
    // Every set takes part, so a sheet without rows still states its tax at 0.
    ...ruleSets.map((set) => ({
      taxMethod: set.taxCalculation,
      taxBasisPoints: set.taxBasisPoints,
      grossCents: 0,
    })),
    ...input.rows.map((row) => {
      const set = ruleSetOn(model, row.date);
      return {
        taxMethod: set.taxCalculation,
        taxBasisPoints: set.taxBasisPoints,
        grossCents: row.earningsCents,
      };
    }),
  ]);
  const { ruleSets: _, ...rest } = input as typeof input & { ruleSets?: unknown };
  const split = { regularCents: 0, premiumCents: 0, overtimeCents: 0 };
  for (const row of input.rows) {
    const own = splitOf(row);
    split.regularCents += own.regularCents;
    split.premiumCents += own.premiumCents;
    split.overtimeCents += own.overtimeCents;
  }
  if (!Object.values(split).every(Number.isSafeInteger)) {
    throw new RangeError('Totals exceed the safe integer range');
  }
  const rowsHaveExtras = input.rows.some(
    (row) => (row.lines?.length ?? 0) > 0 || splitOf(row).regularCents !== row.earningsCents,
  );
  const setsHaveExtras =
    setsHaveOvertime(ruleSets) || ruleSets.some((set) => (set.premiums?.length ?? 0) > 0);
  const withOvertime = setsHaveOvertime(ruleSets) || split.overtimeCents > 0;
  const expenses = input.rows.flatMap((row) => row.expenses ?? []);
  const expenseCents = expenses.reduce((n, e) => n + e.cents, 0);
  if (!Number.isSafeInteger(expenseCents + tax.totalCents)) {
    throw new RangeError('Totals exceed the safe integer range');
  }
  return {
    ...rest,
    extras: rowsHaveExtras || setsHaveExtras,
    overtimePeriods: withOvertime ? (input.overtimePeriods ?? []) : [],
    overtimeGroup: withOvertime ? (input.overtimeGroup ?? null) : null,
    ruleSets,
    rules: last.rules,
    taxCalculation: last.taxCalculation,
    taxBasisPoints: last.taxBasisPoints,
    paperSize: paperSizeFor(timeZone),
    departments: departmentTotals(input.rows),
    expenses,
    totals: {
      ...sums,
      ...split,
      shifts: input.rows.length,
      grossCents: tax.grossCents,
      taxCents: tax.taxCents,
      totalCents: tax.totalCents,
      taxes: tax.regimes.map((r) => ({
        taxCalculation: r.taxMethod,
        taxBasisPoints: r.taxBasisPoints,
        grossCents: r.grossCents,
        taxCents: r.taxCents,
      })),
      expenseCents,
      dueCents: tax.totalCents + expenseCents,
    },
  };
}
