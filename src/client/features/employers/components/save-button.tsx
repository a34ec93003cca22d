import { Check } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { SaveState } from '@/lib/use-save-state';

const labels: Record<SaveState, string> = {
  idle: 'Save Employer',
  saving: 'Saving...',
  saved: 'Saved',
  error: 'Try Again',
};

/**
 * The form's submit button in its four states. It stays focusable while busy (aria-disabled,
 * not disabled) so a keyboard user's focus is not thrown to the page; the form ignores
 * submits unless the state is idle or error.
 */
export function SaveButton({ state, form }: { state: SaveState; form?: string }) {
  const busy = state === 'saving' || state === 'saved';
  return (
    <Button
      type="submit"
      form={form}
      variant={state === 'error' ? 'destructive' : 'default'}
      aria-disabled={busy || undefined}
      className="min-w-36 aria-disabled:cursor-default aria-disabled:opacity-80"
    >
      {state === 'saving' ? <Spinner label={null} className="size-4" /> : null}
      {state === 'saved' ? <Check aria-hidden="true" /> : null}
      {labels[state]}
    </Button>
  );
}
