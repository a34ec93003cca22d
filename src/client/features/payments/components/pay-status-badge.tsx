import { Badge, type BadgeProps } from '@/components/ui/badge';
import type { LedgerPeriodView } from '../../../../shared/schemas/payments.ts';

// Paid green, short or late red, over amber, still to come quiet.
const variants: Record<LedgerPeriodView['status'], BadgeProps['variant']> = {
  paid: 'approved',
  underpaid: 'destructive',
  overdue: 'destructive',
  overpaid: 'pending',
  open: 'secondary',
  awaiting: 'secondary',
};

/** The server's words ("Underpaid by $37.50"), coloured by the status. */
export function PayStatusBadge({ period }: { period: LedgerPeriodView }) {
  return (
    <Badge variant={variants[period.status]} className="whitespace-nowrap">
      {period.statusText}
    </Badge>
  );
}
