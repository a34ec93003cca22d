import { Lock, LockOpen } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { toastSaveFailure } from '@/components/ui/save-button';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/error-message';
import type { LedgerPeriodView } from '../../../../shared/schemas/payments.ts';
import { useClosePeriod, useReopenPeriod } from '../api/close-period';
import { formatDay, formatPeriod } from './pay-text';

// The server's words (src/shared/schemas/payments.ts), without pulling zod into the page.
const REASON_MESSAGE = 'Say why the period is reopened (at most 500 characters)';

type PeriodLockProps = {
  employerId: number;
  employerName: string;
  period: LedgerPeriodView;
  today: string;
  /** An icon button (with its name and a tooltip), for a table row. */
  compact?: boolean;
};

/**
 * Close an ended period (its shifts are locked), or reopen a closed one with a reason its
 * history keeps. Nothing for a period still running.
 */
export function PeriodLock({
  employerId,
  employerName,
  period,
  today,
  compact = false,
}: PeriodLockProps) {
  const size = compact
    ? ({ size: 'icon', className: 'size-8' } as const)
    : ({ size: 'sm' } as const);
  const close = useClosePeriod();
  const [reopening, setReopening] = useState(false);
  const when = formatPeriod(period.from, period.to);
  if (period.closedAt) {
    return (
      <>
        <Button
          variant="outline"
          {...size}
          aria-label={`Reopen ${employerName}, ${when}`}
          title={compact ? 'Reopen period' : undefined}
          onClick={() => setReopening(true)}
        >
          <LockOpen aria-hidden="true" />
          {compact ? null : 'Reopen'}
        </Button>
        <ReopenDialog
          open={reopening}
          onOpenChange={setReopening}
          employerId={employerId}
          employerName={employerName}
          period={period}
        />
      </>
    );
  }
  if (period.to >= today) return null;
  return (
    <Button
      variant="outline"
      {...size}
      aria-label={`Close ${employerName}, ${when}`}
      title={compact ? 'Close period' : undefined}
      disabled={close.isPending}
      onClick={() =>
        close.mutate(
          { employerId, periodStart: period.from },
          {
            onSuccess: () =>
              toast({
                title: 'Period closed',
                description: `${employerName}, ${when}: its shifts are locked until you reopen it.`,
                variant: 'success',
              }),
            onError: (error) =>
              toastSaveFailure(error, errorMessage(error, 'Could not close the period')),
          },
        )
      }
    >
      <Lock aria-hidden="true" />
      {compact ? null : 'Close'}
    </Button>
  );
}

/** "Closed" and every reopening with its reason, oldest first. */
export function PeriodHistory({ period }: { period: LedgerPeriodView }) {
  const reopened = period.closures.filter((c) => c.reopenedAt);
  if (!period.closedAt && reopened.length === 0) return null;
  return (
    <ul className="grid gap-1 text-muted-foreground text-sm" aria-label="Closed and reopened">
      {reopened.map((c) => (
        <li key={c.closedAt} className="[overflow-wrap:anywhere]">
          Reopened {formatDay(c.reopenedAt!.slice(0, 10))}: {c.reopenReason}
        </li>
      ))}
      {period.closedAt ? (
        <li className="flex items-center gap-1.5">
          <Lock aria-hidden="true" className="size-3.5" />
          Closed {formatDay(period.closedAt.slice(0, 10))}: its shifts are locked.
        </li>
      ) : null}
    </ul>
  );
}

function ReopenDialog({
  open,
  onOpenChange,
  employerId,
  employerName,
  period,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  employerId: number;
  employerName: string;
  period: LedgerPeriodView;
}) {
  const reopen = useReopenPeriod();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const when = formatPeriod(period.from, period.to);

  function submit(event: FormEvent) {
    event.preventDefault();
    const text = reason.trim();
    if (text.length === 0 || text.length > 500) {
      setError(REASON_MESSAGE);
      return;
    }
    setError(null);
    reopen.mutate(
      { employerId, periodStart: period.from, reason: text },
      {
        onSuccess: () => {
          toast({
            title: 'Period reopened',
            description: `${employerName}, ${when}: its shifts can be changed again.`,
            variant: 'success',
          });
          setReason('');
          onOpenChange(false);
        },
        onError: (failure) => setError(errorMessage(failure, 'Could not reopen the period')),
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reopen this period?</DialogTitle>
          <DialogDescription className="[overflow-wrap:anywhere]">
            {employerName}, {when}. Its shifts can be changed again; the reason is kept in its
            history.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <Field id="reopen-reason" label="Why reopen it?" required error={error ?? undefined}>
            <Textarea
              value={reason}
              maxLength={500}
              rows={3}
              onChange={(event) => setReason(event.target.value)}
            />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={reopen.isPending}>
              {reopen.isPending ? 'Reopening...' : 'Reopen'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
