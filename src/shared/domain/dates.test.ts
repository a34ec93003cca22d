import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  compareDates,
  dayOfWeek,
  daysBetween,
  daysInMonth,
  formatDate,
  isValidDate,
  isValidTimeZone,
  todayIn,
} from './dates.ts';

const anyDate = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z') })
  .filter((d) => !Number.isNaN(d.getTime()))
  .map((d) => d.toISOString().slice(0, 10));

describe('isValidDate', () => {
  it('accepts real calendar dates, including leap days', () => {
    expect(isValidDate('2026-01-31')).toBe(true);
    expect(isValidDate('2024-02-29')).toBe(true);
    expect(isValidDate('2000-02-29')).toBe(true);
  });

  it('rejects impossible dates and anything but strict YYYY-MM-DD', () => {
    for (const bad of ['2026-02-30', '2025-02-29', '1900-02-29', '2026-13-01', '2026-00-10']) {
      expect(isValidDate(bad)).toBe(false);
    }
    for (const bad of ['2026-1-05', '2026/01/05', '26-01-05', '2026-01-05T00:00', '0000-01-01']) {
      expect(isValidDate(bad)).toBe(false);
    }
  });

  it('knows the length of every month', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((m) => daysInMonth(2025, m))).toEqual([
      31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
    ]);
    expect(daysInMonth(2024, 2)).toBe(29);
  });
});

describe('date arithmetic', () => {
  it('crosses the month and year boundaries and leap days', () => {
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2026-03-07', 7)).toBe('2026-03-14');
  });

  it('handles years below 100 without mapping them to the 1900s', () => {
    expect(addDays('0050-12-31', 1)).toBe('0051-01-01');
    expect(formatDate(50, 1, 2)).toBe('0050-01-02');
  });

  it('compares dates and counts the days between them', () => {
    expect(compareDates('2026-01-01', '2025-12-31')).toBeGreaterThan(0);
    expect(compareDates('2025-12-31', '2026-01-01')).toBeLessThan(0);
    expect(compareDates('2026-05-05', '2026-05-05')).toBe(0);
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
  });

  it('names the day of the week with 0 for Sunday', () => {
    expect(dayOfWeek('2026-01-04')).toBe(0);
    expect(dayOfWeek('2026-01-10')).toBe(6);
    expect(dayOfWeek('1970-01-01')).toBe(4);
    expect(dayOfWeek('1969-12-28')).toBe(0);
  });

  it('refuses to compute with an invalid date or fractional days', () => {
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addDays('2026-02-03', 0.5)).toThrow(RangeError);
  });

  it('moves forward and back by the same number of days to the start', () => {
    fc.assert(
      fc.property(anyDate, fc.integer({ min: -3000, max: 3000 }), (date, n) => {
        const moved = addDays(date, n);
        expect(isValidDate(moved)).toBe(true);
        expect(daysBetween(date, moved)).toBe(n);
        expect(addDays(moved, -n)).toBe(date);
        expect(dayOfWeek(moved)).toBe((((dayOfWeek(date) + n) % 7) + 7) % 7);
      }),
    );
  });

  it('orders dates the same way as their strings', () => {
    fc.assert(
      fc.property(anyDate, anyDate, (a, b) => {
        expect(Math.sign(compareDates(a, b))).toBe(Math.sign(a.localeCompare(b)));
      }),
    );
  });
});

describe('time zones', () => {
  it('accepts IANA zone names and rejects unknown names and offsets', () => {
    expect(isValidTimeZone('America/New_York')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Asia/Kolkata')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isValidTimeZone('Eastern Time (ET)')).toBe(false);
    expect(isValidTimeZone('+05:30')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });

  it('gives a different today in Kiritimati and Pago Pago at the same instant', () => {
    const now = new Date('2026-01-15T12:00:00Z');
    expect(todayIn('Pacific/Kiritimati', now)).toBe('2026-01-16');
    expect(todayIn('Pacific/Pago_Pago', now)).toBe('2026-01-15');
  });

  it('turns the date at local midnight, not at UTC midnight', () => {
    expect(todayIn('America/New_York', new Date('2026-01-01T04:59:00Z'))).toBe('2025-12-31');
    expect(todayIn('America/New_York', new Date('2026-01-01T05:00:00Z'))).toBe('2026-01-01');
    expect(todayIn('Asia/Kolkata', new Date('2025-12-31T18:30:00Z'))).toBe('2026-01-01');
  });

  it('throws for an unknown zone', () => {
    expect(() => todayIn('Not/A_Zone')).toThrow(RangeError);
  });
});
