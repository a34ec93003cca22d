import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { timesheetSchedules } from '../schemas/enums.ts';
import { addDays, compareDates, dayOfWeek, daysBetween } from './dates.ts';
import {
  nextPayPeriod,
  type PayCalendar,
  payCalendarInWords,
  payCalendarOf,
  paydayOf,
  payPeriodDueDate,
  payPeriodOf,
  previousPayPeriod,
} from './pay-periods.ts';

const anyDate = fc.integer({ min: 0, max: 365 * 30 }).map((days) => addDays('2010-01-01', days));

describe('pay periods', () => {
  it('are the Sunday-to-Saturday week for a weekly schedule', () => {
    expect(payPeriodOf('weekly', '2026-11-18')).toEqual({ from: '2026-11-15', to: '2026-11-21' });
  });

  it('pair weeks from a fixed Sunday for a bi-weekly schedule, whatever day is asked', () => {
    expect(payPeriodOf('biweekly', '2023-01-01')).toEqual({ from: '2023-01-01', to: '2023-01-14' });
    expect(payPeriodOf('biweekly', '2023-01-14')).toEqual({ from: '2023-01-01', to: '2023-01-14' });
    expect(payPeriodOf('biweekly', '2023-01-15')).toEqual({ from: '2023-01-15', to: '2023-01-28' });
    expect(payPeriodOf('biweekly', '2022-12-31')).toEqual({ from: '2022-12-18', to: '2022-12-31' });
  });

  it('are calendar months, quarters and years for the other schedules', () => {
    expect(payPeriodOf('monthly', '2024-02-10')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(payPeriodOf('quarterly', '2026-11-22')).toEqual({
      from: '2026-10-01',
      to: '2026-12-31',
    });
    expect(payPeriodOf('yearly', '2026-11-22')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });

  it('contain the date, follow each other without gap or overlap, and are due the day after', () => {
    fc.assert(
      fc.property(fc.constantFrom(...timesheetSchedules), anyDate, (schedule, date) => {
        const period = payPeriodOf(schedule, date);
        expect(compareDates(period.from, date)).toBeLessThanOrEqual(0);
        expect(compareDates(date, period.to)).toBeLessThanOrEqual(0);
        expect(payPeriodOf(schedule, period.to)).toEqual(period);
        const previous = previousPayPeriod(schedule, period);
        expect(addDays(previous.to, 1)).toBe(period.from);
        expect(payPeriodDueDate(period)).toBe(addDays(period.to, 1));
        if (schedule === 'weekly' || schedule === 'biweekly') {
          expect(dayOfWeek(period.from)).toBe(0);
          expect(daysBetween(period.from, period.to)).toBe(schedule === 'weekly' ? 6 : 13);
        }
      }),
    );
  });
});

describe('each employer’s own pay calendar', () => {
  it('anchors weekly and bi-weekly periods on any date: a Wednesday hospital fortnight', () => {
    const fortnight: PayCalendar = { schedule: 'biweekly', anchorDate: '2026-01-07' };
    expect(payPeriodOf(fortnight, '2026-01-07')).toEqual({ from: '2026-01-07', to: '2026-01-20' });
    expect(payPeriodOf(fortnight, '2026-11-26')).toEqual({ from: '2026-11-25', to: '2026-12-08' });
    // Before the anchor too: the periods run back from it.
    expect(payPeriodOf(fortnight, '2026-01-06')).toEqual({ from: '2025-12-24', to: '2026-01-06' });
    const weekly: PayCalendar = { schedule: 'weekly', anchorDate: '2026-11-02' };
    expect(payPeriodOf(weekly, '2026-11-26')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
  });

  it('splits a month in two for semi-monthly: 1st–15th and 16th–end, leap February included', () => {
    const semi: PayCalendar = { schedule: 'semimonthly' };
    expect(payPeriodOf(semi, '2028-02-15')).toEqual({ from: '2028-02-01', to: '2028-02-15' });
    expect(payPeriodOf(semi, '2028-02-29')).toEqual({ from: '2028-02-16', to: '2028-02-29' });
    expect(payPeriodOf(semi, '2027-02-28')).toEqual({ from: '2027-02-16', to: '2027-02-28' });
    expect(payPeriodOf(semi, '2026-12-31')).toEqual({ from: '2026-12-16', to: '2026-12-31' });
  });

  it('takes custom semi-monthly days: the 5th–19th and the 20th–4th, across a year end', () => {
    const semi: PayCalendar = { schedule: 'semimonthly', startDays: [20, 5] };
    expect(payPeriodOf(semi, '2026-12-19')).toEqual({ from: '2026-12-05', to: '2026-12-19' });
    expect(payPeriodOf(semi, '2027-01-03')).toEqual({ from: '2026-12-20', to: '2027-01-04' });
  });

  it('runs monthly periods from a day of the month: the 20th to the 19th', () => {
    const monthly: PayCalendar = { schedule: 'monthly', startDays: [20] };
    expect(payPeriodOf(monthly, '2026-11-26')).toEqual({ from: '2026-11-20', to: '2026-12-19' });
    expect(payPeriodOf(monthly, '2027-01-19')).toEqual({ from: '2026-12-20', to: '2027-01-19' });
    expect(payPeriodOf(monthly, '2028-03-01')).toEqual({ from: '2028-02-20', to: '2028-03-19' });
    // Without a day: the calendar month, as before.
    expect(payPeriodOf({ schedule: 'monthly' }, '2026-11-26')).toEqual(
      payPeriodOf('monthly', '2026-11-26'),
    );
  });

  it('keeps whole calendar days across clock changes: a week over 8 March 2026 is 7 days', () => {
    const weekly: PayCalendar = { schedule: 'weekly', anchorDate: '2026-03-05' };
    expect(payPeriodOf(weekly, '2026-03-08')).toEqual({ from: '2026-03-05', to: '2026-03-11' });
    const semi: PayCalendar = { schedule: 'semimonthly' };
    expect(payPeriodOf(semi, '2026-10-25')).toEqual({ from: '2026-10-16', to: '2026-10-31' });
  });

  it('has a payday: N days after the end, then a weekday — the Friday after', () => {
    const period = { from: '2026-11-16', to: '2026-11-30' }; // ends on a Monday
    expect(paydayOf({ schedule: 'semimonthly' }, period)).toBe('2026-12-07');
    expect(paydayOf({ schedule: 'semimonthly', paydayDays: 0 }, period)).toBe('2026-11-30');
    expect(paydayOf({ schedule: 'semimonthly', paydayDays: 1, paydayWeekday: 5 }, period)).toBe(
      '2026-12-04',
    );
    // Already that weekday: that day.
    expect(paydayOf({ schedule: 'semimonthly', paydayDays: 4, paydayWeekday: 5 }, period)).toBe(
      '2026-12-04',
    );
  });

  it('every calendar: contains the date, follows on without gap or overlap, payday after the end', () => {
    const calendar = fc.oneof(
      fc.record({
        schedule: fc.constantFrom('weekly' as const, 'biweekly' as const),
        anchorDate: anyDate,
      }),
      fc.record({
        schedule: fc.constant('semimonthly' as const),
        startDays: fc.uniqueArray(fc.integer({ min: 1, max: 28 }), { minLength: 2, maxLength: 2 }),
      }),
      fc.record({
        schedule: fc.constant('monthly' as const),
        startDays: fc.array(fc.integer({ min: 1, max: 28 }), { maxLength: 1 }),
      }),
      fc.record({ schedule: fc.constantFrom(...timesheetSchedules) }),
    );
    fc.assert(
      fc.property(
        calendar,
        anyDate,
        fc.integer({ min: 0, max: 90 }),
        fc.option(fc.integer({ min: 0, max: 6 })),
        (c, date, paydayDays, paydayWeekday) => {
          const period = payPeriodOf(c, date);
          expect(compareDates(period.from, date)).toBeLessThanOrEqual(0);
          expect(compareDates(date, period.to)).toBeLessThanOrEqual(0);
          expect(payPeriodOf(c, period.from)).toEqual(period);
          expect(payPeriodOf(c, period.to)).toEqual(period);
          expect(addDays(previousPayPeriod(c, period).to, 1)).toBe(period.from);
          expect(nextPayPeriod(c, period).from).toBe(addDays(period.to, 1));
          const payday = paydayOf({ ...c, paydayDays, paydayWeekday }, period);
          const after = daysBetween(period.to, payday);
          expect(after).toBeGreaterThanOrEqual(paydayDays);
          expect(after).toBeLessThan(paydayDays + (paydayWeekday === null ? 1 : 7));
          if (paydayWeekday !== null) expect(dayOfWeek(payday)).toBe(paydayWeekday);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('reads an employer’s columns, defaults filled in', () => {
    expect(payCalendarOf({ timesheetSchedule: 'biweekly' })).toEqual({
      schedule: 'biweekly',
      anchorDate: null,
      startDays: [],
      paydayDays: 7,
      paydayWeekday: null,
    });
  });
});

describe('a calendar in words', () => {
  it('says what differs from the schedule’s default, and the payday', () => {
    expect(payCalendarInWords({ schedule: 'weekly' })).toEqual({
      periods: null,
      payday: 'Paid 7 days after the period',
    });
    expect(
      payCalendarInWords({
        schedule: 'biweekly',
        anchorDate: '2026-10-21',
        paydayDays: 1,
        paydayWeekday: 5,
      }),
    ).toEqual({
      periods: 'fortnights from Wed, Oct 21, 2026',
      payday: 'Paid the first Friday after the period',
    });
    expect(
      payCalendarInWords({ schedule: 'weekly', anchorDate: '2026-10-21', paydayDays: 0 }),
    ).toEqual({
      periods: 'Wednesday to Tuesday',
      payday: 'Paid on its last day',
    });
    expect(payCalendarInWords({ schedule: 'semimonthly', startDays: [1, 22] }).periods).toBe(
      'the 1st and the 22nd',
    );
    expect(payCalendarInWords({ schedule: 'monthly', startDays: [11] }).periods).toBe(
      'from the 11th',
    );
    expect(
      payCalendarInWords({ schedule: 'monthly', paydayDays: 3, paydayWeekday: 1 }).payday,
    ).toBe('Paid the first Monday at least 3 days after the period');
  });
});
