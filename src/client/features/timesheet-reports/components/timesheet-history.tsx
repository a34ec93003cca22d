import { type ReactNode, useEffect, useState } from 'react';
import { SectionEmpty, SectionError, SectionSkeleton } from '@/components/section-states';
import { Button } from '@/components/ui/button';
import { useMe } from '@/features/auth';
import { useEmployers } from '@/features/employers';
import { gmailUsable, useGmailStatus } from '@/features/mail-account';
import { userTimeZone, useSettings } from '@/features/settings';
import { useIsDesktop } from '@/lib/use-media-query';
import { cn } from '@/lib/utils';
import type { Timesheet } from '../../../../shared/schemas/timesheets.ts';
import { useTimesheets } from '../api/get-timesheets';
import { DeleteTimesheetDialog } from './delete-timesheet-dialog';
import { HistoryCards, HistoryTable } from './history-rows';
import { LazyEmailMethodDialog } from './lazy-email-method-dialog';
import { type EmailTarget, senderNameOf } from './report-email';

/** Who a report from the history goes to: whoever got it last, else the employer's contact. */
function useEmailTarget(timesheet: Timesheet | null): EmailTarget | null {
  const employers = useEmployers();
  if (!timesheet) return null;
  const employer = employers.data?.find((e) => e.id === timesheet.employerId);
  return {
    timesheet,
    downloadUrl: timesheet.downloadUrl,
    to: timesheet.sentTo ?? employer?.contactEmail ?? '',
  };
}

export function TimesheetHistory() {
  const [page, setPage] = useState(1);
  const [emailing, setEmailing] = useState<Timesheet | null>(null);
  const [deleting, setDeleting] = useState<Timesheet | null>(null);
  const emailTarget = useEmailTarget(emailing);
  const user = useMe();
  const gmail = useGmailStatus();
  const timesheets = useTimesheets(page);
  const settings = useSettings();
  const isDesktop = useIsDesktop();
  const timeZone = userTimeZone(settings.data);
  const data = timesheets.data;
  const emptyLaterPage = page > 1 && !timesheets.isPlaceholderData && data?.items.length === 0;

  // A later page that has since emptied (reports deleted with their employer) steps back.
  useEffect(() => {
    if (emptyLaterPage) setPage((current) => Math.max(1, current - 1));
  }, [emptyLaterPage]);

  let content: ReactNode;
  if (timesheets.isError && !data) {
    content = <SectionError message="Failed to fetch reports" query={timesheets} />;
  } else if (!data) {
    content = <SectionSkeleton label="Loading generated reports" />;
  } else if (data.items.length === 0 && page === 1) {
    content = (
      <SectionEmpty title="No reports yet">
        Reports you generate show here, ready to download again.
      </SectionEmpty>
    );
  } else {
    const first = (data.page - 1) * data.pageSize + 1;
    const last = first + data.items.length - 1;
    const hasNext = data.page * data.pageSize < data.total;
    content = (
      <>
        <div
          aria-busy={timesheets.isFetching || undefined}
          className={cn('transition-opacity', timesheets.isPlaceholderData && 'opacity-60')}
        >
          {isDesktop ? (
            <HistoryTable
              timesheets={data.items}
              timeZone={timeZone}
              onEmail={setEmailing}
              onDelete={setDeleting}
            />
          ) : (
            <HistoryCards
              timesheets={data.items}
              timeZone={timeZone}
              onEmail={setEmailing}
              onDelete={setDeleting}
            />
          )}
        </div>
        <nav
          aria-label="Report pages"
          className="flex flex-wrap items-center justify-between gap-3 text-sm"
        >
          <p role="status" className="text-muted-foreground tabular-nums">
            {data.items.length > 0
              ? `Showing ${first}–${last} of ${data.total}`
              : 'No more reports'}
          </p>
          {page > 1 || hasNext ? (
            <div className="flex gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={page === 1}
                onClick={() => setPage(page - 1)}
              >
                Previous
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={!hasNext || timesheets.isPlaceholderData}
                onClick={() => setPage(page + 1)}
              >
                Next
              </Button>
            </div>
          ) : null}
        </nav>
      </>
    );
  }

  return (
    <section aria-labelledby="report-history-title" className="space-y-3">
      <h2 id="report-history-title" className="font-semibold text-xl">
        Generated Reports
      </h2>
      {content}
      <DeleteTimesheetDialog
        timesheet={deleting}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
      />
      {/* With Gmail connected the message opens at once; otherwise the choice of method does. */}
      <LazyEmailMethodDialog
        target={emailTarget}
        senderName={senderNameOf(user.data ?? undefined)}
        start={gmailUsable(gmail.data) ? 'compose' : 'choose'}
        onClose={() => setEmailing(null)}
      />
    </section>
  );
}
