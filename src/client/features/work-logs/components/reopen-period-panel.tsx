import { Lock } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { useReopenPeriod } from '@/features/payments';
import { errorMessage } from '@/lib/error-message';
import type { ClosedPeriod } from './use-save-work-log';

// The server's words (src/shared/schemas/payments.ts), without pulling its schema in here.
const REASON_MESSAGE = 'Say why the period is reopened (at most 500 characters)';

type ReopenPeriodPanelProps = {
  closed: ClosedPeriod;
  /** Reopened: the save is tried again. */
  onReopened: () => void;
  onGoBack: () => void;
};

/**
 * A shift of a closed pay period: reopen the period with a reason its history keeps, then save;
 * or go back. Takes the focus (the reason), so a screen-reader user hears it at once.
 */
export function ReopenPeriodPanel({ closed, onReopened, onGoBack }: ReopenPeriodPanelProps) {
  const reopen = useReopenPeriod();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    field.current?.focus();
  }, []);
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const trimmed = reason.trim();
    if (trimmed.length === 0 || trimmed.length > 500) {
      setProblem(REASON_MESSAGE);
      field.current?.focus();
      return;
    }
    setProblem(null);
    try {
      await reopen.mutateAsync({
        employerId: closed.employerId,
        periodStart: closed.periodStart,
        reason: trimmed,
      });
      onReopened();
    } catch (error) {
      setProblem(errorMessage(error, 'The period was not reopened. Please try again.'));
    }
  };
  return (
    <fieldset
      aria-describedby="reopen-period-detail"
      data-testid="reopen-period"
      className="grid min-w-0 gap-3 rounded-lg border border-warning bg-warning/15 p-4 text-sm"
    >
      <legend className="sr-only">This pay period is closed</legend>
      <div className="flex items-start gap-2">
        <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-foreground" />
        <div className="grid min-w-0 gap-1 [overflow-wrap:anywhere]">
          <p aria-hidden="true" className="font-semibold">
            This pay period is closed
          </p>
          <p id="reopen-period-detail" className="text-muted-foreground">
            {closed.message}
          </p>
        </div>
      </div>
      <Field id="reopen-period-reason" label="Why reopen it?" error={problem ?? undefined}>
        <Textarea
          ref={field}
          rows={2}
          value={reason}
          placeholder="A shift was missing from the timesheet…"
          onChange={(event) => setReason(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) void submit();
          }}
        />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onGoBack}>
          Go back
        </Button>
        <Button type="button" disabled={reopen.isPending} onClick={() => void submit()}>
          {reopen.isPending ? 'Reopening…' : 'Reopen and save'}
        </Button>
      </div>
    </fieldset>
  );
}
