import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundTimeOptions } from '../schemas/settings.ts';
import { applyTax, logAmounts, totals } from './earnings.ts';
import { formatMoneyString } from './money.ts';
import { formatHours } from './rounding.ts';
import { formatTime24 } from './time.ts';

const log = { startTime: '09:00', endTime: '17:30', breakDuration: 30 };

describe('logAmounts', () => {
  it('prices the sample export of Settings at $10 an hour', () => {
    const amounts = logAmounts({ ...log, hourlyRateAtTime: 0, employerRate: 1000 }, 'none');
    expect(amounts).toEqual({
      minutes: 480,
      roundedMinutes: 480,
      tenths: 80,
      rateCents: 1000,
      earningsCents: 8000,
    });
    const tax = applyTax(amounts.earningsCents, 1500, 'add');
    expect(formatMoneyString(tax.taxCents)).toBe('12.00');
    expect(formatMoneyString(tax.totalCents)).toBe('92.00');
  });

  it('uses the rate stored on the log when above 0, else the employer rate', () => {
    const base = { ...log, employerRate: 2000 };
    expect(logAmounts({ ...base, hourlyRateAtTime: 2550 }, 'none').rateCents).toBe(2550);
    expect(logAmounts({ ...base, hourlyRateAtTime: 0 }, 'none').rateCents).toBe(2000);
  });

  it('rounds the minutes first, then to tenths, then prices the shown hours', () => {
    const shift = { startTime: '09:00', endTime: '16:07', breakDuration: 0 };
    const amounts = logAmounts({ ...shift, hourlyRateAtTime: 1999, employerRate: 0 }, '15');
    expect(amounts).toMatchObject({ minutes: 427, roundedMinutes: 420, tenths: 70 });
    expect(amounts.earningsCents).toBe(13993);
    const unrounded = logAmounts({ ...shift, hourlyRateAtTime: 1999, employerRate: 0 }, 'none');
    // 427 min shows as 7.1 h; 7.1 × $19.99 = $141.929 → $141.93 (not 427/60 × 19.99 = 142.26).
    expect(unrounded).toMatchObject({ tenths: 71, earningsCents: 14193 });
  });

  it('gives earnings that match the shown hours times the rate to the cent', () => {
    const time = fc.integer({ min: 0, max: 1439 }).map(formatTime24);
    fc.assert(
      fc.property(
        time,
        time,
        fc.integer({ min: 1, max: 100_000 }),
        fc.constantFrom(...roundTimeOptions),
        (startTime, endTime, rate, roundTime) => {
          fc.pre(startTime !== endTime);
          const row = logAmounts(
            { startTime, endTime, breakDuration: 0, hourlyRateAtTime: rate, employerRate: 1 },
            roundTime,
          );
          const exact = Number(formatHours(row.tenths)) * (rate / 100);
          expect(Math.abs(row.earningsCents / 100 - exact)).toBeLessThanOrEqual(0.005 + 1e-9);
        },
      ),
    );
  });

  it('may earn nothing for a short shift rounded to the hour', () => {
    const shift = { startTime: '09:00', endTime: '09:05', breakDuration: 0 };
    const amounts = logAmounts({ ...shift, hourlyRateAtTime: 5000, employerRate: 0 }, '60');
    expect(amounts).toMatchObject({ minutes: 5, roundedMinutes: 0, tenths: 0, earningsCents: 0 });
  });

  it('throws for a stored shift that fails validation or a rate that is not cents', () => {
    const bad = { startTime: '09:00', endTime: '10:00', breakDuration: 60 };
    expect(() => logAmounts({ ...bad, hourlyRateAtTime: 0, employerRate: 100 }, 'none')).toThrow(
      /Break must be shorter than the shift/,
    );
    expect(() => logAmounts({ ...log, hourlyRateAtTime: 24.5, employerRate: 0 }, 'none')).toThrow(
      RangeError,
    );
  });
});

describe('totals', () => {
  it('adds up the rows as shown, not the raw minutes', () => {
    const rows = ['09:00', '09:00', '09:00'].map((startTime) =>
      logAmounts(
        { startTime, endTime: '09:04', breakDuration: 0, hourlyRateAtTime: 1000, employerRate: 0 },
        'none',
      ),
    );
    // Each 4-minute row shows 0.1 h and $1.00; the sum of 12 minutes would show 0.2 h.
    expect(totals(rows)).toEqual({ tenths: 3, earningsCents: 300, shifts: 3 });
  });

  it('is zero for no rows', () => {
    expect(totals([])).toEqual({ tenths: 0, earningsCents: 0, shifts: 0 });
  });

  it('always equals the sum of the rows', () => {
    const row = fc.record({
      tenths: fc.integer({ min: 0, max: 240 }),
      earningsCents: fc.integer({ min: 0, max: 10_000_000 }),
    });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 400 }), (rows) => {
        const sum = totals(rows);
        expect(sum.shifts).toBe(rows.length);
        expect(sum.tenths).toBe(rows.reduce((acc, r) => acc + r.tenths, 0));
        expect(sum.earningsCents).toBe(rows.reduce((acc, r) => acc + r.earningsCents, 0));
        if (rows.length > 0) {
          const rest = totals(rows.slice(1));
          expect(sum.earningsCents - rest.earningsCents).toBe(rows[0]?.earningsCents);
        }
      }),
    );
  });
});

describe('applyTax', () => {
  it('adds tax to gross for the self-employed', () => {
    expect(applyTax(100_000, 1500, 'add')).toEqual({
      grossCents: 100_000,
      taxCents: 15_000,
      totalCents: 115_000,
    });
  });

  it('deducts tax from gross for employees', () => {
    expect(applyTax(100_000, 1500, 'deduct')).toEqual({
      grossCents: 100_000,
      taxCents: 15_000,
      totalCents: 85_000,
    });
  });

  it('leaves gross untouched without tax, whatever the rate', () => {
    expect(applyTax(100_000, 1500, 'none')).toEqual({
      grossCents: 100_000,
      taxCents: 0,
      totalCents: 100_000,
    });
  });

  it('rounds the tax to the cent with halves up', () => {
    expect(applyTax(1, 5000, 'add').taxCents).toBe(1);
    expect(applyTax(333, 1525, 'add').taxCents).toBe(51);
    expect(applyTax(10_001, 1525, 'deduct')).toMatchObject({ taxCents: 1525, totalCents: 8476 });
  });

  it('refuses a rate outside 0–100 % and gross that is not whole cents', () => {
    expect(() => applyTax(100, 10_001, 'add')).toThrow(RangeError);
    expect(() => applyTax(100.5, 1500, 'add')).toThrow(RangeError);
  });

  it('is symmetric around gross for add and deduct', () => {
    const gross = fc.integer({ min: 0, max: 1_000_000_000_000 });
    const rate = fc.integer({ min: 0, max: 10_000 });
    fc.assert(
      fc.property(gross, rate, (g, bp) => {
        const add = applyTax(g, bp, 'add');
        const deduct = applyTax(g, bp, 'deduct');
        expect(add.totalCents - g).toBe(g - deduct.totalCents);
        expect(deduct.totalCents).toBeGreaterThanOrEqual(0);
        expect(applyTax(g, bp, 'none').totalCents).toBe(g);
      }),
    );
  });
});
