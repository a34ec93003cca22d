import { Check } from 'lucide-react';
import { isSessionEnded, NetworkError } from '@/lib/api-client';
import { SAVE_UNREACHABLE_MESSAGE } from '@/lib/error-message';
import type { SaveState } from '@/lib/use-save-state';
import { cn } from '@/lib/utils';
import { Button } from './button';
import { Spinner } from './spinner';
import { toast } from './use-toast';

/** The words of each state; 'Saved' and 'Try Again' unless a use says otherwise. */
export type SaveButtonLabels = { idle: string; saving: string; saved?: string; error?: string };

type SaveButtonProps = {
  state: SaveState;
  labels: SaveButtonLabels;
  /** The form it submits, when it sits outside it (a dialog footer). */
  form?: string;
  className?: string;
};

/**
 * A form's submit button in the four states of useSaveState (docs/product/screens.md#states). While busy it
 * stays focusable (aria-disabled, not disabled) so keyboard focus is not thrown out of the
 * dialog; the form ignores submits then (see `isBusy`).
 */
export function SaveButton({ state, labels, form, className }: SaveButtonProps) {
  const busy = isBusy(state);
  const text = {
    idle: labels.idle,
    saving: labels.saving,
    saved: labels.saved ?? 'Saved',
    error: labels.error ?? 'Try Again',
  }[state];
  return (
    <Button
      type="submit"
      form={form}
      variant={state === 'error' ? 'destructive' : 'default'}
      aria-disabled={busy || undefined}
      className={cn('min-w-36 aria-disabled:cursor-default aria-disabled:opacity-80', className)}
    >
      {state === 'saving' ? <Spinner label={null} className="size-4" /> : null}
      {state === 'saved' ? <Check aria-hidden="true" /> : null}
      {text}
    </Button>
  );
}

/** Saving, or saved and about to close: a submit now would save twice. */
export function isBusy(state: SaveState): boolean {
  return state === 'saving' || state === 'saved';
}

/**
 * The toast for a save that failed. No answer (offline, or none within the write timeout)
 * says so and that the input is kept; an ended session says nothing here (the sign-out
 * does); anything else shows `description` under `title`.
 */
export function toastSaveFailure(error: unknown, description: string, title = 'Error') {
  if (isSessionEnded(error)) return;
  if (error instanceof NetworkError) {
    toast({ title: 'Not saved', description: SAVE_UNREACHABLE_MESSAGE, variant: 'destructive' });
    return;
  }
  toast({ title, description, variant: 'destructive' });
}
