import { Badge, type BadgeProps } from '@/components/ui/badge';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDuration, formatMoney, todayIn } from '../../../../shared/domain/index.ts';
import type { Timesheet } from '../../../../shared/schemas/timesheets.ts';
import { DownloadButton } from './download-button';
import { downloadReport, reportFileName } from './report-download';
import { formatPeriod, formatShortDate } from './report-text';
import { ScrollTable } from './scroll-table';

const statusBadges: Record<Timesheet['status'], { label: string; variant: BadgeProps['variant'] }> =
  {
    upcoming: { label: 'Upcoming', variant: 'pending' },
    generated: { label: 'Generated', variant: 'secondary' },
    sent: { label: 'Sent', variant: 'approved' },
    paid: { label: 'Paid', variant: 'active' },
  };

export function StatusBadge({ status }: { status: Timesheet['status'] }) {
  const { label, variant } = statusBadges[status];
  return <Badge variant={variant}>{label}</Badge>;
}

type HistoryRowsProps = { timesheets: Timesheet[]; timeZone: string };

/** The day it was generated, in the user's zone. */
const generatedOn = (timesheet: Timesheet, timeZone: string) =>
  formatShortDate(todayIn(timeZone, new Date(timesheet.createdAt)));

const formatOf = (timesheet: Timesheet) => (timesheet.format ?? '—').toUpperCase();

function HistoryDownload({ timesheet }: { timesheet: Timesheet }) {
  const period = formatPeriod(timesheet.startDate, timesheet.endDate);
  return (
    <DownloadButton
      variant="outline"
      size="sm"
      aria-label={`Download the report for ${timesheet.employerName}, ${period}`}
      onDownload={() => downloadReport(timesheet.downloadUrl, reportFileName(timesheet))}
    >
      Download
    </DownloadButton>
  );
}

/** Generated reports as a table (from 768 px), newest first. */
export function HistoryTable({ timesheets, timeZone }: HistoryRowsProps) {
  return (
    <div className="overflow-hidden rounded-xl border bg-card shadow-sm">
      <ScrollTable label="Generated reports" className="rounded-xl">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Employer</TableHead>
            <TableHead>Period</TableHead>
            <TableHead>Generated</TableHead>
            <TableHead>Format</TableHead>
            <TableHead className="text-right">Hours</TableHead>
            <TableHead className="text-right">Total due</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {timesheets.map((t) => (
            <TableRow key={t.id}>
              <TableCell className="max-w-48 font-medium [overflow-wrap:anywhere]">
                {t.employerName}
              </TableCell>
              <TableCell className="whitespace-nowrap">
                {formatPeriod(t.startDate, t.endDate)}
              </TableCell>
              <TableCell className="whitespace-nowrap">{generatedOn(t, timeZone)}</TableCell>
              <TableCell>{formatOf(t)}</TableCell>
              <TableCell className="whitespace-nowrap text-right tabular-nums">
                {formatDuration(t.totalHours)}
              </TableCell>
              <TableCell className="whitespace-nowrap text-right tabular-nums">
                {formatMoney(t.totalDue, t.currency)}
              </TableCell>
              <TableCell>
                <StatusBadge status={t.status} />
              </TableCell>
              <TableCell className="py-1.5 text-right">
                <HistoryDownload timesheet={t} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </ScrollTable>
    </div>
  );
}

/** Generated reports as cards (under 768 px). */
export function HistoryCards({ timesheets, timeZone }: HistoryRowsProps) {
  return (
    <ul aria-label="Generated reports" className="grid gap-3">
      {timesheets.map((t) => (
        <li key={t.id} className="space-y-2 rounded-xl border bg-card p-4 shadow-sm">
          <div className="flex items-start justify-between gap-3">
            <h3 className="min-w-0 font-semibold [overflow-wrap:anywhere]">{t.employerName}</h3>
            <StatusBadge status={t.status} />
          </div>
          <p className="text-sm">{formatPeriod(t.startDate, t.endDate)}</p>
          <dl className="grid grid-cols-2 gap-2 text-sm">
            <div>
              <dt className="text-muted-foreground text-xs">Hours</dt>
              <dd className="font-medium tabular-nums">{formatDuration(t.totalHours)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground text-xs">Total due</dt>
              <dd className="font-medium tabular-nums">{formatMoney(t.totalDue, t.currency)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground text-xs">Generated</dt>
              <dd>{generatedOn(t, timeZone)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground text-xs">Format</dt>
              <dd>{formatOf(t)}</dd>
            </div>
          </dl>
          <HistoryDownload timesheet={t} />
        </li>
      ))}
    </ul>
  );
}
