// The settings' rounding choices and how screens print hours (docs/product/money.md#hours).
import type { roundTimeOptions } from '../schemas/settings.ts';

export type RoundTime = (typeof roundTimeOptions)[number];

export function formatHours(tenths: number): string {
  if (!Number.isSafeInteger(tenths)) throw new RangeError(`Not whole tenths: ${tenths}`);
  const sign = tenths < 0 ? '-' : '';
  const abs = Math.abs(tenths);
  return `${sign}${Math.floor(abs / 10)}.${abs % 10}`;
}
