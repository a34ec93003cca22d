import { Banknote, CalendarClock } from 'lucide-react';
import type { ReactNode } from 'react';
import { SectionEmpty, SectionError, SectionSkeleton } from '@/components/section-states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { userTimeZone, useSettings } from '@/features/settings';
import { brandColorStyles } from '@/lib/brand-colors';
import { cn } from '@/lib/utils';
import { todayIn } from '../../../../shared/domain/index.ts';
import type { UpcomingTimesheet } from '../../../../shared/schemas/timesheets.ts';
import { useUpcomingTimesheets } from '../api/get-upcoming-timesheets';
import { dueLabel, formatPeriod, formatShortDate } from './report-text';

type UpcomingProps = { onPrepare: (upcoming: UpcomingTimesheet) => void };

/** The next period due per active employer, soonest first; 'Prepare' fills the form with it. */
export function UpcomingTimesheets({ onPrepare }: UpcomingProps) {
  const upcoming = useUpcomingTimesheets();
  const settings = useSettings();
  const today = todayIn(userTimeZone(settings.data));

  let content: ReactNode;
  if (upcoming.isError && !upcoming.data) {
    content = <SectionError message="Failed to fetch upcoming timesheets" query={upcoming} />;
  } else if (!upcoming.data) {
    content = <SectionSkeleton label="Loading upcoming timesheets" rows={2} />;
  } else if (upcoming.data.length === 0) {
    content = (
      <SectionEmpty title="No upcoming timesheets">
        Each active employer's next pay period shows here.
      </SectionEmpty>
    );
  } else {
    content = (
      <ul aria-label="Upcoming timesheets" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {upcoming.data.map((item) => (
          <UpcomingCard
            key={`${item.employerId}-${item.startDate}`}
            item={item}
            today={today}
            onPrepare={onPrepare}
          />
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="upcoming-timesheets-title" className="space-y-3">
      <h2 id="upcoming-timesheets-title" className="font-semibold text-xl">
        Upcoming Timesheets
      </h2>
      {content}
    </section>
  );
}

type CardProps = { item: UpcomingTimesheet; today: string; onPrepare: UpcomingProps['onPrepare'] };

function UpcomingCard({ item, today, onPrepare }: CardProps) {
  const style = brandColorStyles[item.brandColor as keyof typeof brandColorStyles];
  const due = dueLabel(today, item.dueDate);
  const overdue = due.startsWith('Overdue') && !item.generated;
  return (
    <li
      className={cn(
        'flex flex-col gap-3 rounded-xl border border-l-4 bg-card p-4 shadow-sm',
        (style ?? brandColorStyles.blue).accent,
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <h3 className="min-w-0 font-semibold [overflow-wrap:anywhere]">{item.employerName}</h3>
        {item.generated ? <Badge variant="approved">Generated</Badge> : null}
      </div>
      <div className="space-y-1 text-sm">
        <p>{formatPeriod(item.startDate, item.endDate)}</p>
        <p className="flex items-center gap-1.5 text-muted-foreground">
          <CalendarClock aria-hidden="true" className="size-4" />
          <span>
            {formatShortDate(item.dueDate)} ·{' '}
            <span className={cn(overdue && 'font-medium text-destructive')}>{due}</span>
          </span>
        </p>
        <p className="flex items-center gap-1.5 text-muted-foreground">
          <Banknote aria-hidden="true" className="size-4" />
          <span>Payday {formatShortDate(item.payday)}</span>
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        className="self-start"
        aria-label={`Prepare timesheet for ${item.employerName}, ${formatPeriod(item.startDate, item.endDate)}`}
        onClick={() => onPrepare(item)}
      >
        Prepare
      </Button>
    </li>
  );
}
