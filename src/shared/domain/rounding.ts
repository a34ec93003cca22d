// Halves up on integer minutes, so no float decides a tie (docs/product/money.md#rounding).
import type { roundTimeOptions } from '../schemas/settings.ts';
import { mulDivRound } from './money.ts';

export type RoundTime = (typeof roundTimeOptions)[number];

const stepMinutes: Record<RoundTime, number> = { none: 1, '5': 5, '15': 15, '30': 30, '60': 60 };

function assertMinutes(minutes: number): void {
  if (!Number.isSafeInteger(minutes) || minutes < 0) {
    throw new RangeError(`Not a whole, non-negative number of minutes: ${minutes}`);
  }
}

/** Minutes to the nearest step of the setting, halves up: 7 → 0 and 8 → 15 for '15'. */
export function roundMinutes(minutes: number, roundTime: RoundTime): number {
  assertMinutes(minutes);
  const step = stepMinutes[roundTime];
  return mulDivRound(minutes, 1, step) * step;
}

/** Minutes to tenths of an hour, halves up: 3 minutes (half a tenth) → 1 tenth. */
export function toTenths(minutes: number): number {
  assertMinutes(minutes);
  return mulDivRound(minutes, 1, 6);
}

export function formatHours(tenths: number): string {
  if (!Number.isSafeInteger(tenths)) throw new RangeError(`Not whole tenths: ${tenths}`);
  const sign = tenths < 0 ? '-' : '';
  const abs = Math.abs(tenths);
  return `${sign}${Math.floor(abs / 10)}.${abs % 10}`;
}
