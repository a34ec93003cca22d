// One employer's shifts through everything that pays them: each shift under the version of its
// employer's rules of its date (rate, rounding, precision, tax), then premiums and overtime over
// its workweeks, then tax once per tax regime. What every stored figure and screen can read.
import type { TaxAmounts } from './earnings.ts';
import { type ExtrasLines, extrasOn, type PayExtras, type ShiftPayWithExtras } from './overtime.ts';
import { payByVersion, type RuleVersion, type ShiftTax, taxByRegime } from './pay-rule-versions.ts';
import type { PremiumShift } from './premiums.ts';

export interface EmployerPay extends Omit<ExtrasLines, 'shifts' | 'totals'> {
  /** In the order given, each with the tax its whole pay falls under. */
  shifts: (ShiftPayWithExtras & ShiftTax)[];
  totals: ExtrasLines['totals'] & TaxAmounts & { regimes: (ShiftTax & TaxAmounts)[] };
}

/** Throws PayError for an invalid shift (`input` mode), as the engine does. */
export function payEmployer(
  shifts: readonly PremiumShift[],
  versions: readonly RuleVersion[],
  extras: PayExtras,
  holidays: Iterable<string> = [],
  mode: 'input' | 'stored' = 'stored',
): EmployerPay {
  const byId = new Map(payByVersion(shifts, versions, mode).map((s) => [s.id, s]));
  const base = shifts.map((s) => byId.get(s.id)!);
  const lines = extrasOn(shifts, base, extras, holidays, mode);
  const rows = lines.shifts.map((s, i) => ({
    ...s,
    taxMethod: base[i]!.taxMethod,
    taxBasisPoints: base[i]!.taxBasisPoints,
  }));
  const tax = taxByRegime(rows.map((s) => ({ ...s, grossCents: s.totalPayCents })));
  return {
    ...lines,
    shifts: rows,
    totals: {
      ...lines.totals,
      grossCents: tax.grossCents,
      taxCents: tax.taxCents,
      totalCents: tax.totalCents,
      regimes: tax.regimes,
    },
  };
}
