import { BarChart3 } from 'lucide-react';
import { lazy, Suspense, useRef } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrency } from '@/features/settings';
import { useNearViewport } from '@/lib/use-near-viewport';
import { formatDisplayDate, formatMoney } from '../../../../shared/domain/format.ts';
import type { DashboardPeriod } from '../../../../shared/domain/periods.ts';
import type { DashboardSeries } from '../../../../shared/schemas/dashboard.ts';
import { useDashboardSeries } from '../api/get-dashboard-series';
import { ColourDot, DashboardCard, EmptyNote } from './dashboard-card';
import { LoadError } from './load-error';
import { periodLabels } from './period-select';

const HoursChart = lazy(() => import('./hours-chart'));

/**
 * The canvas, fetched and drawn when it comes near the screen: below the fold on a phone it
 * takes nothing from the page's first load. Its text alternative (the table) is there at once.
 */
function ChartWhenNear({ series }: { series: DashboardSeries }) {
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  const placeholder = <Skeleton className="h-64 w-full" />;
  return (
    <div ref={box}>
      {near ? (
        <Suspense fallback={placeholder}>
          <HoursChart series={series} label={chartSummary(series)} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}

/** '12.5 hours from Sun, Mar 1, 2026 to Sat, Mar 7, 2026: Acme 10 h, …', the canvas's name. */
export function chartSummary(series: DashboardSeries): string {
  const total = series.employers.reduce((sum, e) => sum + Number(e.hours), 0);
  const range = `${formatDisplayDate(series.from)} to ${formatDisplayDate(series.to)}`;
  const parts = series.employers.map((e) => `${e.name} ${e.hours} h`).join(', ');
  return `Hours per day from ${range}: ${total.toFixed(1)} h in all${parts ? `; ${parts}` : ''}.`;
}

/** Each employer's hours and earnings: the chart's legend and its text alternative at once. */
function EmployerTotals({ series }: { series: DashboardSeries }) {
  const currency = useCurrency();
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Hours and earnings per employer</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">Employer</th>
          <th scope="col">Hours</th>
          <th scope="col">Earnings</th>
        </tr>
      </thead>
      <tbody className="divide-y">
        {series.employers.map((employer) => (
          <tr key={employer.id}>
            <th scope="row" className="max-w-0 py-2 text-left font-medium">
              <span className="flex items-center gap-2">
                <ColourDot color={employer.brandColor} />
                <span className="truncate" title={employer.name}>
                  {employer.name}
                </span>
              </span>
            </th>
            <td className="w-20 py-2 text-right tabular-nums">{employer.hours} h</td>
            <td className="w-24 py-2 text-right tabular-nums">
              {formatMoney(employer.earnings, currency)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function HoursChartCard({ period }: { period: DashboardPeriod }) {
  const query = useDashboardSeries(period);
  const series = query.data;
  const worked = series?.employers.some((e) => Number(e.hours) > 0) ?? false;
  return (
    <DashboardCard title={`Hours ${periodLabels[period]}`}>
      {query.isPending ? (
        <div aria-busy="true">
          <p role="status" className="sr-only">
            Loading the chart
          </p>
          <Skeleton className="h-64 w-full" />
        </div>
      ) : !series ? (
        <LoadError title="Failed to fetch hours" query={query} />
      ) : !worked ? (
        <EmptyNote
          icon={BarChart3}
          title="No hours logged in this period"
          hint="Log a shift and its hours appear here, by employer."
        />
      ) : (
        <div className="grid gap-4">
          <ChartWhenNear series={series} />
          <EmployerTotals series={series} />
        </div>
      )}
    </DashboardCard>
  );
}
