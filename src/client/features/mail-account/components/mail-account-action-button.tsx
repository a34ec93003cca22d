import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { SaveState } from '@/lib/use-save-state';

type ActionButtonProps = {
  state: SaveState;
  labels: Record<SaveState, string>;
  icon?: ReactNode;
  variant?: 'default' | 'outline';
  onClick: () => void;
};

/** docs/product/screens.md#states. While busy it stays focusable but ignores clicks, so keyboard focus is not lost. */
export function ActionButton({
  state,
  labels,
  icon,
  variant = 'default',
  onClick,
}: ActionButtonProps) {
  const busy = state === 'saving' || state === 'saved';
  return (
    <Button
      variant={state === 'error' ? 'destructive' : variant}
      aria-disabled={busy || undefined}
      aria-busy={state === 'saving' || undefined}
      onClick={busy ? undefined : onClick}
      className="min-w-36 aria-disabled:cursor-default aria-disabled:opacity-80"
    >
      {state === 'saving' ? <Spinner label={null} className="size-4" /> : null}
      {state === 'saved' ? <Check aria-hidden="true" /> : null}
      {state === 'idle' ? icon : null}
      {labels[state]}
    </Button>
  );
}
