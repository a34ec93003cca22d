import type { RoundTime, TaxAmounts, TaxCalculation } from '../../../../shared/domain/index.ts';
import { type PayTotals, payShifts } from '../../../../shared/domain/pay-engine.ts';

/** docs/product/money.md#the-settings-sample. */
export const SAMPLE_RATE_CENTS = 1000;
export const SAMPLE_TAX_BASIS_POINTS = 1500;

export type SampleLog = {
  date: string;
  department: string;
  startTime: string;
  endTime: string;
  breakDuration: number;
};

/** Chosen so every rounding choice changes something. */
export const sampleLogs: readonly SampleLog[] = [
  {
    date: '2026-03-02',
    department: 'Front desk',
    startTime: '09:00',
    endTime: '17:07',
    breakDuration: 30,
  },
  {
    date: '2026-03-03',
    department: 'Kitchen',
    startTime: '13:10',
    endTime: '18:00',
    breakDuration: 0,
  },
  {
    date: '2026-03-04',
    department: 'Events',
    startTime: '22:00',
    endTime: '02:20',
    breakDuration: 15,
  },
];

export type SampleExport = {
  rows: (SampleLog & { tenths: number; earningsCents: number })[];
  totals: Pick<PayTotals, 'tenths' | 'shifts'>;
  tax: TaxAmounts;
};

/** The pay engine on the sample shifts, as a new employer with these settings would be paid. */
export function sampleExport(roundTime: RoundTime, taxCalculation: TaxCalculation): SampleExport {
  const { shifts, totals } = payShifts(
    sampleLogs.map((log, id) => ({ id, ...log, timeZone: 'UTC' })),
    {
      roundingStep: roundTime,
      roundingDirection: 'nearest',
      precision: 'minutes',
      taxMethod: taxCalculation,
      taxBasisPoints: SAMPLE_TAX_BASIS_POINTS,
      rates: [{ effectiveFrom: null, rateCents: SAMPLE_RATE_CENTS }],
    },
  );
  return {
    rows: sampleLogs.map((log, i) => ({
      ...log,
      tenths: shifts[i]!.tenths,
      earningsCents: shifts[i]!.payCents,
    })),
    totals: { tenths: totals.tenths, shifts: totals.shifts },
    tax: {
      grossCents: totals.grossCents,
      taxCents: totals.taxCents,
      totalCents: totals.totalCents,
    },
  };
}
