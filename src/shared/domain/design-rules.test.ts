import { describe, expect, it } from 'vitest';
import { applyTax, logAmounts, totals } from './earnings.ts';
import { shiftEndDate, shiftMessages, shiftMinutes } from './shift.ts';

/**
 * The rules of docs/product/money.md that a plain reading leaves open, one test each, so a change to any of
 * them is a deliberate one. (The snapshot rule — a sent timesheet keeps its figures — belongs
 * to timesheet generation and is pinned there.)
 */
const at = (startTime: string, endTime: string, breakDuration = 0) => ({
  startTime,
  endTime,
  breakDuration,
  hourlyRateAtTime: 0,
  employerRate: 1000,
});

describe('the money rules a plain reading leaves open', () => {
  it('refuses a shift whose end equals its start: no 0-hour and no implicit 24-hour shift', () => {
    expect(shiftMinutes(at('09:00', '09:00'))).toEqual({
      ok: false,
      field: 'endTime',
      message: shiftMessages.sameTimes,
    });
  });

  it('refuses a break as long as the shift, and allows one a minute shorter', () => {
    expect(shiftMinutes(at('09:00', '10:00', 60))).toMatchObject({
      ok: false,
      field: 'breakDuration',
    });
    expect(shiftMinutes(at('09:00', '10:00', 59))).toEqual({ ok: true, minutes: 1 });
  });

  it('rounds the minutes left after the break, to the nearest step, ties up', () => {
    // 8:15 − 0:30 break = 7:45; a quarter-hour step keeps it, a half-hour step ties up to 8:00.
    expect(logAmounts(at('09:00', '17:15', 30), '15').roundedMinutes).toBe(465);
    expect(logAmounts(at('09:00', '17:15', 30), '30').roundedMinutes).toBe(480);
    // 8:08 with an 8-minute break is 8:00 exactly; rounding before the break would give 8:07.
    expect(logAmounts(at('09:00', '17:08', 8), '15').roundedMinutes).toBe(480);
  });

  it('shows hours to 0.1 with halves up, and prices the shown hours to the cent, halves up', () => {
    const amounts = logAmounts({ ...at('09:00', '09:03'), employerRate: 1005 }, 'none');
    expect(amounts.tenths).toBe(1); // 3 minutes is half a tenth: up
    expect(amounts.earningsCents).toBe(101); // 0.1 × $10.05 = $1.005: up
  });

  it('computes tax once on the gross total, never per row', () => {
    const rows = [1, 2, 3].map(() =>
      logAmounts({ ...at('09:00', '09:06'), employerRate: 1005 }, 'none'),
    );
    const gross = totals(rows).earningsCents; // 3 × $1.01 = $3.03
    expect(applyTax(gross, 1650, 'add')).toEqual({
      grossCents: 303,
      taxCents: 50,
      totalCents: 353,
    });
    // Per row it would be 3 × round(1.01 × 16.5 %) = 3 × 17¢ = 51¢.
    expect(rows.reduce((sum, r) => sum + applyTax(r.earningsCents, 1650, 'add').taxCents, 0)).toBe(
      51,
    );
  });

  it('keeps an overnight shift on the date it starts', () => {
    expect(shiftEndDate('2026-12-31', at('22:00', '06:00'))).toBe('2027-01-01');
    expect(shiftMinutes(at('22:00', '06:00'))).toEqual({ ok: true, minutes: 480 });
  });
});
