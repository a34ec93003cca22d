import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { useLedger } from '@/features/payments';
import { useCurrency } from '@/features/settings';
import type { BrandColor } from '@/lib/brand-colors';
import { formatDay, formatPeriodShort } from '@/lib/calendar-days';
import { formatCurrency } from '../../../../shared/domain/money.ts';
import { ColourDot, DashboardCard, RowsSkeleton } from './dashboard-card';
import { LoadError } from './load-error';

/** At most this many late periods; the Pay page lists them all. */
const OVERDUE_SHOWN = 3;

/**
 * "Owed to you": what employers still owe on periods that have ended, what of it is late, and the
 * oldest late periods. Hidden when nothing is owed (or no employer has periods yet): the card
 * speaks only when there is something to chase.
 */
export function OwedCard() {
  const query = useLedger();
  const currency = useCurrency();
  const money = (cents: number) => formatCurrency(cents, currency);
  const ledger = query.data;
  if (ledger && ledger.owedCents <= 0) return null;
  if (!ledger && !query.isPending && !query.isError) return null;
  const colours = new Map(ledger?.employers.map((e) => [e.employerId, e.brandColor]) ?? []);
  const overdue = ledger?.overdue.slice(0, OVERDUE_SHOWN) ?? [];
  const more = (ledger?.overdue.length ?? 0) - overdue.length;
  return (
    <DashboardCard
      title="Owed to you"
      action={
        <Button asChild variant="ghost" size="sm">
          <Link href="/pay">See pay</Link>
        </Button>
      }
    >
      {query.isPending ? (
        <RowsSkeleton label="Loading what is owed" rows={2} />
      ) : !ledger ? (
        <LoadError title="Failed to fetch what is owed" query={query} />
      ) : (
        <div className="grid gap-3">
          <dl className="flex flex-wrap gap-x-8 gap-y-2">
            <div>
              <dt className="text-muted-foreground text-xs">Owed</dt>
              <dd className="font-bold text-2xl tabular-nums">{money(ledger.owedCents)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground text-xs">Overdue</dt>
              <dd
                className={
                  ledger.overdueCents > 0
                    ? 'font-bold text-2xl text-destructive tabular-nums'
                    : 'font-bold text-2xl tabular-nums'
                }
              >
                {money(ledger.overdueCents)}
              </dd>
            </div>
          </dl>
          {overdue.length > 0 ? (
            <ul aria-label="Overdue pay periods, oldest first" className="divide-y border-t">
              {overdue.map((item) => (
                <li
                  key={`${item.employerId}-${item.from}`}
                  className="flex items-center gap-3 py-2 last:pb-0"
                >
                  <ColourDot color={(colours.get(item.employerId) ?? 'blue') as BrandColor} />
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium text-sm" title={item.name}>
                      {item.name}
                    </p>
                    <p className="text-muted-foreground text-xs tabular-nums">
                      {formatPeriodShort(item.from, item.to)} · payday {formatDay(item.payday)}
                    </p>
                  </div>
                  <p className="shrink-0 font-medium text-sm tabular-nums">
                    {money(item.owedCents)}
                  </p>
                </li>
              ))}
            </ul>
          ) : null}
          {more > 0 ? (
            <p className="text-muted-foreground text-xs">
              and {more} more late {more === 1 ? 'period' : 'periods'}
            </p>
          ) : null}
        </div>
      )}
    </DashboardCard>
  );
}
