import type { Ledger } from '../../../../shared/schemas/payments.ts';
import { GraceDaysField } from './grace-days-field';
import { overdueLine } from './pay-text';
import { ReminderSwitches } from './reminder-switches';

/** What is owed across employers, what of it is late, and the late periods oldest first. */
export function PaySummary({
  ledger,
  money,
}: {
  ledger: Ledger;
  money: (cents: number) => string;
}) {
  return (
    <section
      aria-labelledby="pay-summary-title"
      className="rounded-xl border bg-card p-4 shadow-sm sm:p-6"
    >
      <h2 id="pay-summary-title" className="sr-only">
        Summary
      </h2>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <dl className="flex flex-wrap gap-x-10 gap-y-3">
          <div>
            <dt className="text-muted-foreground text-sm">Owed to you</dt>
            <dd className="font-bold text-2xl tabular-nums">{money(ledger.owedCents)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground text-sm">Overdue</dt>
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
        <GraceDaysField graceDays={ledger.graceDays} />
      </div>
      <div className="mt-4 border-t pt-4">
        <ReminderSwitches />
      </div>
      {ledger.overdue.length > 0 ? (
        <div className="mt-4 border-t pt-4">
          <h3 id="pay-overdue-title" className="mb-2 font-medium text-sm">
            Overdue periods
          </h3>
          <ul aria-labelledby="pay-overdue-title" className="grid gap-1 text-sm tabular-nums">
            {ledger.overdue.map((item) => (
              <li key={`${item.employerId}-${item.from}`} className="[overflow-wrap:anywhere]">
                {overdueLine(item, money)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
