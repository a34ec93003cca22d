import { useCurrency } from '@/features/settings';
import { brandColorStyles } from '@/lib/brand-colors';
import { cn } from '@/lib/utils';
import {
  formatBreak,
  formatDisplayDate,
  formatDuration,
  formatMoney,
  formatTimeRange,
  type TimeFormat,
} from '../../../../shared/domain/index.ts';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';
import { EmployerName } from './employer-dot';
import { NotionSyncBadge } from './notion-sync-badge';
import { PayBadges } from './pay-badges';
import { WorkLogNote } from './work-log-note';
import { type WorkLogActions, WorkLogRowActions } from './work-log-row-actions';
import { SelectWorkLog, type WorkLogSelection } from './work-log-selection';

type WorkLogCardsProps = WorkLogActions & {
  workLogs: WorkLog[];
  timeFormat: TimeFormat;
  selection: WorkLogSelection;
};

/** Under 768 px: dense cards, so a 375 × 667 screen shows more than three. */
export function WorkLogCards({
  workLogs,
  timeFormat,
  onEdit,
  onDelete,
  onDuplicate,
  selection,
}: WorkLogCardsProps) {
  const currency = useCurrency();
  return (
    <ul aria-label="Work logs" className="grid gap-2">
      {workLogs.map((log) => {
        const accent = (brandColorStyles[log.employer.brandColor] ?? brandColorStyles.blue).accent;
        return (
          <li
            key={log.id}
            className={cn(
              'min-w-0 rounded-xl border border-l-4 bg-card px-3 py-2 shadow-sm',
              accent,
              selection.isSelected(log.id) && 'ring-2 ring-primary/60',
            )}
          >
            <div className="flex items-start gap-3">
              <SelectWorkLog workLog={log} selection={selection} className="mt-1" />
              <EmployerName
                name={log.employer.name}
                as="h2"
                lines={3}
                className="min-w-0 flex-1 font-semibold"
              />
              <p className="shrink-0 font-semibold tabular-nums">
                {formatMoney(log.earnings, currency)}
              </p>
            </div>
            <div className="flex items-start justify-between gap-3 text-sm">
              <div className="flex min-w-0 flex-wrap items-center gap-x-1.5">
                <p className="text-muted-foreground [overflow-wrap:anywhere]">
                  {formatDisplayDate(log.date)}
                  {log.department ? ` · ${log.department}` : ''}
                </p>
                <NotionSyncBadge workLog={log} />
              </div>
              <p className="shrink-0 font-medium tabular-nums">
                <span className="sr-only">Hours: </span>
                {formatDuration(log.hours)}
              </p>
            </div>
            <div className="flex items-center justify-between gap-2">
              <p className="min-w-0 text-sm tabular-nums">
                {formatTimeRange(log.startTime, log.endTime, timeFormat)}{' '}
                <span className="whitespace-nowrap text-muted-foreground">
                  · break {formatBreak(log.breakDuration)}
                </span>
              </p>
              <div className="-mr-2 shrink-0">
                <WorkLogRowActions
                  workLog={log}
                  onEdit={onEdit}
                  onDelete={onDelete}
                  onDuplicate={onDuplicate}
                />
              </div>
            </div>
            <PayBadges workLog={log} className="mb-1" />
            <WorkLogNote workLog={log} lines={1} />
          </li>
        );
      })}
    </ul>
  );
}
