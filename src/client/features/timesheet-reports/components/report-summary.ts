import {
  applyTax,
  parseMoney,
  parsePercent,
  type TaxAmounts,
  type TaxCalculation,
  totals,
} from '../../../../shared/domain/index.ts';
import { toHundredths } from '../../../../shared/domain/pay-text.ts';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';

export type ReportSummary = TaxAmounts & {
  tenths: number;
  /** As the file totals them: the rows' paid minutes (h:mm) and their hours to 0.01. */
  paidMinutes: number;
  hundredths: number;
  shifts: number;
  method: TaxCalculation;
  /** The employer's tax rate, in basis points. */
  taxBasisPoints: number;
};

/** The API's hours ('7.5', already rounded by the user's setting) as whole tenths. */
export function tenthsOf(hours: string): number {
  const hundredths = parseMoney(hours);
  return hundredths === null ? 0 : Math.round(hundredths / 10);
}

/** As the file states it: the listed rows summed (`totals`), then tax once on the gross (`applyTax`). */
export function reportSummary(
  logs: Pick<WorkLog, 'hours' | 'earnings' | 'paidMinutes'>[],
  taxRate: string,
  method: TaxCalculation,
): ReportSummary {
  const sums = totals(
    logs.map((log) => ({
      tenths: tenthsOf(log.hours),
      earningsCents: parseMoney(log.earnings) ?? 0,
    })),
  );
  const taxBasisPoints = parsePercent(taxRate) ?? 0;
  let paidMinutes = 0;
  let hundredths = 0;
  for (const log of logs) {
    paidMinutes += log.paidMinutes;
    hundredths += toHundredths(log.paidMinutes);
  }
  return {
    ...applyTax(sums.earningsCents, taxBasisPoints, method),
    tenths: sums.tenths,
    paidMinutes,
    hundredths,
    shifts: sums.shifts,
    method,
    taxBasisPoints,
  };
}
