import { useState } from 'react';
import type { UseFormSetError } from 'react-hook-form';
import { isBusy, type SaveButtonLabels, toastSaveFailure } from '@/components/ui/save-button';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { showServerFieldErrors } from '@/lib/form-errors';
import { useSaveState } from '@/lib/use-save-state';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';
import { useCreateWorkLog } from '../api/create-work-log';
import { useUpdateWorkLog } from '../api/update-work-log';
import type { SaveKind } from './notion-sync-toasts';
import { workLogSaveTimings } from './save-timings';
import type { WorkLogFormOutput, WorkLogFormValues } from './work-log-form';

/** docs/product/screens.md#states. */
export const workLogSaveLabels = {
  add: { idle: 'Save Work Log', saving: 'Saving...' },
  edit: { idle: 'Update Work Log', saving: 'Updating...' },
} as const satisfies Record<'add' | 'edit', SaveButtonLabels>;

const SAVE_FAILED = 'Failed to save work log. Please try again.';
const NOT_SENT =
  'This work log was not saved: the server could not be reached. What you typed is still here, so check your connection and save again.';

const serverFieldToFormField: Partial<Record<string, keyof WorkLogFormValues>> = {
  employerId: 'employerId',
  date: 'date',
  startTime: 'start',
  endTime: 'end',
  breakDuration: 'breakDuration',
  department: 'department',
  note: 'note',
};

type SaveOptions = {
  allowOverlap?: boolean;
  /** The server asks before saving an overlapping shift: its message names the other one. */
  onOverlap?: (message: string) => void;
  /** The shift lies in a closed pay period: the server names it, so it can be reopened. */
  onClosed?: (closed: ClosedPeriod) => void;
  /**
   * Once the shift is saved, before the dialog closes: its receipt goes (decision 046). What it
   * answers is said after the save's own news, so a failure is the last word.
   */
  afterSaved?: (saved: WorkLog) => Promise<(() => void) | undefined>;
};

export type ClosedPeriod = { employerId: number; periodStart: string; message: string };

export type OnWorkLogSaved = (saved: WorkLog, kind: SaveKind) => void;

/** A failed save leaves a message in the dialog until the next try, never passing unnoticed. */
export function useSaveWorkLog(
  workLog: WorkLog | null,
  setFieldError: UseFormSetError<WorkLogFormValues>,
  onSaved: OnWorkLogSaved,
) {
  const create = useCreateWorkLog();
  const update = useUpdateWorkLog();
  const save = useSaveState(workLogSaveTimings);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (
    body: WorkLogFormOutput,
    onDone: () => void,
    { allowOverlap = false, onOverlap, onClosed, afterSaved }: SaveOptions = {},
  ) => {
    if (isBusy(save.state)) return;
    setProblem(null);
    save.start();
    const confirmed = allowOverlap ? { allowOverlap } : {};
    try {
      const saved = workLog
        ? await update.mutateAsync({ id: workLog.id, changes: { ...body, ...confirmed } })
        : await create.mutateAsync({
            ...body,
            ...confirmed,
            status: 'pending',
            hourlyRateAtTime: '0',
          });
      // Its own failures are its own to say: the shift is saved whatever happens to them.
      const sayAfter = await afterSaved?.(saved);
      onSaved(saved, workLog ? 'updated' : 'added');
      sayAfter?.();
      save.succeed(onDone);
    } catch (error) {
      // Not a failure: the server asks first about a shift that overlaps another.
      if (onOverlap && error instanceof ApiError && error.code === 'work_log_overlap') {
        save.reset();
        onOverlap(error.serverMessage);
        return;
      }
      // Not a failure either: a closed period can be reopened, with a reason, and saved into.
      const closed = closedPeriodOf(error);
      if (onClosed && closed) {
        save.reset();
        onClosed(closed);
        return;
      }
      // An ApiError is the server's answer; anything else (offline, no answer in time) is not.
      showServerFieldErrors(setFieldError, error, serverFieldToFormField);
      setProblem(
        error instanceof ApiError
          ? `This work log was not saved: ${error.serverMessage}`
          : NOT_SENT,
      );
      toastSaveFailure(error, errorMessage(error, SAVE_FAILED));
      save.fail();
    }
  };

  const labels = workLogSaveLabels[workLog ? 'edit' : 'add'];
  return { state: save.state, labels, problem, submit };
}

/** The closed pay period a refused save names, if that is why it was refused. */
export function closedPeriodOf(error: unknown): ClosedPeriod | null {
  if (!(error instanceof ApiError) || error.code !== 'period_closed') return null;
  const employerId = Number(error.errors?.closedEmployerId);
  const periodStart = error.errors?.closedPeriodStart;
  if (!Number.isInteger(employerId) || !periodStart) return null;
  return { employerId, periodStart, message: error.serverMessage };
}
