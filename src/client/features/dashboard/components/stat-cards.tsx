import { Banknote, Building2, CalendarCheck, Clock } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrency } from '@/features/settings';
import { formatMoney } from '../../../../shared/domain/format.ts';
import type { DashboardPeriod } from '../../../../shared/domain/periods.ts';
import type { DashboardStats } from '../../../../shared/schemas/dashboard.ts';
import { useDashboardStats } from '../api/get-dashboard-stats';
import { LoadError, useToastOnRefreshFailure } from './load-error';
import { StatCard } from './stat-card';
import { TrendLine } from './trend-line';

const gridClasses = 'grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4';

/** '0.0' and '0.00' read as '0', so an empty period hides them (docs/product/screens.md#dashboard). */
const zeroAsSpec = (value: string) => (Number(value) === 0 ? '0' : value);

/** What the user is owed after their tax method (docs/product/money.md#tax), as a second line. */
export function afterTaxLine(stats: DashboardStats, currency: string): string {
  const due = formatMoney(stats.totalDue, currency);
  if (stats.taxCalculation === 'add') return `With tax added: ${due}`;
  if (stats.taxCalculation === 'deduct') return `After tax: ${due}`;
  if (stats.taxCalculation === 'mixed') return `After each employer's tax: ${due}`;
  return 'No tax applied';
}

/** Tips (income, never billed) and expenses paid back (in what is due), when there are any. */
export function tipsAndExpensesLine(stats: DashboardStats, currency: string): string | null {
  const parts: string[] = [];
  if (Number(stats.tips) > 0) parts.push(`Tips ${formatMoney(stats.tips, currency)}`);
  if (Number(stats.expenses) > 0) {
    parts.push(`expenses ${formatMoney(stats.expenses, currency)} (in the total due)`);
  }
  if (parts.length === 0) return null;
  const text = parts.join(' · ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function StatCardsSkeleton() {
  return (
    <div className={gridClasses} aria-busy="true">
      <p role="status" className="sr-only">
        Loading stats
      </p>
      {[0, 1, 2, 3].map((key) => (
        <Card key={key} className="space-y-4 p-5" data-testid="stat-skeleton">
          <div className="flex justify-between">
            <Skeleton className="h-4 w-20" />
            <Skeleton className="size-9" />
          </div>
          <Skeleton className="h-7 w-24" />
          <Skeleton className="h-4 w-32" />
        </Card>
      ))}
    </div>
  );
}

export function StatCards({ period }: { period: DashboardPeriod }) {
  const query = useDashboardStats(period);
  const currency = useCurrency();
  useToastOnRefreshFailure(query, 'Failed to fetch stats');
  if (query.isPending) return <StatCardsSkeleton />;
  const stats = query.data;
  if (!stats) {
    return <LoadError title="Failed to fetch stats" query={query} />;
  }
  return (
    <section aria-label="Stats" className={gridClasses} aria-busy={query.isPlaceholderData}>
      <StatCard title="Hours" value={zeroAsSpec(stats.weeklyHours)} suffix="h" icon={Clock}>
        <TrendLine trend={stats.weeklyHoursTrend} period={period} what="hours" />
      </StatCard>
      <StatCard
        title="Earnings"
        value={Number(stats.earnings) === 0 ? '0' : formatMoney(stats.earnings, currency)}
        icon={Banknote}
        variant="green"
      >
        <TrendLine trend={stats.weeklyEarningsTrend} period={period} what="earnings" />
        <p className="text-muted-foreground">{afterTaxLine(stats, currency)}</p>
        {tipsAndExpensesLine(stats, currency) ? (
          <p className="text-muted-foreground">{tipsAndExpensesLine(stats, currency)}</p>
        ) : null}
      </StatCard>
      <StatCard
        title="Shifts"
        value={String(stats.shifts)}
        icon={CalendarCheck}
        variant="orange"
        action={{ label: 'View work logs', href: '/work-logs' }}
      />
      <StatCard
        title="Active Employers"
        value={String(stats.activeEmployers)}
        icon={Building2}
        variant="blue"
        alwaysShow
        action={{ label: 'Manage employers', href: '/employers' }}
      />
    </section>
  );
}
