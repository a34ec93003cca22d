import { Check } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { SaveState } from '@/lib/use-save-state';

const labels = {
  add: { idle: 'Save Work Log', saving: 'Saving...', saved: 'Saved', error: 'Try Again' },
  edit: { idle: 'Update Work Log', saving: 'Updating...', saved: 'Saved', error: 'Try Again' },
} as const satisfies Record<string, Record<SaveState, string>>;

/**
 * The dialog's submit button in the four states of SPEC.md §4. While busy it stays focusable
 * (aria-disabled, not disabled) so keyboard focus is not thrown out of the dialog.
 */
export function SaveWorkLogButton({ state, mode }: { state: SaveState; mode: 'add' | 'edit' }) {
  const busy = state === 'saving' || state === 'saved';
  return (
    <Button
      type="submit"
      variant={state === 'error' ? 'destructive' : 'default'}
      aria-disabled={busy || undefined}
      className="min-w-40 aria-disabled:cursor-default aria-disabled:opacity-80"
    >
      {state === 'saving' ? <Spinner label={null} className="size-4" /> : null}
      {state === 'saved' ? <Check aria-hidden="true" /> : null}
      {labels[mode][state]}
    </Button>
  );
}
