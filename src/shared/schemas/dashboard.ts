import { z } from 'zod';
import { dashboardPeriods } from '../domain/periods.ts';
import { brandColors } from './enums.ts';
import { taxCalculations } from './settings.ts';

export const dashboardPeriodQuerySchema = z.object({
  period: z
    .enum(dashboardPeriods, { error: 'Choose a period: week, month, quarter or year' })
    .default('week'),
});
export type DashboardPeriodQuery = z.input<typeof dashboardPeriodQuerySchema>;

export const trendSchema = z.object({
  percentage: z.number(),
  direction: z.enum(['up', 'down', 'flat', 'new']),
});

/**
 * One employer's overtime so far in the workweek (or 14-day period) containing today, in the
 * user's zone, as the pay engine counts it: an estimate.
 */
export const overtimeThisWeekSchema = z.object({
  employerId: z.number().int(),
  name: z.string(),
  brandColor: z.enum(brandColors),
  kind: z.enum(['workweek', 'period14']),
  startDate: z.string(),
  endDate: z.string(),
  /** Paid minutes of the period so far. */
  paidMinutes: z.number().int(),
  /** All overtime minutes of the period so far, whatever the multiplier. */
  overtimeMinutes: z.number().int(),
  byMultiplier: z.array(z.object({ multiplierBp: z.number().int(), minutes: z.number().int() })),
  /** The overtime premium (overtime hours × (multiplier − 1) × regular rate), an estimate. */
  overtimePremiumCents: z.number().int(),
  /** The weekly (or 80-hour) threshold, and the straight-time minutes left before it; null without one. */
  thresholdMinutes: z.number().int().nullable(),
  minutesLeftBeforeThreshold: z.number().int().nullable(),
  /**
   * Employers counted as one for overtime (decision 040): one row for the group, `name` the
   * group's, figures over all its employers' hours; absent or null for an employer alone.
   */
  group: z
    .object({ name: z.string(), employers: z.array(z.string()) })
    .nullable()
    .optional(),
});
export type OvertimeThisWeek = z.infer<typeof overtimeThisWeekSchema>;

/**
 * `weeklyHours` is the chosen period's hours, whatever its length. `overtimeThisWeek` is about
 * the current workweek whatever the period, one row per active employer with overtime rules.
 */
export const dashboardStatsSchema = z.object({
  period: z.enum(dashboardPeriods),
  from: z.string(),
  to: z.string(),
  weeklyHours: z.string(),
  earnings: z.string(),
  /** The employers' tax method, or 'mixed' when the period's employers differ. */
  taxCalculation: z.enum([...taxCalculations, 'mixed']),
  tax: z.string(),
  /** The pay after tax plus the expenses paid back. */
  totalDue: z.string(),
  /** Tips (cash and card): the user's income, never billed (decision 042). */
  tips: z.string(),
  /** Expenses paid back (mileage and amounts), never taxed; in totalDue. */
  expenses: z.string(),
  shifts: z.number().int(),
  activeEmployers: z.number().int(),
  weeklyHoursTrend: trendSchema,
  weeklyEarningsTrend: trendSchema,
  overtimeThisWeek: z.array(overtimeThisWeekSchema),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

export const dashboardSeriesSchema = z.object({
  period: z.enum(dashboardPeriods),
  from: z.string(),
  to: z.string(),
  employers: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      brandColor: z.enum(brandColors),
      hours: z.string(),
      earnings: z.string(),
    }),
  ),
  days: z.array(
    z.object({
      date: z.string(),
      hours: z.string(),
      byEmployer: z.array(z.object({ employerId: z.number().int(), hours: z.string() })),
    }),
  ),
});
export type DashboardSeries = z.infer<typeof dashboardSeriesSchema>;
