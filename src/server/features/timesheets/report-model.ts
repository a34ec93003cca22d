// Plain data: it crosses to the render worker by structured cloning (no classes, no functions).
// Amounts stay integers (tenths, cents, basis points).

import type { PayRules } from '../../../shared/domain/pay-engine.ts';
import { type RuleVersion, taxByRegime } from '../../../shared/domain/pay-rule-versions.ts';
import { ruleSetOn as setOn, ruleSetsFor as setsOver } from '../../../shared/domain/rule-sets.ts';
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
  earningsCents: number;
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
  totals: Sums & {
    shifts: number;
    grossCents: number;
    taxCents: number;
    totalCents: number;
    /** One per method and rate among the rule sets, in their order; each on its own rows' gross. */
    taxes: ReportTax[];
  };
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
> & {
  timeZone: string;
} & (
    | { ruleSets: ReportRuleSet[] }
    | Pick<ReportModel, 'rules' | 'taxCalculation' | 'taxBasisPoints'>
  );

/** The sets of an employer's rules over a sheet's dates, as the sheet states them. */
export function ruleSetsFor(
  versions: readonly RuleVersion[],
  range: { from: string; to: string },
): ReportRuleSet[] {
  return setsOver(versions, range).map(({ from, to, version }) => ({
    from,
    to,
    rules: {
      roundingStep: version.roundingStep,
      roundingDirection: version.roundingDirection,
      precision: version.payPrecision,
    },
    taxCalculation: version.taxMethod,
    taxBasisPoints: version.taxBasisPoints,
  }));
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
  return {
    ...rest,
    ruleSets,
    rules: last.rules,
    taxCalculation: last.taxCalculation,
    taxBasisPoints: last.taxBasisPoints,
    paperSize: paperSizeFor(timeZone),
    departments: departmentTotals(input.rows),
    totals: {
      ...sums,
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
    },
  };
}
