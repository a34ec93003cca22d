import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, compareDates, dateParts, dayOfWeek, daysInMonth, todayIn } from './dates.ts';
import {
  type DateRange,
  dashboardPeriod,
  dashboardPeriods,
  trend,
  weekOf,
  workLogFilters,
  workLogPeriod,
} from './periods.ts';

const zones = [
  'America/New_York',
  'Europe/Berlin',
  'Asia/Kolkata',
  'Pacific/Auckland',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
  'America/St_Johns',
  'UTC',
] as const;
const instant = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z') })
  .filter((d) => !Number.isNaN(d.getTime()));
const zone = fc.constantFrom(...zones);

const at = (iso: string) => new Date(iso);
const contains = (range: DateRange, date: string) =>
  compareDates(range.from, date) <= 0 && compareDates(date, range.to) <= 0;

function expectWholeMonths(range: DateRange, months: number) {
  const from = dateParts(range.from);
  const to = dateParts(range.to);
  expect(from.day).toBe(1);
  expect((from.month - 1) % months).toBe(0);
  expect(to.year).toBe(from.year);
  expect(to.month).toBe(from.month + months - 1);
  expect(to.day).toBe(daysInMonth(to.year, to.month));
}

describe('workLogPeriod', () => {
  const mid = at('2026-01-15T12:00:00Z'); // a Thursday

  it('gives today as a one-day range and null for all', () => {
    expect(workLogPeriod('today', 'America/New_York', mid)).toEqual({
      from: '2026-01-15',
      to: '2026-01-15',
    });
    expect(workLogPeriod('all', 'America/New_York', mid)).toBeNull();
  });

  it('runs this week and last week from Sunday to Saturday', () => {
    expect(workLogPeriod('this-week', 'UTC', mid)).toEqual({
      from: '2026-01-11',
      to: '2026-01-17',
    });
    expect(workLogPeriod('last-week', 'UTC', mid)).toEqual({
      from: '2026-01-04',
      to: '2026-01-10',
    });
  });

  it('starts this week today when today is a Sunday', () => {
    const sunday = at('2026-01-11T15:00:00Z');
    expect(workLogPeriod('this-week', 'UTC', sunday)?.from).toBe('2026-01-11');
  });

  it('spans the year boundary for a week that starts in December', () => {
    const newYear = at('2026-01-01T12:00:00Z');
    expect(workLogPeriod('this-week', 'UTC', newYear)).toEqual({
      from: '2025-12-28',
      to: '2026-01-03',
    });
  });

  it('makes last month December of last year in January', () => {
    expect(workLogPeriod('this-month', 'America/New_York', mid)).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(workLogPeriod('last-month', 'America/New_York', mid)).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    });
    expect(workLogPeriod('this-year', 'America/New_York', mid)).toEqual({
      from: '2026-01-01',
      to: '2026-12-31',
    });
  });

  it('ends last month on February 29 in a leap year', () => {
    const march = at('2024-03-10T12:00:00Z');
    expect(workLogPeriod('last-month', 'UTC', march)).toEqual({
      from: '2024-02-01',
      to: '2024-02-29',
    });
  });

  it("uses the user's zone to decide which month it is", () => {
    const instantOfNewYear = at('2026-01-01T03:00:00Z');
    expect(workLogPeriod('this-month', 'America/New_York', instantOfNewYear)?.from).toBe(
      '2025-12-01',
    );
    expect(workLogPeriod('this-month', 'Europe/Berlin', instantOfNewYear)?.from).toBe('2026-01-01');
  });

  it('always contains today, with last week and month right before this one', () => {
    fc.assert(
      fc.property(instant, zone, (now, tz) => {
        const today = todayIn(tz, now);
        for (const filter of workLogFilters) {
          const range = workLogPeriod(filter, tz, now);
          if (filter === 'all') expect(range).toBeNull();
          else if (!filter.startsWith('last-')) expect(range && contains(range, today)).toBe(true);
        }
        const thisWeek = workLogPeriod('this-week', tz, now)!;
        const lastWeek = workLogPeriod('last-week', tz, now)!;
        expect(addDays(lastWeek.to, 1)).toBe(thisWeek.from);
        expect(dayOfWeek(lastWeek.from)).toBe(0);
        const thisMonth = workLogPeriod('this-month', tz, now)!;
        const lastMonth = workLogPeriod('last-month', tz, now)!;
        expect(addDays(lastMonth.to, 1)).toBe(thisMonth.from);
        expectWholeMonths(lastMonth, 1);
      }),
    );
  });
});

