import { Link2, Paperclip, Pencil, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatFileSize } from '@/lib/file-size';
import type { Payment } from '../../../../shared/schemas/payments.ts';
import { paymentFileUrl } from '../api/payment-file';
import { formatDayYear, formatPeriodShort, methodLabels } from './pay-text';

type PaymentsListProps = {
  payments: Payment[];
  money: (cents: number) => string;
  onEdit: (payment: Payment, choosePeriods?: boolean) => void;
  onDelete: (payment: Payment) => void;
};

/** 'Oct 28 – Nov 10' for each period a payment pays. */
export const periodsPaid = (payment: Payment) =>
  payment.allocations.map((a) => formatPeriodShort(a.periodStart, a.periodEnd)).join(', ');

/** What a payment is, for the buttons' names: '$682.50 from St. Mary on Nov 13, 2026'. */
export const paymentInWords = (payment: Payment, money: (cents: number) => string) =>
  `${money(payment.amountCents)} from ${payment.employerName} on ${formatDayYear(payment.receivedOn)}`;

/** The payments received, newest first, as the server sends them; one layout at every width. */
export function PaymentsList({ payments, money, onEdit, onDelete }: PaymentsListProps) {
  return (
    <ul aria-label="Payments received" className="divide-y rounded-xl border bg-card shadow-sm">
      {payments.map((payment) => {
        const what = paymentInWords(payment, money);
        const details = [methodLabels[payment.method], payment.reference].filter(Boolean);
        return (
          <li key={payment.id} className="flex flex-wrap items-start gap-x-4 gap-y-2 p-4">
            <div className="min-w-56 flex-1 space-y-1">
              <div className="flex flex-wrap items-baseline gap-x-3">
                <p className="font-semibold tabular-nums">{money(payment.amountCents)}</p>
                <p className="font-medium [overflow-wrap:anywhere]">{payment.employerName}</p>
                <p className="text-muted-foreground text-sm">{formatDayYear(payment.receivedOn)}</p>
              </div>
              <p className="text-muted-foreground text-sm [overflow-wrap:anywhere]">
                {details.join(' · ')}
              </p>
              {payment.allocations.length > 0 ? (
                <p className="text-sm">Pays {periodsPaid(payment)}</p>
              ) : null}
              {payment.unallocatedCents > 0 ? (
                <p className="flex flex-wrap items-center gap-2 font-medium text-destructive text-sm">
                  Not matched: {money(payment.unallocatedCents)}
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Match ${what} to its periods`}
                    onClick={() => onEdit(payment, true)}
                  >
                    <Link2 aria-hidden="true" />
                    Match
                  </Button>
                </p>
              ) : null}
              {payment.file ? (
                <p className="flex flex-wrap items-center gap-x-2 text-sm">
                  <Paperclip aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                  {/* Served as an attachment: the link downloads it, the page stays. */}
                  <a
                    href={paymentFileUrl(payment.id)}
                    download={payment.file.name}
                    aria-label={`Pay stub for payment of ${what}: ${payment.file.name}`}
                    className="rounded-sm font-medium text-primary underline-offset-4 [overflow-wrap:anywhere] hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    {payment.file.name}
                  </a>
                  <span className="text-muted-foreground tabular-nums">
                    {formatFileSize(payment.file.size)}
                  </span>
                </p>
              ) : null}
              {payment.note ? (
                <p className="text-muted-foreground text-sm [overflow-wrap:anywhere]">
                  {payment.note}
                </p>
              ) : null}
            </div>
            <div className="flex gap-2">
              <Button
                variant="outline"
                size="sm"
                aria-label={`Edit ${what}`}
                onClick={() => onEdit(payment)}
              >
                <Pencil aria-hidden="true" />
                Edit
              </Button>
              <Button
                variant="ghost"
                size="sm"
                className="text-destructive hover:text-destructive"
                aria-label={`Delete ${what}`}
                onClick={() => onDelete(payment)}
              >
                <Trash2 aria-hidden="true" />
                Delete
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
