import { RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrency } from '@/features/settings';
import { formatDuration, formatMoney, parseMoney } from '../../../../shared/domain/index.ts';
import type { WorkLogSummary } from '../../../../shared/schemas/work-logs.ts';

type WorkLogsSummaryProps = {
  summary: WorkLogSummary | undefined;
  isError: boolean;
  onRetry: () => void;
  /** Filters or a search narrow the list: the totals are of what they match. */
  filtered: boolean;
};

/** An amount the server sent that is not zero (an older answer may lack the split). */
const nonZero = (amount: string | undefined) =>
  amount !== undefined && (parseMoney(amount) ?? 0) !== 0;

/** Regular, premiums and overtime, when there is more than regular pay to tell apart. */
function splitOf(summary: WorkLogSummary) {
  if (!nonZero(summary.premiumEarnings) && !nonZero(summary.overtimeEarnings)) return null;
  return [
    { term: 'Regular', value: summary.regularEarnings },
    { term: 'Premiums', value: summary.premiumEarnings },
    { term: 'Overtime (estimate)', value: summary.overtimeEarnings },
  ];
}

const shifts = (count: number) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? 'shift' : 'shifts'}`;

/** Totals of every log the filters match, over all pages. */
export function WorkLogsSummary({ summary, isError, onRetry, filtered }: WorkLogsSummaryProps) {
  const currency = useCurrency();
  const label = filtered ? 'Totals for these filters' : 'Totals for all your shifts';
  const split = summary ? splitOf(summary) : null;
  return (
    <section
      aria-label={label}
      aria-busy={!summary && !isError ? true : undefined}
      className="mb-4 flex flex-wrap items-center gap-x-6 gap-y-2 rounded-xl border bg-card px-4 py-3 text-sm shadow-sm"
    >
      <h2 className="font-medium text-muted-foreground">{label}</h2>
      {summary ? (
        <dl className="flex flex-wrap items-baseline gap-x-6 gap-y-1">
          <Total term="Shifts" value={shifts(summary.count)} />
          <Total term="Hours" value={formatDuration(summary.totalHours)} />
          <Total term="Earnings" value={formatMoney(summary.totalEarnings, currency)} />
          {nonZero(summary.totalTips) ? (
            <Total term="Tips" value={formatMoney(summary.totalTips, currency)} />
          ) : null}
          {nonZero(summary.totalExpenses) ? (
            <Total term="Expenses" value={formatMoney(summary.totalExpenses, currency)} />
          ) : null}
        </dl>
      ) : null}
      {split ? (
        <dl
          aria-label="Earnings split"
          className="flex basis-full flex-wrap items-baseline gap-x-4 gap-y-1 lg:basis-auto"
        >
          {split.map((part) => (
            <div key={part.term} className="flex items-baseline gap-1.5 whitespace-nowrap">
              <dt className="text-muted-foreground">{part.term}</dt>
              <dd className="font-medium tabular-nums">{formatMoney(part.value, currency)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {summary ? null : isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <p>The totals could not be loaded.</p>
          <Button variant="outline" size="sm" onClick={onRetry}>
            <RotateCw aria-hidden="true" />
            Reload totals
          </Button>
        </div>
      ) : (
        <div className="flex gap-6">
          <span className="sr-only" role="status">
            Loading totals
          </span>
          <Skeleton className="h-5 w-20" />
          <Skeleton className="h-5 w-20" />
          <Skeleton className="h-5 w-24" />
        </div>
      )}
    </section>
  );
}

function Total({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex items-baseline gap-1.5">
      <dt className="sr-only">{term}</dt>
      <dd className="font-semibold text-base tabular-nums">{value}</dd>
    </div>
  );
}
