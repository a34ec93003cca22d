import type { DashboardPeriod } from '../../../../shared/domain/periods.ts';

/** The dashboard's figures, each under its GET route (its recent logs are workLogKeys'). */
export const dashboardKeys = {
  statsAll: ['/api/dashboard/stats'] as const,
  stats: (period: DashboardPeriod) => ['/api/dashboard/stats', { period }] as const,
  seriesAll: ['/api/dashboard/weekly-hours'] as const,
  series: (period: DashboardPeriod) => ['/api/dashboard/weekly-hours', { period }] as const,
};
