import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { useCurrency } from '@/features/settings';
import { cn } from '@/lib/utils';
import {
  endsNextDay,
  formatBreak,
  formatClockRange,
  formatDisplayDate,
  formatDuration,
  formatMoney,
  type TimeFormat,
} from '../../../../shared/domain/index.ts';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';
import { EmployerDot, EmployerName } from './employer-dot';
import { NotionSyncBadge } from './notion-sync-badge';
import { PayBadges } from './pay-badges';
import { WorkLogNote } from './work-log-note';
import { type WorkLogActions, WorkLogRowActions } from './work-log-row-actions';
import { SelectAllWorkLogs, SelectWorkLog, type WorkLogSelection } from './work-log-selection';

/** Opaque, so scrolled cells pass under it; on hover the same shade as the rest of the row. */
const stickyBackground =
  'bg-card group-hover:bg-[color-mix(in_oklab,var(--color-muted)_50%,var(--color-card))]';

type WorkLogsTableProps = WorkLogActions & {
  workLogs: WorkLog[];
  timeFormat: TimeFormat;
  selection: WorkLogSelection;
};

export function WorkLogsTable({
  workLogs,
  timeFormat,
  onEdit,
  onDelete,
  onDuplicate,
  selection,
}: WorkLogsTableProps) {
  const currency = useCurrency();
  return (
    <div className="overflow-hidden rounded-xl border bg-card shadow-sm">
      <Table>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead className="w-10 pr-0">
              <SelectAllWorkLogs selection={selection} className="align-middle" />
            </TableHead>
            <TableHead>Employer</TableHead>
            <TableHead>Date</TableHead>
            <TableHead>Time</TableHead>
            <TableHead className="text-right">Hours</TableHead>
            <TableHead className="text-right">Earnings</TableHead>
            <TableHead className="text-right">Break</TableHead>
            <TableHead className="sticky right-0 bg-card text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {workLogs.map((log) => (
            <TableRow
              key={log.id}
              className={cn('group', selection.isSelected(log.id) && 'bg-primary/5')}
            >
              <TableCell className="w-10 pr-0 align-top">
                <SelectWorkLog workLog={log} selection={selection} className="mt-1" />
              </TableCell>
              <TableCell>
                {/* Bounded, so a long name or note wraps or is cut here, never pushing the
                    actions out of the table. */}
                <div className="flex w-40 items-start gap-2.5 xl:w-56">
                  <EmployerDot employer={log.employer} className="mt-1.5" />
                  <div className="min-w-0 flex-1">
                    <EmployerName name={log.employer.name} className="font-medium" />
                    {log.department ? (
                      <div className="truncate text-muted-foreground text-xs">{log.department}</div>
                    ) : null}
                    <WorkLogNote workLog={log} lines={1} className="mt-1" />
                    <PayBadges workLog={log} className="mt-1" />
                  </div>
                </div>
              </TableCell>
              <TableCell className="whitespace-nowrap">
                {/* The mirror's mark sits beside the date; a failed one's Retry goes under it,
                    narrower than the date, so the column keeps its width. */}
                <div
                  className={cn(
                    'flex gap-x-1.5',
                    log.notionSync.state === 'failed' ? 'flex-col items-start' : 'items-center',
                  )}
                >
                  {formatDisplayDate(log.date)}
                  <NotionSyncBadge workLog={log} />
                </div>
              </TableCell>
              <TableCell className="tabular-nums">
                {/* The range stays on one line; '(+1 day)' wraps under it when room is short. */}
                <span className="whitespace-nowrap">
                  {formatClockRange(log.startTime, log.endTime, timeFormat)}
                </span>
                {endsNextDay(log.startTime, log.endTime) ? (
                  <>
                    {' '}
                    <span className="whitespace-nowrap">(+1 day)</span>
                  </>
                ) : null}
              </TableCell>
              {/* '11.5 h' and '$1,234.56' never break: the employer column gives way instead. */}
              <TableCell className="whitespace-nowrap text-right font-medium tabular-nums">
                {formatDuration(log.hours)}
              </TableCell>
              <TableCell className="whitespace-nowrap text-right tabular-nums">
                {formatMoney(log.earnings, currency)}
              </TableCell>
              <TableCell className="whitespace-nowrap text-right text-muted-foreground tabular-nums">
                {formatBreak(log.breakDuration)}
              </TableCell>
              {/* Sticky: on a narrow window the table scrolls sideways, and Edit and Delete stay
                  in view at the right edge. */}
              <TableCell className={cn('sticky right-0 py-1.5', stickyBackground)}>
                <WorkLogRowActions
                  workLog={log}
                  onEdit={onEdit}
                  onDelete={onDelete}
                  onDuplicate={onDuplicate}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
