import { Fragment } from 'react';
import { ScrollTable } from '@/components/ui/scroll-table';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import {
  endsNextDay,
  formatBreak,
  formatClock,
  formatCurrency,
  formatDisplayDate,
  formatDuration,
  formatMoney,
  type TimeFormat,
} from '../../../../shared/domain/index.ts';
import {
  formatHoursMinutes,
  formatHundredths,
  toHundredths,
} from '../../../../shared/domain/pay-text.ts';
import { DEFAULT_DEPARTMENT } from '../../../../shared/names.ts';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';
import { payLineText, regularCentsOf } from './report-extras';

/** docs/product/screens.md#timesheet-reports: a shift without a department shows under this name. */
export { DEFAULT_DEPARTMENT };

type PreviewRowsProps = {
  logs: WorkLog[];
  timeFormat: TimeFormat;
  currency: string;
  includeNotes: boolean;
  /**
   * Decimal places of a day's hours, as the file prints them: 1 where the employer bills in
   * tenths on that day.
   */
  places: (date: string) => 1 | 2;
};

/** The time paid as the file prints it: '7:15' and '7.25 h'. */
const paidTime = (log: WorkLog) => formatHoursMinutes(log.paidMinutes);
const paidHours = (log: WorkLog, places: (date: string) => 1 | 2) =>
  formatDuration(formatHundredths(toHundredths(log.paidMinutes), places(log.date)));

/**
 * A shift's pay in words under its row, as the file prints it: its regular pay, then each premium
 * and overtime line; none without such lines.
 */
function payLinesOf(log: WorkLog, currency: string): string[] {
  if (log.payLines.length === 0) return [];
  return [
    `Regular pay ${formatCurrency(regularCentsOf(log), currency)}`,
    ...log.payLines.map((line) => payLineText(line, currency)),
  ];
}

function PayLines({ lines }: { lines: string[] }) {
  return (
    <ul aria-label="Pay lines" className="space-y-0.5 text-muted-foreground text-xs tabular-nums">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

const endText = (log: WorkLog, timeFormat: TimeFormat) =>
  `${formatClock(log.endTime, timeFormat)}${endsNextDay(log.startTime, log.endTime) ? ' (+1 day)' : ''}`;

export function PreviewTable({
  logs,
  timeFormat,
  currency,
  includeNotes,
  places,
}: PreviewRowsProps) {
  return (
    <ScrollTable label="Shifts in the report">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Date</TableHead>
          <TableHead>Department</TableHead>
          <TableHead>Start</TableHead>
          <TableHead>End</TableHead>
          <TableHead className="text-right">Break</TableHead>
          <TableHead className="text-right">h:mm</TableHead>
          <TableHead className="text-right">Hours</TableHead>
          <TableHead className="text-right">Earnings</TableHead>
          {includeNotes ? <TableHead>Notes</TableHead> : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {logs.map((log) => {
          const lines = payLinesOf(log, currency);
          return (
            <Fragment key={log.id}>
              <TableRow className={lines.length > 0 ? 'border-b-0' : undefined}>
                <TableCell className="whitespace-nowrap">{formatDisplayDate(log.date)}</TableCell>
                <TableCell>{log.department || DEFAULT_DEPARTMENT}</TableCell>
                <TableCell className="whitespace-nowrap tabular-nums">
                  {formatClock(log.startTime, timeFormat)}
                </TableCell>
                <TableCell className="whitespace-nowrap tabular-nums">
                  {endText(log, timeFormat)}
                </TableCell>
                <TableCell className="whitespace-nowrap text-right tabular-nums">
                  {formatBreak(log.breakDuration)}
                </TableCell>
                <TableCell className="whitespace-nowrap text-right tabular-nums">
                  {paidTime(log)}
                </TableCell>
                <TableCell className="whitespace-nowrap text-right tabular-nums">
                  {paidHours(log, places)}
                </TableCell>
                <TableCell className="whitespace-nowrap text-right tabular-nums">
                  {formatMoney(log.earnings, currency)}
                </TableCell>
                {includeNotes ? (
                  // A floor under its width, or a long note is squeezed to a word a line; the frame scrolls instead.
                  <TableCell className="min-w-56 max-w-72 text-muted-foreground [overflow-wrap:anywhere]">
                    {log.note ?? ''}
                  </TableCell>
                ) : null}
              </TableRow>
              {lines.length > 0 ? (
                <TableRow className="hover:bg-transparent">
                  <TableCell colSpan={includeNotes ? 9 : 8} className="pt-0 pl-6">
                    <PayLines lines={lines} />
                  </TableCell>
                </TableRow>
              ) : null}
            </Fragment>
          );
        })}
      </TableBody>
    </ScrollTable>
  );
}

/** The rows as cards (under 768 px), so a phone never scrolls sideways. */
export function PreviewCards({
  logs,
  timeFormat,
  currency,
  includeNotes,
  places,
}: PreviewRowsProps) {
  return (
    <ul aria-label="Shifts in the report" className="grid gap-2">
      {logs.map((log) => (
        <li key={log.id} className="rounded-lg border p-3 text-sm">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-medium">{formatDisplayDate(log.date)}</p>
              <p className="text-muted-foreground [overflow-wrap:anywhere]">
                {log.department || DEFAULT_DEPARTMENT}
              </p>
            </div>
            <p className="shrink-0 font-semibold tabular-nums">
              {formatMoney(log.earnings, currency)}
            </p>
          </div>
          <p className="mt-1 tabular-nums">
            {formatClock(log.startTime, timeFormat)} – {endText(log, timeFormat)} ·{' '}
            {formatBreak(log.breakDuration)} break · {paidTime(log)} ({paidHours(log, places)})
          </p>
          {log.payLines.length > 0 ? (
            <div className="mt-1 [overflow-wrap:anywhere]">
              <PayLines lines={payLinesOf(log, currency)} />
            </div>
          ) : null}
          {includeNotes && log.note ? (
            <p className="mt-1 text-muted-foreground [overflow-wrap:anywhere]">{log.note}</p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
