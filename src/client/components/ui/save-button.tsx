import { Check } from 'lucide-react';
import { isSessionEnded, NetworkError } from '@/lib/api-client';
import { SAVE_UNREACHABLE_MESSAGE } from '@/lib/error-message';
import type { SaveState } from '@/lib/use-save-state';
import { cn } from '@/lib/utils';
import { Button } from './button';
import { Spinner } from './spinner';
import { toast } from './use-toast';

export type SaveButtonLabels = { idle: string; saving: string; saved?: string; error?: string };

type SaveButtonProps = {
  state: SaveState;
  labels: SaveButtonLabels;
  form?: string;
  className?: string;
};

/**
 * docs/product/screens.md#states. While busy it stays focusable (aria-disabled, not disabled)
 * so keyboard focus is not thrown out of the dialog; the form ignores submits (`isBusy`).
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

/** A submit now would save twice. */
export function isBusy(state: SaveState): boolean {
  return state === 'saving' || state === 'saved';
}

/** An ended session says nothing here: the sign-out does. */
export function toastSaveFailure(error: unknown, description: string, title = 'Error') {
  if (isSessionEnded(error)) return;
  if (error instanceof NetworkError) {
    toast({ title: 'Not saved', description: SAVE_UNREACHABLE_MESSAGE, variant: 'destructive' });
    return;
  }
  toast({ title, description, variant: 'destructive' });
}
