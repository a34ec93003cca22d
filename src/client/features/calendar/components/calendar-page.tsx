import { ChevronLeft, ChevronRight, List } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { RetryAlert } from '@/components/ui/retry-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { userTimeZone, useSettings } from '@/features/settings';
import { useWorkLogDialog, useWorkLogs } from '@/features/work-logs';
import { todayIn } from '../../../../shared/domain/dates.ts';
import { type Month, monthOf, monthTitle, monthWeeks, shiftMonth } from '../month';
import { MonthGrid } from './month-grid';

/** A month of shifts by day (docs/product/screens.md#calendar): move them by keyboard or drag. */
export default function CalendarPage() {
  const settings = useSettings();
  const today = todayIn(userTimeZone(settings.data));
  const [month, setMonth] = useState<Month | null>(null);
  const shown = month ?? monthOf(today);
  const weeks = monthWeeks(shown);
  const from = weeks[0]![0]!;
  const to = weeks.at(-1)!.at(-1)!;
  // Days are the user's: wait for their zone before asking for a month.
  const logs = useWorkLogs({ from, to, limit: 1000 }, { enabled: !settings.isPending });
  const editor = useWorkLogDialog();

  return (
    <>
      <PageHeader
        title="Calendar"
        subtitle="Your shifts by day: open one to edit it, or move it to another day"
        actions={
          <Button variant="outline" asChild>
            <Link href="/work-logs">
              <List aria-hidden="true" />
              Work Logs
            </Link>
          </Button>
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          size="icon"
          aria-label="Previous month"
          onClick={() => setMonth(shiftMonth(shown, -1))}
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <Button
          variant="outline"
          size="icon"
          aria-label="Next month"
          onClick={() => setMonth(shiftMonth(shown, 1))}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
        <h2 id="calendar-month" aria-live="polite" className="font-semibold text-xl">
          {monthTitle(shown)}
        </h2>
        {shown !== monthOf(today) ? (
          <Button variant="ghost" onClick={() => setMonth(monthOf(today))}>
            This month
          </Button>
        ) : null}
      </div>
      {logs.data ? (
        <MonthGrid
          month={shown}
          weeks={weeks}
          today={today}
          workLogs={logs.data}
          timeFormat={settings.data?.timeFormat ?? '12-hour'}
          onMonthChange={setMonth}
          onOpen={editor.openEdit}
          busy={logs.isFetching}
        />
      ) : logs.isError ? (
        <RetryAlert query={logs}>Could not load your shifts.</RetryAlert>
      ) : (
        <div aria-busy="true" className="space-y-2">
          <p role="status" className="sr-only">
            Loading calendar
          </p>
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-96 w-full" />
        </div>
      )}
      {editor.dialog}
    </>
  );
}
