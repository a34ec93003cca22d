import { HandCoins } from 'lucide-react';
import { Fragment, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ScrollTable } from '@/components/ui/scroll-table';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { type BrandColor, brandColorStyles } from '@/lib/brand-colors';
import { cn } from '@/lib/utils';
import type { Ledger, LedgerPeriodView } from '../../../../shared/schemas/payments.ts';
import { PayStatusBadge } from './pay-status-badge';
import { formatDay, formatPeriod, formatTenths } from './pay-text';
import { PeriodHistory, PeriodLock } from './period-lock';

export type LedgerEmployer = Ledger['employers'][number];
type Money = (cents: number) => string;

/** Enough for about three months of a bi-weekly calendar; older ones behind a button. */
const SHOWN_AT_FIRST = 6;

type EmployerPeriodsProps = {
  employer: LedgerEmployer;
  money: Money;
  isDesktop: boolean;
  /** The user's today: only a period that has ended can be closed. */
  today: string;
  onRecord: (employer: LedgerEmployer, period: LedgerPeriodView) => void;
};

/** One employer's pay periods, newest first: a table on a desktop, cards on a phone. */
export function EmployerPeriods({
  employer,
  money,
  isDesktop,
  today,
  onRecord,
}: EmployerPeriodsProps) {
  const [all, setAll] = useState(false);
  const periods = all ? employer.periods : employer.periods.slice(0, SHOWN_AT_FIRST);
  const hidden = employer.periods.length - periods.length;
  const titleId = `pay-employer-${employer.employerId}`;
  const colour = brandColorStyles[employer.brandColor as BrandColor] ?? brandColorStyles.blue;
  const rows = { employer, periods, money, today, onRecord };
  return (
    <section
      aria-labelledby={titleId}
      className={cn('space-y-3 rounded-xl border border-l-4 bg-card p-4 shadow-sm', colour.accent)}
    >
      <h3 id={titleId} className="font-semibold text-lg [overflow-wrap:anywhere]">
        {employer.name}
      </h3>
      {employer.periods.length === 0 ? (
        <p className="text-muted-foreground text-sm">No pay periods yet.</p>
      ) : isDesktop ? (
        <PeriodsTable {...rows} />
      ) : (
        <PeriodsCards {...rows} />
      )}
      {hidden > 0 || all ? (
        <Button variant="ghost" size="sm" onClick={() => setAll(!all)}>
          {all ? 'Show recent periods only' : `Show ${hidden} older periods`}
        </Button>
      ) : null}
    </section>
  );
}

type RowsProps = {
  employer: LedgerEmployer;
  periods: LedgerPeriodView[];
  money: Money;
  today: string;
  onRecord: (employer: LedgerEmployer, period: LedgerPeriodView) => void;
};

function Expected({ period, money }: { period: LedgerPeriodView; money: Money }) {
  return (
    <>
      <span className="block font-medium">{money(period.expectedCents)}</span>
      <span className="block text-muted-foreground text-xs">
        Gross {money(period.grossCents)} · tax {money(period.taxCents)}
        {period.expenseCents > 0 ? ` · expenses ${money(period.expenseCents)}` : ''}
      </span>
    </>
  );
}

function Shortfall({ period }: { period: LedgerPeriodView }) {
  if (period.status !== 'underpaid' || period.shortfall.length === 0) return null;
  return (
    <ul className="grid gap-1 text-muted-foreground text-sm" aria-label="Why it is short">
      {period.shortfall.map((sentence) => (
        <li key={sentence} className="[overflow-wrap:anywhere]">
          {sentence}
        </li>
      ))}
    </ul>
  );
}

