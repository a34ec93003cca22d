import {
  applyTax,
  type LogAmounts,
  logAmounts,
  type RoundTime,
  type TaxAmounts,
  type TaxCalculation,
  type Totals,
  totals,
} from '../../../../shared/domain/index.ts';

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
  rows: (SampleLog & LogAmounts)[];
  totals: Totals;
  tax: TaxAmounts;
};

export function sampleExport(roundTime: RoundTime, taxCalculation: TaxCalculation): SampleExport {
  const rows = sampleLogs.map((log) => ({
    ...log,
    ...logAmounts(
      { ...log, hourlyRateAtTime: SAMPLE_RATE_CENTS, employerRate: SAMPLE_RATE_CENTS },
      roundTime,
    ),
  }));
  const sum = totals(rows);
  return {
    rows,
    totals: sum,
    tax: applyTax(sum.earningsCents, SAMPLE_TAX_BASIS_POINTS, taxCalculation),
  };
}
