import { describe, expect, it } from 'vitest';
import { applyTax } from './earnings.ts';
import { type PayRules, payShift, payShifts } from './pay-engine.ts';
import { shiftEndDate, shiftMessages, shiftMinutes } from './shift.ts';

/**
 * The rules of docs/product/money.md that a plain reading leaves open, one test each, so a change to any of
 * them is a deliberate one. (The snapshot rule — a sent timesheet keeps its figures — belongs
 * to timesheet generation and is pinned there.)
 */
const at = (startTime: string, endTime: string, breakDuration = 0) => ({
  id: 1,
  date: '2026-03-02',
  startTime,
  endTime,
  breakDuration,
  timeZone: 'UTC',
});

const rules = ({
  rateCents = 1000,
  ...rest
}: Partial<PayRules> & { rateCents?: number } = {}): PayRules => ({
  roundingStep: 'none',
  roundingDirection: 'nearest',
  precision: 'minutes',
  taxMethod: 'none',
  taxBasisPoints: 0,
  rates: [{ effectiveFrom: null, rateCents }],
  ...rest,
});

function pay(shift: ReturnType<typeof at>, given: Parameters<typeof rules>[0] = {}) {
  const result = payShift(shift, rules(given));
  if ('field' in result) throw new Error(result.message);
  return result;
}
const paid = (shift: ReturnType<typeof at>, given: Parameters<typeof rules>[0]) =>
  pay(shift, given).paidMinutes;

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
    expect(paid(at('09:00', '17:15', 30), { roundingStep: '15' })).toBe(465);
    expect(paid(at('09:00', '17:15', 30), { roundingStep: '30' })).toBe(480);
    // 8:08 with an 8-minute break is 8:00 exactly; rounding before the break would give 8:07.
    expect(paid(at('09:00', '17:08', 8), { roundingStep: '15' })).toBe(480);
  });

  it('shows hours to 0.1 with halves up; pays by the minute, or the shown tenths when billing in tenths', () => {
    const byMinute = pay(at('09:00', '09:03'), { rateCents: 1005 });
    expect(byMinute.tenths).toBe(1); // 3 minutes is half a tenth: up
    expect(byMinute.payCents).toBe(50); // 3 × $10.05 ÷ 60 = 50.25¢
    const inTenths = pay(at('09:00', '09:03'), { rateCents: 1005, precision: 'tenths' });
    expect(inTenths.payCents).toBe(101); // 0.1 × $10.05 = $1.005: up
  });

  it('computes tax once on the gross total, never per row', () => {
    // Three 6-minute rows at $10.05: $1.005 each, so $1.01.
    const { shifts, totals } = payShifts(
      [1, 2, 3].map((id) => ({ ...at('09:00', '09:06'), id })),
      rules({ rateCents: 1005, taxMethod: 'add', taxBasisPoints: 1650 }),
    );
    expect(shifts.map((row) => row.payCents)).toEqual([101, 101, 101]);
    expect(totals).toMatchObject({ grossCents: 303, taxCents: 50, totalCents: 353 });
    // Per row it would be 3 × round(1.01 × 16.5 %) = 3 × 17¢ = 51¢.
    expect(shifts.reduce((sum, r) => sum + applyTax(r.payCents, 1650, 'add').taxCents, 0)).toBe(51);
  });

  it('keeps an overnight shift on the date it starts', () => {
    expect(shiftEndDate('2026-12-31', at('22:00', '06:00'))).toBe('2027-01-01');
    expect(shiftMinutes(at('22:00', '06:00'))).toEqual({ ok: true, minutes: 480 });
  });
});
