import { describe, expect, it } from 'vitest';
import {
  endsNextDay,
  formatBreak,
  formatClock,
  formatClockRange,
  formatCurrency,
  formatDisplayDate,
  formatDuration,
  formatHourlyRate,
  formatHours,
  formatIsoDate,
  formatMoney,
  formatPercentage,
  formatTime,
  formatTimeRange,
  parseIsoDate,
} from './format.ts';

describe('money', () => {
  it('shows decimal strings as dollars with cents and thousands separators', () => {
    expect(formatMoney('1234.5')).toBe('$1,234.50');
    expect(formatMoney('0')).toBe('$0.00');
    expect(formatCurrency(2450)).toBe('$24.50');
  });

  it('shows another currency when asked', () => {
    expect(formatMoney('24.5', 'EUR')).toBe('€24.50');
  });

  it('shows an unreadable amount as it came, never NaN', () => {
    expect(formatMoney('abc')).toBe('abc');
  });

  it('shows an hourly rate and a tax rate', () => {
    expect(formatHourlyRate('24.50')).toBe('$24.50/hr');
    expect(formatPercentage('15.25')).toBe('15.25%');
    expect(formatPercentage('0')).toBe('0.00%');
    expect(formatPercentage('250')).toBe('250%');
  });
});

describe('hours', () => {
  it("shows hours as '7.5 h' and breaks in minutes", () => {
    expect(formatDuration('7.5')).toBe('7.5 h');
    expect(formatDuration(formatHours(80))).toBe('8.0 h');
    expect(formatBreak(30)).toBe('30 min');
  });
});

describe('dates', () => {
  it("shows a calendar day as 'Mon, Mar 2, 2026' in any time zone", () => {
    expect(formatDisplayDate('2026-03-02')).toBe('Mon, Mar 2, 2026');
    expect(formatDisplayDate('2024-02-29')).toBe('Thu, Feb 29, 2024');
    expect(formatDisplayDate('not a date')).toBe('not a date');
  });

  it('turns a picked local day into YYYY-MM-DD and back', () => {
    expect(formatIsoDate(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
    expect(formatIsoDate(parseIsoDate('2026-12-31'))).toBe('2026-12-31');
  });
});

describe('times', () => {
  it('shows a time in 12-hour and in 24-hour form', () => {
    expect(formatClock('09:05', '12-hour')).toBe('9:05 AM');
    expect(formatClock('00:00', '12-hour')).toBe('12:00 AM');
    expect(formatClock('12:30:00', '12-hour')).toBe('12:30 PM');
    expect(formatClock('17:00', '24-hour')).toBe('17:00');
    expect(formatTime(545, '24-hour')).toBe('09:05');
    expect(formatClock('9am', '24-hour')).toBe('9am');
  });

  it('shows a shift as a range and marks one that ends the next day', () => {
    expect(formatTimeRange('09:00', '17:00', '12-hour')).toBe('9:00 AM – 5:00 PM');
    expect(formatTimeRange('22:00:00', '06:00:00', '24-hour')).toBe('22:00 – 06:00 (+1 day)');
  });

  it('shows the two times alone, and tells apart a shift that ends the next day', () => {
    expect(formatClockRange('22:00:00', '06:00:00', '12-hour')).toBe('10:00 PM – 6:00 AM');
    expect(endsNextDay('22:00:00', '06:00:00')).toBe(true);
    expect(endsNextDay('09:00', '17:00')).toBe(false);
    expect(endsNextDay('09:00', '09:00')).toBe(false);
  });
});
