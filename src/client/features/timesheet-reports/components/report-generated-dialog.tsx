import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { formatCurrency, parseMoney } from '../../../../shared/domain/money.ts';
import type { Timesheet } from '../../../../shared/schemas/timesheets.ts';
import { DownloadButton } from './download-button';
import { downloadReport, reportFileName } from './report-download';
import { formatPeriod } from './report-text';
import { type TotalsLine, TotalsList, totalsLines } from './report-totals-list';
import type { GeneratedReport } from './use-generate-report';

/**
 * A sheet whose employer's tax changed method within its dates (added on some days, deducted or
 * none on others): its stored tax is the sum of the parts, so the line states the net effect.
 */
export function mixedTaxLine(timesheet: Timesheet): TotalsLine | null {
  const gross = parseMoney(timesheet.totalEarnings) ?? 0;
  const tax = parseMoney(timesheet.tax) ?? 0;
  // Expenses are paid back beside the taxed pay, never taxed.
  const due = (parseMoney(timesheet.totalDue) ?? 0) - (parseMoney(timesheet.expenses) ?? 0);
  const method = timesheet.taxCalculation;
  const consistent =
    (method === 'add' && gross + tax === due) ||
    (method === 'deduct' && gross - tax === due) ||
    (method === 'none' && gross === due);
  if (consistent) return null;
  const net = due - gross;
  const money = formatCurrency(Math.abs(net), timesheet.currency);
  return { term: 'Net tax', value: `${net < 0 ? '−' : '+'}${money}` };
}

/** The figures the generated file states (its snapshot), for the dialogs that follow it. */
export function GeneratedTotals({ timesheet }: { timesheet: Timesheet }) {
  const mixed = mixedTaxLine(timesheet);
  const lines = totalsLines({
    totalHours: timesheet.totalHours,
    gross: timesheet.totalEarnings,
    tax: timesheet.tax,
    totalDue: timesheet.totalDue,
    expenses: timesheet.expenses,
    method: timesheet.taxCalculation,
    currency: timesheet.currency,
  });
  return (
    <TotalsList
      label="Report totals"
      lines={mixed ? lines.map((line) => (line.term.startsWith('Tax') ? mixed : line)) : lines}
    />
  );
}

export function reportDescription(timesheet: Timesheet): string {
  const shifts = `${timesheet.shifts} ${timesheet.shifts === 1 ? 'shift' : 'shifts'}`;
  const format = (timesheet.format ?? 'pdf').toUpperCase();
  return `${timesheet.employerName}, ${formatPeriod(timesheet.startDate, timesheet.endDate)} · ${shifts} · ${format}`;
}

type ReportGeneratedDialogProps = { report: GeneratedReport | null; onClose: () => void };

export function ReportGeneratedDialog({ report, onClose }: ReportGeneratedDialogProps) {
  const open = report !== null && !report.request.emailReport;
  // Radix gives focus back to a dialog's trigger, which this one has not: back to what had it
  // when it opened (Generate Report), so the keyboard does not restart from the top.
  const opener = useRef<Element | null>(null);
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent
        className="sm:max-w-md"
        onOpenAutoFocus={() => {
          opener.current = document.activeElement;
        }}
        onCloseAutoFocus={(event) => {
          const target = opener.current;
          opener.current = null;
          if (target instanceof HTMLElement && target.isConnected) {
            event.preventDefault();
            target.focus();
          }
        }}
      >
        {report ? (
          <>
            <DialogHeader>
              <DialogTitle>Report Generated</DialogTitle>
              <DialogDescription>{reportDescription(report.timesheet)}</DialogDescription>
            </DialogHeader>
            <GeneratedTotals timesheet={report.timesheet} />
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Close</Button>
              </DialogClose>
              <DownloadButton
                onDownload={() =>
                  downloadReport(report.downloadUrl, reportFileName(report.timesheet))
                }
              >
                Download
              </DownloadButton>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
