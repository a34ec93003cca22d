import { CircleAlert, CircleCheck } from 'lucide-react';
import { Spinner } from '@/components/ui/spinner';
import type { SaveState } from '@/lib/use-save-state';
import { cn } from '@/lib/utils';

const texts: Record<SaveState, string> = {
  idle: '',
  saving: 'Saving…',
  saved: 'All changes saved',
  error: 'Some changes were not saved',
};

/** The live region stays in the page even when empty, so screen readers announce each change. */
export function SaveIndicator({ status, className }: { status: SaveState; className?: string }) {
  return (
    <p
      role="status"
      aria-live="polite"
      className={cn(
        'flex min-h-5 items-center gap-1.5 text-sm',
        status === 'error' ? 'text-destructive' : 'text-muted-foreground',
        className,
      )}
    >
      {status === 'saving' ? <Spinner label={null} className="size-4" /> : null}
      {status === 'saved' ? <CircleCheck aria-hidden="true" className="size-4" /> : null}
      {status === 'error' ? <CircleAlert aria-hidden="true" className="size-4" /> : null}
      {texts[status]}
    </p>
  );
}
