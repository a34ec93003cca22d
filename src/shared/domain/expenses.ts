// Tips and expenses of a shift (decision 042), in integers: cents, tenths of a km or mile, and
// thousandths of a currency unit for a mileage rate. Never by float.

import { mulDivRound } from './money.ts';

export type DistanceUnit = 'km' | 'mi';

/** The decimal text as an integer of `places` decimal places ('42.5', 1 → 425), or null. */
export function parseScaled(input: string | number, places: number): number | null {
  const text = typeof input === 'number' ? String(input) : input.trim();
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text) ?? /^()\.(\d+)$/.exec(text);
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > places) return null;
  const value = Number(match[1] || '0') * 10 ** places + Number(fraction.padEnd(places, '0') || 0);
  return Number.isSafeInteger(value) ? value : null;
}

/** The integer of `places` decimal places as text, with all of them ('425', 1 → '42.5'). */
export function formatScaled(value: number, places: number): string {
  const whole = Math.floor(value / 10 ** places);
  if (places === 0) return String(whole);
  return `${whole}.${String(value % 10 ** places).padStart(places, '0')}`;
}

/**
 * Mileage paid back: the distance (tenths) times the rate (thousandths of a currency unit per
 * km or mile), to the cent, halves up. 42.5 km at 0.300 → 425 × 300 / 100 = 1,275 cents.
 */
export function mileageCents(distanceTenths: number, rateThousandths: number): number {
  return mulDivRound(distanceTenths, rateThousandths, 100);
}

export interface ShiftExpenses {
  /** Decimal text as stored, or null. */
  distance: string | null;
  mileageRate: string | null;
  expenseAmount: string;
}

/** What a shift's expenses pay back, in cents: its mileage plus the amount typed. */
export function expenseCentsOf(expenses: ShiftExpenses): number {
  const amount = parseScaled(expenses.expenseAmount, 2) ?? 0;
  if (expenses.distance === null || expenses.mileageRate === null) return amount;
  const distance = parseScaled(expenses.distance, 1) ?? 0;
  const rate = parseScaled(expenses.mileageRate, 3) ?? 0;
  return amount + mileageCents(distance, rate);
}

/** A mileage rate of `thousandths` of the currency, with its three places: $0.655. */
export function formatMileageRate(thousandths: number, currency: string): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: 3,
    maximumFractionDigits: 3,
  }).format(formatScaled(thousandths, 3) as `${number}`);
}

export const distanceUnitName = (unit: DistanceUnit, plural = true) =>
  unit === 'km' ? 'km' : plural ? 'miles' : 'mile';
