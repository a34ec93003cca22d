import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import type { TimeFormat } from '../../../../shared/domain/index.ts';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';
import { EmployerDot } from './employer-dot';
import {
  formatLogBreak,
  formatLogDate,
  formatLogHours,
  formatLogTimes,
  formatMoney,
} from './work-log-format';
import { type WorkLogActions, WorkLogRowActions } from './work-log-row-actions';

type WorkLogsTableProps = WorkLogActions & { workLogs: WorkLog[]; timeFormat: TimeFormat };

/** The desktop list (from 768 px): one row per shift, newest first. */
export function WorkLogsTable({ workLogs, timeFormat, onEdit, onDelete }: WorkLogsTableProps) {
  return (
    <div className="rounded-xl border bg-card shadow-sm">
      <Table>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Employer</TableHead>
            <TableHead>Date</TableHead>
            <TableHead>Time</TableHead>
            <TableHead className="text-right">Hours</TableHead>
            <TableHead className="text-right">Earnings</TableHead>
            <TableHead className="text-right">Break</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {workLogs.map((log) => (
            <TableRow key={log.id}>
              <TableCell>
                <div className="flex items-center gap-2.5">
                  <EmployerDot employer={log.employer} />
                  <div className="min-w-0">
                    <div className="truncate font-medium">{log.employer.name}</div>
                    {log.department ? (
                      <div className="truncate text-muted-foreground text-xs">{log.department}</div>
                    ) : null}
                  </div>
                </div>
              </TableCell>
              <TableCell className="whitespace-nowrap">{formatLogDate(log.date)}</TableCell>
              <TableCell className="whitespace-nowrap tabular-nums">
                {formatLogTimes(log, timeFormat)}
              </TableCell>
              <TableCell className="text-right font-medium tabular-nums">
                {formatLogHours(log.hours)}
              </TableCell>
              <TableCell className="text-right tabular-nums">{formatMoney(log.earnings)}</TableCell>
              <TableCell className="whitespace-nowrap text-right text-muted-foreground tabular-nums">
                {formatLogBreak(log.breakDuration)}
              </TableCell>
              <TableCell className="py-1.5">
                <WorkLogRowActions workLog={log} onEdit={onEdit} onDelete={onDelete} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
