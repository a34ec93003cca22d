import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { timesheetSchedules } from '../schemas/enums.ts';
import { addDays, compareDates, dayOfWeek, daysBetween } from './dates.ts';
import { payPeriodDueDate, payPeriodOf, previousPayPeriod } from './pay-periods.ts';

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
