import { useMutation, useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { isSessionEnded } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { invalidateAfterSave } from '@/lib/invalidate-after-save';
import { isValidDate } from '../../../../shared/domain/dates.ts';
import {
  formatDisplayDate,
  formatTimeRange,
  type TimeFormat,
} from '../../../../shared/domain/index.ts';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';
import { bulkWorkLogs } from '../api/bulk-work-logs';
import { duplicateWorkLog } from '../api/duplicate-work-log';
import { useReturnFocus } from './use-return-focus';

type DuplicateWorkLogDialogProps = {
  /** One shift (its Duplicate), or the ticked ones (the bulk bar); null: closed. */
  workLogs: WorkLog[] | null;
  timeFormat: TimeFormat;
  onClose: () => void;
};

const DATE_ID = 'duplicate-date';
/** The server's MAX_DUPLICATE_DATES (shared/schemas/work-logs.ts), kept here so zod stays out. */
const MAX_DUPLICATE_DATES = 31;

/**
 * docs/product/screens.md#work-logs: the shift copied to the dates chosen, in one request; when
 * the server refuses one date, none is saved, the reason shows in words and the dates stay.
 */
/** One shift's copies (POST /:id/duplicate) or several shifts' (bulk 'duplicate'): how many. */
function useDuplicateWorkLogs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      input: { id: number; dates: string[] } | { ids: number[]; dates: string[] },
    ): Promise<number> =>
      'id' in input
        ? (await duplicateWorkLog(input)).length
        : (await bulkWorkLogs({ action: 'duplicate', ids: input.ids, dates: input.dates })).count,
    onSuccess: () => {
      void invalidateAfterSave(queryClient);
    },
  });
}

export function DuplicateWorkLogDialog({
  workLogs,
  timeFormat,
  onClose,
}: DuplicateWorkLogDialogProps) {
  const workLog = workLogs?.length === 1 ? workLogs[0]! : null;
  const several = workLogs && workLogs.length > 1 ? workLogs : null;
  const [typed, setTyped] = useState('');
  const [dates, setDates] = useState<string[]>([]);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const duplicate = useDuplicateWorkLogs();
  const returnFocus = useReturnFocus();

  const close = () => {
    setTyped('');
    setDates([]);
    setFieldError(undefined);
    setProblem(null);
    onClose();
  };

  const add = () => {
    const date = typed.trim();
    if (!isValidDate(date)) {
      setFieldError('Type a date as YYYY-MM-DD, for example 2026-12-01');
      return;
    }
    if (dates.includes(date)) {
      setFieldError('That date is already in the list');
      return;
    }
    if (dates.length >= MAX_DUPLICATE_DATES) {
      setFieldError(`At most ${MAX_DUPLICATE_DATES} dates at once`);
      return;
    }
    setDates([...dates, date].sort());
    setTyped('');
    setFieldError(undefined);
    setProblem(null);
  };

  const refused = (error: Error) => {
    if (isSessionEnded(error)) return;
    setProblem(errorMessage(error, 'The shift could not be copied. Please try again.'));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!workLogs || workLogs.length === 0 || duplicate.isPending) return;
    if (dates.length === 0) {
      setFieldError('Add at least one date');
      document.getElementById(DATE_ID)?.focus();
      return;
    }
    setProblem(null);
    if (several) {
      duplicate.mutate(
        { ids: several.map((log) => log.id), dates },
        {
          onSuccess: (count) => {
            toast({
              title: `${several.length} shifts copied: ${count} new`,
              description: dates.map((d) => formatDisplayDate(d)).join(', '),
              variant: 'success',
            });
            close();
          },
          onError: refused,
        },
      );
      return;
    }
    if (!workLog) return;
    duplicate.mutate(
      { id: workLog.id, dates },
      {
        onSuccess: (count) => {
          toast({
            title: count === 1 ? 'Shift copied' : `Shift copied to ${count} dates`,
            description: dates.map((d) => formatDisplayDate(d)).join(', '),
            variant: 'success',
          });
          close();
        },
        onError: refused,
      },
    );
  };

  return (
    <Dialog
      open={(workLogs?.length ?? 0) > 0}
      onOpenChange={(open) => {
        if (!open) close();
      }}
    >
      <DialogContent className="sm:max-w-md" {...returnFocus}>
        <DialogHeader>
          <DialogTitle>
            {several ? `Duplicate ${several.length} shifts` : 'Duplicate shift'}
          </DialogTitle>
          <DialogDescription>
            {several
              ? `Copy each of the ${several.length} selected shifts to other dates, at its own times. All are saved, or none.`
              : workLog
                ? `Copy the ${workLog.employer.name} shift of ${formatDisplayDate(workLog.date)}, ${formatTimeRange(workLog.startTime, workLog.endTime, timeFormat)}, to other dates. All are saved, or none.`
                : ''}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <div className="flex items-start gap-2">
            <Field
              id={DATE_ID}
              label="Date (YYYY-MM-DD)"
              error={fieldError}
              className="min-w-0 flex-1"
            >
              <Input
                inputMode="numeric"
                autoComplete="off"
                placeholder="2026-12-01"
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                onKeyDown={(event) => {
                  // Enter adds the date typed; with the box empty it copies.
                  if (event.key === 'Enter' && typed.trim() !== '') {
                    event.preventDefault();
                    add();
                  }
                }}
              />
            </Field>
            <Button type="button" variant="outline" className="mt-7" onClick={add}>
              Add date
            </Button>
          </div>
          {dates.length > 0 ? (
            <ul aria-label="Dates to copy to" className="flex flex-wrap gap-2">
              {dates.map((date) => (
                <li
                  key={date}
                  className="inline-flex items-center gap-1 rounded-full border bg-muted py-0.5 pr-1 pl-3 text-sm"
                >
                  {formatDisplayDate(date)}
                  <button
                    type="button"
                    aria-label={`Remove ${formatDisplayDate(date)}`}
                    onClick={() => setDates(dates.filter((d) => d !== date))}
                    className="rounded-full p-1 text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    <X className="size-3.5" aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted-foreground text-sm">No dates added yet.</p>
          )}
          <FormAlert>{problem}</FormAlert>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={duplicate.isPending}>
              {duplicate.isPending
                ? 'Copying…'
                : dates.length > 1
                  ? `Copy to ${dates.length} dates`
                  : 'Copy'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export default DuplicateWorkLogDialog;