describe('dashboardPeriod', () => {
  it('pairs each period with the one right before it', () => {
    const now = at('2026-02-18T12:00:00Z'); // a Wednesday
    expect(dashboardPeriod('week', 'UTC', now)).toEqual({
      current: { from: '2026-02-15', to: '2026-02-21' },
      previous: { from: '2026-02-08', to: '2026-02-14' },
    });
    expect(dashboardPeriod('month', 'UTC', now)).toEqual({
      current: { from: '2026-02-01', to: '2026-02-28' },
      previous: { from: '2026-01-01', to: '2026-01-31' },
    });
    expect(dashboardPeriod('quarter', 'UTC', now)).toEqual({
      current: { from: '2026-01-01', to: '2026-03-31' },
      previous: { from: '2025-10-01', to: '2025-12-31' },
    });
    expect(dashboardPeriod('year', 'UTC', now)).toEqual({
      current: { from: '2026-01-01', to: '2026-12-31' },
      previous: { from: '2025-01-01', to: '2025-12-31' },
    });
  });

  it('finds the quarter in the middle of the year', () => {
    const august = at('2025-08-31T12:00:00Z');
    expect(dashboardPeriod('quarter', 'Asia/Kolkata', august)).toEqual({
      current: { from: '2025-07-01', to: '2025-09-30' },
      previous: { from: '2025-04-01', to: '2025-06-30' },
    });
  });

  it('gives contiguous, non-overlapping ranges that contain today', () => {
    const months = { month: 1, quarter: 3, year: 12 } as const;
    fc.assert(
      fc.property(instant, zone, fc.constantFrom(...dashboardPeriods), (now, tz, period) => {
        const { current, previous } = dashboardPeriod(period, tz, now);
        expect(contains(current, todayIn(tz, now))).toBe(true);
        expect(addDays(previous.to, 1)).toBe(current.from);
        expect(compareDates(previous.from, previous.to)).toBeLessThan(0);
        expect(compareDates(previous.to, current.from)).toBeLessThan(0);
        expect(compareDates(current.from, current.to)).toBeLessThan(0);
        for (const range of [current, previous]) {
          if (period === 'week') {
            expect(dayOfWeek(range.from)).toBe(0);
            expect(addDays(range.from, 6)).toBe(range.to);
          } else {
            expectWholeMonths(range, months[period]);
          }
        }
      }),
    );
  });

  it('makes every day belong to exactly one week', () => {
    fc.assert(
      fc.property(instant, (now) => {
        const day = now.toISOString().slice(0, 10);
        const week = weekOf(day);
        expect(contains(week, day)).toBe(true);
        expect(weekOf(week.from)).toEqual(week);
        expect(weekOf(week.to)).toEqual(week);
        expect(weekOf(addDays(week.to, 1)).from).toBe(addDays(week.to, 1));
      }),
    );
  });
});

describe('trend', () => {
  it('gives the change as a percentage to one decimal with its direction', () => {
    expect(trend(150, 100)).toEqual({ percentage: 50, direction: 'up' });
    expect(trend(75, 100)).toEqual({ percentage: 25, direction: 'down' });
    expect(trend(2, 3)).toEqual({ percentage: 33.3, direction: 'down' });
    expect(trend(9, 8)).toEqual({ percentage: 12.5, direction: 'up' });
    expect(trend(1001, 1000)).toEqual({ percentage: 0.1, direction: 'up' });
  });

  it('is new (no percentage) from nothing, 100 % down to nothing, flat when both are nothing', () => {
    expect(trend(42, 0)).toEqual({ percentage: 0, direction: 'new' });
    expect(trend(0.5, 0)).toEqual({ percentage: 0, direction: 'new' });
    expect(trend(0, 0)).toEqual({ percentage: 0, direction: 'flat' });
    expect(trend(0, 80)).toEqual({ percentage: 100, direction: 'down' });
  });

  it('calls a change that rounds to 0.0 % flat', () => {
    expect(trend(100, 100)).toEqual({ percentage: 0, direction: 'flat' });
    expect(trend(20_001, 20_000)).toEqual({ percentage: 0, direction: 'flat' });
    expect(trend(12.5, 12.5)).toEqual({ percentage: 0, direction: 'flat' });
  });

  it('goes up exactly when current exceeds previous by a visible amount', () => {
    const amount = fc.integer({ min: 0, max: 10_000_000 });
    fc.assert(
      fc.property(amount, amount, (current, previous) => {
        const { percentage, direction } = trend(current, previous);
        expect(percentage).toBeGreaterThanOrEqual(0);
        expect(Math.round(percentage * 10)).toBeCloseTo(percentage * 10, 9);
        if (direction === 'up') expect(current).toBeGreaterThan(previous);
        if (direction === 'down') expect(current).toBeLessThan(previous);
        if (direction === 'flat') expect(percentage).toBe(0);
        if (direction === 'new') expect([current > 0, previous, percentage]).toEqual([true, 0, 0]);
      }),
    );
  });
});
