import { parseMoney, type TaxAmounts, totals } from '../../../../shared/domain/index.ts';
import type { PayPrecision } from '../../../../shared/domain/pay-engine.ts';
import { type ShiftTax, taxByRegime } from '../../../../shared/domain/pay-rule-versions.ts';
import { hourPlaces, toHundredths } from '../../../../shared/domain/pay-text.ts';
import { type RuleSet, ruleSetOn } from '../../../../shared/domain/rule-sets.ts';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';
import { regularCentsOf } from './report-extras';

export type ReportSummary = TaxAmounts & {
  tenths: number;
  /** As the file totals them: the rows' paid minutes (h:mm) and their hours to 0.01. */
  paidMinutes: number;
  hundredths: number;
  shifts: number;
  /** The gross in its parts, as the file splits it: regular + premiums + overtime = gross. */
  regularCents: number;
  premiumCents: number;
  overtimeCents: number;
  /** One per tax method and rate of the rule sets, each on the gross of its own rows. */
  taxes: (ShiftTax & TaxAmounts)[];
  /** Expenses paid back (never taxed): due with the total. */
  expenseCents: number;
};

/** The API's hours ('7.5', already rounded by the user's setting) as whole tenths. */
export function tenthsOf(hours: string): number {
  const hundredths = parseMoney(hours);
  return hundredths === null ? 0 : Math.round(hundredths / 10);
}

/** A row's hours as the file prints them: 1 place under tenths, else 2. */
export function placesOn(sets: readonly RuleSet[], date?: string): 1 | 2 {
  const precisions: PayPrecision[] =
    date === undefined
      ? sets.map((s) => s.version.payPrecision)
      : [ruleSetOn(sets, date).version.payPrecision];
  return precisions.every((p) => p === 'tenths') ? hourPlaces('tenths') : hourPlaces('minutes');
}

/**
 * As the file states it: the listed rows summed (`totals`), then tax once on the gross of each
 * tax the rows fall under (one, unless the employer's tax changed within the range).
 */
export function reportSummary(
  logs: (Pick<
    WorkLog,
    'date' | 'hours' | 'earnings' | 'paidMinutes' | 'premiumEarnings' | 'overtimeEarnings'
  > &
    Partial<Pick<WorkLog, 'expenses'>>)[],
  sets: readonly RuleSet[],
): ReportSummary {
  const sums = totals(
    logs.map((log) => ({
      tenths: tenthsOf(log.hours),
      earningsCents: parseMoney(log.earnings) ?? 0,
    })),
  );
  let paidMinutes = 0;
  let hundredths = 0;
  let regularCents = 0;
  let premiumCents = 0;
  let overtimeCents = 0;
  let expenseCents = 0;
  for (const log of logs) {
    expenseCents += parseMoney(log.expenses ?? '0') ?? 0;
    paidMinutes += log.paidMinutes;
    hundredths += toHundredths(log.paidMinutes);
    regularCents += regularCentsOf(log);
    premiumCents += parseMoney(log.premiumEarnings) ?? 0;
    overtimeCents += parseMoney(log.overtimeEarnings) ?? 0;
  }
  const tax = taxByRegime([
    ...sets.map((s) => ({ ...s.version, grossCents: 0 })),
    ...logs.map((log) => ({
      ...ruleSetOn(sets, log.date).version,
      grossCents: parseMoney(log.earnings) ?? 0,
    })),
  ]);
  return {
    grossCents: tax.grossCents,
    taxCents: tax.taxCents,
    totalCents: tax.totalCents,
    taxes: tax.regimes,
    tenths: sums.tenths,
    paidMinutes,
    hundredths,
    shifts: sums.shifts,
    regularCents,
    premiumCents,
    overtimeCents,
    expenseCents,
  };
}
