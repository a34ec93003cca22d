// Plain data: it crosses to the render worker by structured cloning (no classes, no functions).
// Amounts stay integers (tenths, cents, basis points).
import { applyTax, totals } from '../../../shared/domain/earnings.ts';
import { DEFAULT_DEPARTMENT } from '../../../shared/names.ts';
import type { brandColors } from '../../../shared/schemas/enums.ts';
import type { CsvFormat, RoundTime, Settings } from '../../../shared/schemas/settings.ts';

export type TaxCalculation = Settings['taxCalculation'];

export interface ReportRow {
  date: string;
  /** 'HH:MM', 24-hour. */
  startTime: string;
  endTime: string;
  breakMinutes: number;
  department: string | null;
  note: string | null;
  rateCents: number;
  tenths: number;
  earningsCents: number;
}

export interface DepartmentTotal {
  name: string;
  shifts: number;
  tenths: number;
  earningsCents: number;
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
  roundTime: RoundTime;
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
  totals: {
    tenths: number;
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
    const entry = byName.get(name) ?? { name, shifts: 0, tenths: 0, earningsCents: 0 };
    entry.shifts += 1;
    entry.tenths += row.tenths;
    entry.earningsCents += row.earningsCents;
    byName.set(name, entry);
  }
  return [...byName.values()];
}

export function paperSizeFor(timeZone: string): ReportModel['paperSize'] {
  return /^(America|US|Canada)\//.test(timeZone) ? 'LETTER' : 'A4';
}

export type ReportInput = Omit<ReportModel, 'departments' | 'totals' | 'paperSize'> & {
  timeZone: string;
};

/** Totals are sums of the printed rows, and tax is taken once on the gross (docs/product/money.md#tax). */
export function buildReportModel({ timeZone, ...input }: ReportInput): ReportModel {
  const sums = totals(input.rows);
  const tax = applyTax(sums.earningsCents, input.taxBasisPoints, input.taxCalculation);
  return {
    ...input,
    paperSize: paperSizeFor(timeZone),
    departments: departmentTotals(input.rows),
    totals: {
      tenths: sums.tenths,
      shifts: sums.shifts,
      grossCents: tax.grossCents,
      taxCents: tax.taxCents,
      totalCents: tax.totalCents,
    },
  };
}
