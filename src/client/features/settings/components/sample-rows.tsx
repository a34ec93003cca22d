import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import {
  endsNextDay,
  formatBreak,
  formatClock,
  formatCurrency,
  formatDisplayDate,
  formatHours,
} from '../../../../shared/domain/index.ts';
import type { TimeFormat } from '../../../../shared/domain/time.ts';
import type { SampleExport } from './sample-export';

type SampleRowsProps = { rows: SampleExport['rows']; timeFormat: TimeFormat; currency: string };

const end = (row: SampleExport['rows'][number], timeFormat: TimeFormat) =>
  `${formatClock(row.endTime, timeFormat)}${endsNextDay(row.startTime, row.endTime) ? ' (+1 day)' : ''}`;

/** On a phone, one line pair per shift, so nothing needs scrolling sideways. */
export function SampleRows({ rows, timeFormat, currency }: SampleRowsProps) {
  const money = (cents: number) => formatCurrency(cents, currency);
  return (
    <>
      <Table aria-label="Sample work logs" className="hidden sm:table">
        <TableHeader>
          <TableRow>
            <TableHead>Date</TableHead>
            <TableHead>Department</TableHead>
            <TableHead>Start</TableHead>
            <TableHead>End</TableHead>
            <TableHead>Break</TableHead>
            <TableHead className="text-right">Hours</TableHead>
            <TableHead className="text-right">Earnings</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.date}>
              <TableCell className="whitespace-nowrap">{formatDisplayDate(row.date)}</TableCell>
              <TableCell>{row.department}</TableCell>
              <TableCell className="whitespace-nowrap">
                {formatClock(row.startTime, timeFormat)}
              </TableCell>
              <TableCell className="whitespace-nowrap">{end(row, timeFormat)}</TableCell>
              <TableCell className="whitespace-nowrap">{formatBreak(row.breakDuration)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatHours(row.tenths)}</TableCell>
              <TableCell className="text-right tabular-nums">{money(row.earningsCents)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ul aria-label="Sample work logs" className="divide-y border-y sm:hidden">
        {rows.map((row) => (
          <li key={row.date} className="flex items-start justify-between gap-3 py-3 text-sm">
            <div className="min-w-0">
              <p className="font-medium">
                {formatDisplayDate(row.date)} · {row.department}
              </p>
              <p className="text-muted-foreground">
                {formatClock(row.startTime, timeFormat)} – {end(row, timeFormat)},{' '}
                {formatBreak(row.breakDuration)} break
              </p>
            </div>
            <div className="shrink-0 text-right tabular-nums">
              <p className="font-medium">{formatHours(row.tenths)} h</p>
              <p className="text-muted-foreground">{money(row.earningsCents)}</p>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