function RecordButton({
  employer,
  period,
  onRecord,
  compact = false,
}: {
  employer: LedgerEmployer;
  period: LedgerPeriodView;
  onRecord: RowsProps['onRecord'];
  compact?: boolean;
}) {
  return (
    <Button
      variant="outline"
      size={compact ? 'icon' : 'sm'}
      className={compact ? 'size-8' : undefined}
      aria-label={`Record payment for ${employer.name}, ${formatPeriod(period.from, period.to)}`}
      title={compact ? 'Record payment' : undefined}
      onClick={() => onRecord(employer, period)}
    >
      <HandCoins aria-hidden="true" />
      {compact ? null : 'Record payment'}
    </Button>
  );
}

function PeriodsTable({ employer, periods, money, today, onRecord }: RowsProps) {
  return (
    <div className="overflow-hidden rounded-lg border">
      <ScrollTable label={`${employer.name}: pay periods`}>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Period</TableHead>
            <TableHead>Payday</TableHead>
            <TableHead className="text-right">Hours</TableHead>
            <TableHead className="text-right">Expected</TableHead>
            <TableHead className="text-right">Received</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="text-right">
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {periods.map((period) => {
            const short = period.status === 'underpaid' && period.shortfall.length > 0;
            const history = period.closedAt !== null || period.closures.length > 0;
            return (
              <Fragment key={period.from}>
                <TableRow className={short || history ? 'border-b-0' : undefined}>
                  <TableCell className="whitespace-nowrap font-medium">
                    {formatPeriod(period.from, period.to)}
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{formatDay(period.payday)}</TableCell>
                  <TableCell className="text-right tabular-nums">
                    {formatTenths(period.tenths)}
                  </TableCell>
                  <TableCell className="whitespace-nowrap text-right tabular-nums">
                    <Expected period={period} money={money} />
                  </TableCell>
                  <TableCell className="whitespace-nowrap text-right tabular-nums">
                    {money(period.receivedCents)}
                  </TableCell>
                  <TableCell>
                    <PayStatusBadge period={period} />
                  </TableCell>
                  <TableCell className="py-1.5 pr-3 pl-1 text-right">
                    <div className="flex items-center justify-end gap-2">
                      <PeriodLock
                        employerId={employer.employerId}
                        employerName={employer.name}
                        period={period}
                        today={today}
                        compact
                      />
                      <RecordButton
                        employer={employer}
                        period={period}
                        onRecord={onRecord}
                        compact
                      />
                    </div>
                  </TableCell>
                </TableRow>
                {short || history ? (
                  <TableRow className="hover:bg-transparent">
                    <TableCell colSpan={7} className="space-y-1 pt-0">
                      <Shortfall period={period} />
                      <PeriodHistory period={period} />
                    </TableCell>
                  </TableRow>
                ) : null}
              </Fragment>
            );
          })}
        </TableBody>
      </ScrollTable>
    </div>
  );
}

function PeriodsCards({ employer, periods, money, today, onRecord }: RowsProps) {
  return (
    <ul aria-label={`${employer.name}: pay periods`} className="grid gap-3">
      {periods.map((period) => (
        <li key={period.from} className="space-y-2 rounded-lg border p-3">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <p className="font-medium">{formatPeriod(period.from, period.to)}</p>
            <PayStatusBadge period={period} />
          </div>
          <dl className="grid grid-cols-2 gap-2 text-sm tabular-nums">
            <div>
              <dt className="text-muted-foreground text-xs">Payday</dt>
              <dd>{formatDay(period.payday)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground text-xs">Hours</dt>
              <dd>{formatTenths(period.tenths)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground text-xs">Expected</dt>
              <dd>
                <Expected period={period} money={money} />
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground text-xs">Received</dt>
              <dd className="font-medium">{money(period.receivedCents)}</dd>
            </div>
          </dl>
          <Shortfall period={period} />
          <PeriodHistory period={period} />
          <div className="flex flex-wrap gap-2">
            <RecordButton employer={employer} period={period} onRecord={onRecord} />
            <PeriodLock
              employerId={employer.employerId}
              employerName={employer.name}
              period={period}
              today={today}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
