// Sums of shown rows and tax once on a gross; pay itself is the pay engine's (docs/product/money.md).
import type { taxCalculations } from '../schemas/settings.ts';
import { mulDivRound } from './money.ts';

export type TaxCalculation = (typeof taxCalculations)[number];

export interface Totals {
  tenths: number;
  earningsCents: number;
  shifts: number;
}
export interface TaxAmounts {
  grossCents: number;
  taxCents: number;
  totalCents: number;
}

function assertCents(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be whole, non-negative cents: ${value}`);
  }
}

/** Sums of the rows' shown tenths and earnings; never recomputed from summed minutes. */
export function totals(rows: readonly Pick<Totals, 'tenths' | 'earningsCents'>[]): Totals {
  let tenths = 0;
  let earningsCents = 0;
  for (const row of rows) {
    tenths += row.tenths;
    earningsCents += row.earningsCents;
  }
  if (!Number.isSafeInteger(tenths) || !Number.isSafeInteger(earningsCents)) {
    throw new RangeError('Totals exceed the safe integer range');
  }
  return { tenths, earningsCents, shifts: rows.length };
}

/** Half up to the cent. add: gross + tax; deduct: gross − tax; none: gross. */
export function applyTax(
  grossCents: number,
  taxBasisPoints: number,
  method: TaxCalculation,
): TaxAmounts {
  assertCents(grossCents, 'grossCents');
  if (!Number.isSafeInteger(taxBasisPoints) || taxBasisPoints < 0 || taxBasisPoints > 10_000) {
    throw new RangeError(`Tax rate must be 0–10000 basis points: ${taxBasisPoints}`);
  }
  if (method === 'none') return { grossCents, taxCents: 0, totalCents: grossCents };
  const taxCents = mulDivRound(grossCents, taxBasisPoints, 10_000);
  const totalCents = method === 'add' ? grossCents + taxCents : grossCents - taxCents;
  return { grossCents, taxCents, totalCents };
}
