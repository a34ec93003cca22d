import { HandCoins } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'wouter';
import { PageHeader } from '@/components/page-header';
import { SectionEmpty, SectionError, SectionSkeleton } from '@/components/section-states';
import { Button } from '@/components/ui/button';
import { useCurrency, userTimeZone, useSettings } from '@/features/settings';
import { useIsDesktop } from '@/lib/use-media-query';
import { todayIn } from '../../../../shared/domain/dates.ts';
import { formatCurrency } from '../../../../shared/domain/money.ts';
import type { Payment } from '../../../../shared/schemas/payments.ts';
import { useLedger } from '../api/get-ledger';
import { usePayments } from '../api/get-payments';
import { DeletePaymentDialog } from './delete-payment-dialog';
import { EmployerPeriods, type LedgerEmployer } from './employer-periods';
import { LazyPaymentDialog, preloadPaymentDialog } from './lazy-payment-dialog';
import { PaySummary } from './pay-summary';
import { owedOn } from './pay-text';
import type { PaymentDialogTarget } from './payment-dialog';
import { PaymentsList } from './payments-list';

/** "Was I paid right?": each employer's pay periods, the payments received, what is late. */
export function PayPage() {
  const ledger = useLedger();
  const payments = usePayments();
  const settings = useSettings();
  const currency = useCurrency();
  const isDesktop = useIsDesktop();
  const [target, setTarget] = useState<PaymentDialogTarget | null>(null);
  const [deleting, setDeleting] = useState<Payment | null>(null);
  const money = (cents: number) => formatCurrency(cents, currency);
  const today = ledger.data?.today ?? todayIn(userTimeZone(settings.data));
  const data = ledger.data;
  const hasEmployers = (data?.employers.length ?? 0) > 0;

  const recordFor = (employer: LedgerEmployer, period: LedgerEmployer['periods'][number]) =>
    setTarget({
      kind: 'new',
      employerId: employer.employerId,
      amountCents: owedOn(period) || undefined,
      periodStart: period.from,
    });

  let periods: ReactNode;
  if (ledger.isError && !data) {
    periods = <SectionError message="Failed to fetch your pay periods" query={ledger} />;
  } else if (!data) {
    periods = <SectionSkeleton label="Loading your pay periods" />;
  } else if (!hasEmployers) {
    periods = (
      <SectionEmpty title="No employers yet">
        <p>
          Add an employer with its pay calendar on the{' '}
          <Link href="/employers" className="font-medium text-primary underline underline-offset-4">
            Employers
          </Link>{' '}
          page; its pay periods and what each should pay show here.
        </p>
      </SectionEmpty>
    );
  } else {
    periods = (
      <>
        <PaySummary ledger={data} money={money} />
        <section aria-labelledby="pay-periods-title" className="space-y-4">
          <h2 id="pay-periods-title" className="font-semibold text-xl">
            Pay periods
          </h2>
          {data.employers.map((employer) => (
            <EmployerPeriods
              key={employer.employerId}
              employer={employer}
              money={money}
              isDesktop={isDesktop}
              today={data.today}
              onRecord={recordFor}
            />
          ))}
        </section>
      </>
    );
  }

  let list: ReactNode;
  if (payments.isError && !payments.data) {
    list = <SectionError message="Failed to fetch your payments" query={payments} />;
  } else if (!payments.data) {
    list = <SectionSkeleton label="Loading your payments" rows={2} />;
  } else if (payments.data.length === 0) {
    list = (
      <SectionEmpty title="No payments recorded yet">
        <p>
          When a pay cheque or transfer comes in, record it here: it is matched to the periods it
          pays, and any shortfall shows above.
        </p>
      </SectionEmpty>
    );
  } else {
    list = (
      <PaymentsList
        payments={payments.data}
        money={money}
        onEdit={(payment, choosePeriods) => setTarget({ kind: 'edit', payment, choosePeriods })}
        onDelete={setDeleting}
      />
    );
  }

  return (
    <>
      <PageHeader
        title="Pay"
        subtitle="What each employer owes you, what was paid and what is late"
        actions={
          <Button
            disabled={!hasEmployers}
            onPointerEnter={preloadPaymentDialog}
            onFocus={preloadPaymentDialog}
            onClick={() => setTarget({ kind: 'new' })}
          >
            <HandCoins aria-hidden="true" />
            Record payment
          </Button>
        }
      />
      <div className="space-y-10">
        <div className="space-y-6">{periods}</div>
        <section aria-labelledby="pay-payments-title" className="space-y-3">
          <h2 id="pay-payments-title" className="font-semibold text-xl">
            Payments received
          </h2>
          {list}
        </section>
      </div>
      {data ? (
        <LazyPaymentDialog
          target={target}
          ledger={data}
          currency={currency}
          today={today}
          onClose={() => setTarget(null)}
        />
      ) : null}
      <DeletePaymentDialog payment={deleting} money={money} onClose={() => setDeleting(null)} />
    </>
  );
}

export default PayPage;
