import { ArrowDownRight, ArrowRight, ArrowUpRight, Sparkles } from 'lucide-react';
import { cn } from '@/lib/utils';
import type { DashboardPeriod } from '../../../../shared/domain/periods.ts';
import type { DashboardStats } from '../../../../shared/schemas/dashboard.ts';

type Trend = DashboardStats['weeklyHoursTrend'];

const icons = { up: ArrowUpRight, down: ArrowDownRight, flat: ArrowRight };
const tones = {
  up: 'text-green-700 dark:text-green-400',
  down: 'text-red-700 dark:text-red-400',
  flat: 'text-muted-foreground',
};

/** 'up 12.5% on last week', 'no change on last month': what the arrow says to a screen reader. */
export function trendLabel(trend: Trend, period: DashboardPeriod): string {
  if (trend.direction === 'new') return `nothing on last ${period} to compare with`;
  const against = `on last ${period}`;
  if (trend.direction === 'flat') return `no change ${against}`;
  return `${trend.direction} ${trend.percentage.toFixed(1)}% ${against}`;
}

type TrendLineProps = {
  trend: Trend;
  period: DashboardPeriod;
  /** What is compared, for the line shown when the last period had none: 'hours'. */
  what: string;
};

/** Without a last period: 'No hours last month to compare', not a meaningless '100%'. */
export function TrendLine({ trend, period, what }: TrendLineProps) {
  if (trend.direction === 'new') {
    return (
      <p className="flex items-center gap-1 text-muted-foreground">
        <Sparkles className="size-4 shrink-0" aria-hidden="true" />
        No {what} last {period} to compare
      </p>
    );
  }
  const Icon = icons[trend.direction];
  const label = trendLabel(trend, period);
  return (
    <p className="flex items-center gap-1">
      <span
        role="img"
        aria-label={label}
        className={cn('inline-flex items-center gap-0.5 font-medium', tones[trend.direction])}
      >
        <Icon className="size-4" aria-hidden="true" />
        <span aria-hidden="true">{trend.percentage.toFixed(1)}%</span>
      </span>
      <span aria-hidden="true" className="text-muted-foreground">
        vs last {period}
      </span>
    </p>
  );
}
