// Plain data: it crosses to the render worker by structured cloning (no classes, no functions).
// Amounts stay integers (tenths, cents, basis points).
import { applyTax } from '../../../shared/domain/earnings.ts';
import type { PayRules } from '../../../shared/domain/pay-engine.ts';
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
  /** The employer's rules the rows were paid under, printed in words beside them. */
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

export type ReportInput = Omit<ReportModel, 'departments' | 'totals' | 'paperSize'> & {
  timeZone: string;
};

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

/** Totals are sums of the printed rows, and tax is taken once on the gross (docs/product/money.md#tax). */
export function buildReportModel({ timeZone, ...input }: ReportInput): ReportModel {
  const sums = sumOf(input.rows);
  const tax = applyTax(sums.earningsCents, input.taxBasisPoints, input.taxCalculation);
  return {
    ...input,
    paperSize: paperSizeFor(timeZone),
    departments: departmentTotals(input.rows),
    totals: {
      ...sums,
      shifts: input.rows.length,
      grossCents: tax.grossCents,
      taxCents: tax.taxCents,
      totalCents: tax.totalCents,
    },
  };
}
