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

/** `weeklyHours` is the chosen period's hours, whatever its length. */
export const dashboardStatsSchema = z.object({
  period: z.enum(dashboardPeriods),
  from: z.string(),
  to: z.string(),
  weeklyHours: z.string(),
  earnings: z.string(),
  /** The employers' tax method, or 'mixed' when the period's employers differ. */
  taxCalculation: z.enum([...taxCalculations, 'mixed']),
  tax: z.string(),
  totalDue: z.string(),
  shifts: z.number().int(),
  activeEmployers: z.number().int(),
  weeklyHoursTrend: trendSchema,
  weeklyEarningsTrend: trendSchema,
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
