import { Mail, Trash2 } from 'lucide-react';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ScrollTable } from '@/components/ui/scroll-table';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { formatDuration, formatMoney, todayIn } from '../../../../shared/domain/index.ts';
import type { Timesheet } from '../../../../shared/schemas/timesheets.ts';
import { DownloadButton } from './download-button';
import { downloadReport, reportFileName } from './report-download';
import { formatPeriod, formatShortDate } from './report-text';

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

type HistoryRowsProps = {
  timesheets: Timesheet[];
  timeZone: string;
  onEmail: (timesheet: Timesheet) => void;
  onDelete: (timesheet: Timesheet) => void;
};

/** An instant as the day it fell on in the user's zone: 'Mar 4, 2026'. */
const dayOf = (instant: string, timeZone: string) =>
  formatShortDate(todayIn(timeZone, new Date(instant)));

const generatedOn = (timesheet: Timesheet, timeZone: string) =>
  dayOf(timesheet.createdAt, timeZone);

/** In the table (`compact`) a long address is cut visually; the whole text is still read out. */
function SentNote({
  timesheet,
  timeZone,
  compact = false,
}: {
  timesheet: Timesheet;
  timeZone: string;
  compact?: boolean;
}) {
  if (!timesheet.sentTo || !timesheet.sentAt) return null;
  const day = dayOf(timesheet.sentAt, timeZone);
  if (compact) {
    return (
      <p
        className="max-w-44 text-muted-foreground text-xs"
        title={`Sent to ${timesheet.sentTo} on ${day}`}
      >
        <span className="block truncate">to {timesheet.sentTo}</span>
        <span className="block whitespace-nowrap">on {day}</span>
      </p>
    );
  }
  return (
    <p className="text-muted-foreground text-xs [overflow-wrap:anywhere]">
      Sent to {timesheet.sentTo} on {day}
    </p>
  );
}

const formatOf = (timesheet: Timesheet) => (timesheet.format ?? '—').toUpperCase();

function HistoryActions({
  timesheet,
  onEmail,
  onDelete,
  className,
  compact = false,
}: {
  timesheet: Timesheet;
  onEmail: (timesheet: Timesheet) => void;
  onDelete: (timesheet: Timesheet) => void;
  className?: string;
  /** In the table: Email, Download and Delete as icons, so the row fits a desktop screen. */
  compact?: boolean;
}) {
  const report = `the report for ${timesheet.employerName}, ${formatPeriod(timesheet.startDate, timesheet.endDate)}`;
  return (
    <div className={cn('flex flex-wrap', compact ? 'gap-1' : 'gap-2', className)}>
      <Button
        variant="outline"
        size={compact ? 'icon' : 'sm'}
        className={compact ? 'size-8' : undefined}
        aria-label={`Email ${report}`}
        title={compact ? 'Email' : undefined}
        onClick={() => onEmail(timesheet)}
      >
        <Mail aria-hidden="true" />
        {compact ? null : 'Email'}
      </Button>
      <DownloadButton
        variant="outline"
        size={compact ? 'icon' : 'sm'}
        className={compact ? 'size-8' : undefined}
        aria-label={`Download ${report}`}
        title={compact ? 'Download' : undefined}
        onDownload={() => downloadReport(timesheet.downloadUrl, reportFileName(timesheet))}
      >
        {compact ? null : 'Download'}
      </DownloadButton>
      <Button
        variant="ghost"
        size={compact ? 'icon' : 'sm'}
        className={cn('text-destructive hover:text-destructive', compact && 'size-8')}
        aria-label={`Delete ${report}`}
        title={compact ? 'Delete' : undefined}
        onClick={() => onDelete(timesheet)}
      >
        <Trash2 aria-hidden="true" />
        {compact ? null : 'Delete'}
      </Button>
    </div>
  );
}

/** Stays at the right edge while the table scrolls sideways; opaque, so cells pass under it. */
const stickyCell =
  'sticky right-0 bg-card group-hover:bg-[color-mix(in_oklab,var(--color-muted)_50%,var(--color-card))]';

export function HistoryTable({ timesheets, timeZone, onEmail, onDelete }: HistoryRowsProps) {
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
            <TableHead className={cn('text-right', stickyCell)}>Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {timesheets.map((t) => (
            <TableRow key={t.id} className="group">
              <TableCell className="min-w-32 max-w-48 font-medium [overflow-wrap:anywhere]">
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
              <TableCell className="space-y-1">
                <StatusBadge status={t.status} />
                <SentNote timesheet={t} timeZone={timeZone} compact />
              </TableCell>
              <TableCell className={cn('py-1.5 pr-2 pl-1 text-right', stickyCell)}>
                <HistoryActions
                  timesheet={t}
                  onEmail={onEmail}
                  onDelete={onDelete}
                  className="flex-nowrap justify-end"
                  compact
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </ScrollTable>
    </div>
  );
}

export function HistoryCards({ timesheets, timeZone, onEmail, onDelete }: HistoryRowsProps) {
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
          <SentNote timesheet={t} timeZone={timeZone} />
          <HistoryActions timesheet={t} onEmail={onEmail} onDelete={onDelete} />
        </li>
      ))}
    </ul>
  );
}
