import { Timer } from 'lucide-react';
import { useEmployers } from '@/features/employers';
import { useCurrency } from '@/features/settings';
import { formatCurrency } from '../../../../shared/domain/money.ts';
import { formatHoursMinutes, thresholdHours } from '../../../../shared/domain/pay-text.ts';
import type { DashboardPeriod } from '../../../../shared/domain/periods.ts';
import type { OvertimeThisWeek } from '../../../../shared/schemas/dashboard.ts';
import type { Employer } from '../../../../shared/schemas/employers.ts';
import { useDashboardStats } from '../api/get-dashboard-stats';
import { CardList } from './card-list';
import { DashboardCard } from './dashboard-card';

const shortDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const dayOf = (date: string) => shortDate.format(new Date(`${date}T00:00:00Z`));

/** Whether the employer's current rules count overtime (the card waits for its figures then). */
function countsOvertime(employer: Pick<Employer, 'isActive' | 'overtime'>): boolean {
  const o = employer.overtime;
  return (
    employer.isActive &&
    ((o.daily?.length ?? 0) > 0 ||
      o.weekly !== undefined ||
      o.seventhDay === true ||
      o.period14 !== undefined)
  );
}

/** '2:00 h before 40 h', 'Past 40 h'; nothing without a weekly (or 80-hour) threshold. */
export function thresholdLine(row: OvertimeThisWeek): string | null {
  if (row.thresholdMinutes === null || row.minutesLeftBeforeThreshold === null) return null;
  const threshold = thresholdHours(row.thresholdMinutes);
  return row.minutesLeftBeforeThreshold > 0
    ? `${formatHoursMinutes(row.minutesLeftBeforeThreshold)} h left before ${threshold}`
    : `Past ${threshold}: 0:00 h left`;
}

/**
 * "Overtime this week" at each active employer with overtime rules: the overtime so far in the
 * workweek (or 14-day period) containing today, and the hours left before its threshold, as the
 * server's pay engine counts them. Shown only when some employer has such rules.
 */
export function OvertimeCard({ period }: { period: DashboardPeriod }) {
  const query = useDashboardStats(period);
  const employers = useEmployers();
  const currency = useCurrency();
  const rows = query.data?.overtimeThisWeek;
  const expected = employers.data?.some(countsOvertime) ?? false;
  if (rows ? rows.length === 0 : !expected) return null;
  return (
    <DashboardCard title="Overtime this week">
      <CardList
        query={query}
        rows={rows?.map((row) => {
          const which = row.kind === 'period14' ? 'this period' : 'this week';
          const premium =
            row.overtimePremiumCents > 0
              ? ` · premium ${formatCurrency(row.overtimePremiumCents, currency)} (estimate)`
              : '';
          return {
            key: row.employerId,
            color: row.brandColor,
            name: row.name,
            detail: (
              <>
                {formatHoursMinutes(row.paidMinutes)} h {which} ({dayOf(row.startDate)} –{' '}
                {dayOf(row.endDate)}){premium}
              </>
            ),
            figures: (
              <>
                <p className="font-medium">
                  {row.overtimeMinutes > 0
                    ? `${formatHoursMinutes(row.overtimeMinutes)} h overtime (estimate)`
                    : 'No overtime yet'}
                </p>
                {thresholdLine(row) ? (
                  <p className="text-muted-foreground text-xs">{thresholdLine(row)}</p>
                ) : null}
              </>
            ),
          };
        })}
        label="Overtime this week by employer"
        loadingLabel="Loading overtime"
        skeletonRows={1}
        errorTitle="Failed to fetch overtime"
        empty={{ icon: Timer, title: 'No overtime rules', hint: 'Set overtime on an employer.' }}
      />
    </DashboardCard>
  );
}
