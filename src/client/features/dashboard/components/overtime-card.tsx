import { useEmployers } from '@/features/employers';
import { useCurrency } from '@/features/settings';
import { namesInWords } from '@/lib/names-in-words';
import { formatCurrency } from '../../../../shared/domain/money.ts';
import {
  formatHoursMinutes,
  multiplierInWords,
  thresholdHours,
} from '../../../../shared/domain/pay-text.ts';
import type { DashboardPeriod } from '../../../../shared/domain/periods.ts';
import type { OvertimeThisWeek } from '../../../../shared/schemas/dashboard.ts';
import type { Employer } from '../../../../shared/schemas/employers.ts';
import { useDashboardStats } from '../api/get-dashboard-stats';
import { ColourDot, DashboardCard, RowsSkeleton } from './dashboard-card';
import { LoadError } from './load-error';

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
      {query.isPending ? (
        <RowsSkeleton label="Loading overtime" rows={1} />
      ) : !rows ? (
        <LoadError title="Failed to fetch overtime" query={query} />
      ) : (
        <ul aria-label="Overtime this week by employer" className="divide-y">
          {rows.map((row) => (
            <OvertimeRow
              key={row.employerId}
              row={row}
              money={(cents) => formatCurrency(cents, currency)}
            />
          ))}
        </ul>
      )}
    </DashboardCard>
  );
}

function OvertimeRow({ row, money }: { row: OvertimeThisWeek; money: (cents: number) => string }) {
  const which = row.kind === 'period14' ? 'this period' : 'this week';
  const left = thresholdLine(row);
  const multipliers = row.byMultiplier
    .map((o) => `${multiplierInWords(o.multiplierBp)} ${formatHoursMinutes(o.minutes)} h`)
    .join(', ');
  return (
    <li className="grid gap-1 py-3 first:pt-0 last:pb-0">
      <div className="flex items-center gap-3">
        <ColourDot color={row.brandColor} />
        <p className="min-w-0 flex-1 truncate font-medium" title={row.name}>
          {row.name}
        </p>
        <p className="shrink-0 font-medium text-sm tabular-nums">
          {row.overtimeMinutes > 0
            ? `${formatHoursMinutes(row.overtimeMinutes)} h overtime`
            : 'No overtime yet'}
        </p>
      </div>
      {/* Employers counted as one for overtime: the row is the group's, across them all. */}
      {row.group ? (
        <p className="pl-5.5 text-muted-foreground text-xs [overflow-wrap:anywhere]">
          {namesInWords(row.group.employers)} together
        </p>
      ) : null}
      <div className="flex flex-wrap justify-between gap-x-3 pl-5.5 text-muted-foreground text-xs tabular-nums">
        <span>
          {formatHoursMinutes(row.paidMinutes)} h {which} ({dayOf(row.startDate)} –{' '}
          {dayOf(row.endDate)})
        </span>
        {left ? <span>{left}</span> : null}
      </div>
      {row.overtimeMinutes > 0 ? (
        <p className="pl-5.5 text-muted-foreground text-xs tabular-nums">
          {multipliers} · premium {money(row.overtimePremiumCents)} (estimate)
        </p>
      ) : null}
    </li>
  );
}
