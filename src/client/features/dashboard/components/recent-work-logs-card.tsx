import { ClipboardList } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { useSettings } from '@/features/settings';
import {
  formatDisplayDate,
  formatDuration,
  formatMoney,
  formatTimeRange,
} from '../../../../shared/domain/format.ts';
import { useDashboardRecentWorkLogs } from '../api/get-dashboard-recent-work-logs';
import { ColourDot, DashboardCard, EmptyNote, RowsSkeleton } from './dashboard-card';
import { LoadError, useToastOnRefreshFailure } from './load-error';

/** The 7 newest shifts, newest first, with 'View all' to the work logs page. */
export function RecentWorkLogsCard() {
  const query = useDashboardRecentWorkLogs();
  const timeFormat = useSettings().data?.timeFormat ?? '12-hour';
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
      {query.isPending ? (
        <RowsSkeleton label="Loading recent work logs" rows={4} />
      ) : !logs ? (
        <LoadError title="Failed to fetch recent work logs" query={query} />
      ) : logs.length === 0 ? (
        <EmptyNote
          icon={ClipboardList}
          title="No work logged yet"
          hint="Shifts you log show up here."
        />
      ) : (
        <ul aria-label="Recent work logs" className="divide-y">
          {logs.map((log) => (
            <li key={log.id} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
              <ColourDot color={log.employer.brandColor} />
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium" title={log.employer.name}>
                  {log.employer.name}
                </p>
                <p className="text-muted-foreground text-xs tabular-nums">
                  {formatDisplayDate(log.date)} ·{' '}
                  {formatTimeRange(log.startTime, log.endTime, timeFormat)}
                </p>
              </div>
              <div className="shrink-0 text-right text-sm tabular-nums">
                <p className="font-medium">{formatDuration(log.hours)}</p>
                <p className="text-muted-foreground text-xs">{formatMoney(log.earnings)}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </DashboardCard>
  );
}
