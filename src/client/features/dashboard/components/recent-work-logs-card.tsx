import { ClipboardList } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { useCurrency, useSettings } from '@/features/settings';
import { useDashboardRecentWorkLogs } from '@/features/work-logs';
import {
  formatDisplayDate,
  formatDuration,
  formatMoney,
  formatTimeRange,
} from '../../../../shared/domain/format.ts';
import { CardList } from './card-list';
import { DashboardCard } from './dashboard-card';
import { useToastOnRefreshFailure } from './load-error';

export function RecentWorkLogsCard() {
  const query = useDashboardRecentWorkLogs();
  const timeFormat = useSettings().data?.timeFormat ?? '12-hour';
  const currency = useCurrency();
  useToastOnRefreshFailure(query, 'Failed to fetch recent work logs');
  const logs = query.data;
  return (
    <DashboardCard
      title="Recent Work Logs"
      action={
        <Button asChild variant="ghost" size="sm">
          <Link href="/work-logs" aria-label="View all work logs">
            View all
          </Link>
        </Button>
      }
    >
      <CardList
        query={query}
        rows={logs?.map((log) => ({
          key: log.id,
          color: log.employer.brandColor,
          name: log.employer.name,
          detail: `${formatDisplayDate(log.date)} · ${formatTimeRange(log.startTime, log.endTime, timeFormat)}`,
          figures: (
            <>
              <p className="font-medium">{formatDuration(log.hours)}</p>
              <p className="text-muted-foreground text-xs">{formatMoney(log.earnings, currency)}</p>
            </>
          ),
        }))}
        label="Recent work logs"
        loadingLabel="Loading recent work logs"
        skeletonRows={4}
        errorTitle="Failed to fetch recent work logs"
        empty={{
          icon: ClipboardList,
          title: 'No work logged yet',
          hint: 'Shifts you log show up here.',
        }}
      />
    </DashboardCard>
  );
}
