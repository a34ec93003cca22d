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
import { WorkLogNote } from './work-log-note';
import { type WorkLogActions, WorkLogRowActions } from './work-log-row-actions';

type WorkLogCardsProps = WorkLogActions & { workLogs: WorkLog[]; timeFormat: TimeFormat };

/** The mobile list (under 768 px): a card per shift with the employer's colour on its edge. */
export function WorkLogCards({ workLogs, timeFormat, onEdit, onDelete }: WorkLogCardsProps) {
  const currency = useCurrency();
  return (
    <ul aria-label="Work logs" className="grid gap-3">
      {workLogs.map((log) => {
        const accent = (brandColorStyles[log.employer.brandColor] ?? brandColorStyles.blue).accent;
        return (
          <li
            key={log.id}
            className={cn('rounded-xl border border-l-4 bg-card p-4 shadow-sm', accent)}
          >
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <EmployerName
                  name={log.employer.name}
                  as="h2"
                  lines={3}
                  className="font-semibold"
                />
                <div className="flex flex-wrap items-center gap-x-1.5">
                  <p className="text-muted-foreground text-sm [overflow-wrap:anywhere]">
                    {formatDisplayDate(log.date)}
                    {log.department ? ` · ${log.department}` : ''}
                  </p>
                  <NotionSyncBadge workLog={log} />
                </div>
              </div>
              <p className="shrink-0 font-semibold tabular-nums">
                {formatMoney(log.earnings, currency)}
              </p>
            </div>
            <p className="mt-2 text-sm tabular-nums">
              {formatTimeRange(log.startTime, log.endTime, timeFormat)}
            </p>
            <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
              <div>
                <dt className="text-muted-foreground text-xs">Hours</dt>
                <dd className="font-medium tabular-nums">{formatDuration(log.hours)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground text-xs">Break</dt>
                <dd className="font-medium tabular-nums">{formatBreak(log.breakDuration)}</dd>
              </div>
            </dl>
            <WorkLogNote workLog={log} lines={3} className="mt-3" />
            <div className="mt-3 border-t pt-2">
              <WorkLogRowActions workLog={log} onEdit={onEdit} onDelete={onDelete} withText />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
