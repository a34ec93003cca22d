import { useEffect, useState } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/error-message';
import { useUpdateGraceDays } from '../api/update-grace-days';

// The server's words (src/shared/schemas/settings.ts), without pulling zod into the page.
const RANGE_MESSAGE = 'Days late must be a whole number from 0 to 60';

/** '7' → 7; anything but a whole number from 0 to 60 → null. */
export function graceDaysOf(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,2}$/.test(trimmed)) return null;
  const days = Number(trimmed);
  return days <= 60 ? days : null;
}

/**
 * "Late after [N] days past payday": saved when the field is left (or Enter is pressed), so a
 * half-typed number never reaches the ledger.
 */
export function GraceDaysField({ graceDays }: { graceDays: number }) {
  const [text, setText] = useState(String(graceDays));
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const update = useUpdateGraceDays();

  // Changed elsewhere (another tab): the field follows while it holds the old value.
  useEffect(() => setText(String(graceDays)), [graceDays]);

  function save() {
    const days = graceDaysOf(text);
    if (days === null) {
      setError(RANGE_MESSAGE);
      return;
    }
    setError(null);
    setText(String(days));
    if (days === graceDays) return;
    setSaved(false);
    update.mutate(days, {
      onSuccess: () => setSaved(true),
      onError: (failure) => setError(errorMessage(failure, 'Could not save the days')),
    });
  }

  const id = 'pay-grace-days';
  return (
    <div className="grid gap-1">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Label htmlFor={id} id={`${id}-label`}>
          Late after
        </Label>
        <Input
          id={id}
          inputMode="numeric"
          className="h-8 w-16 text-center tabular-nums"
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error ${id}-unit` : `${id}-unit`}
          onChange={(event) => {
            setText(event.target.value);
            setSaved(false);
          }}
          onBlur={save}
          onKeyDown={(event) => {
            if (event.key === 'Enter') save();
          }}
        />
        <span id={`${id}-unit`}>days past payday</span>
      </div>
      <p id={`${id}-error`} role="alert" className="max-w-64 font-medium text-destructive text-sm">
        {error}
      </p>
      <p role="status" className="text-muted-foreground text-xs">
        {update.isPending ? 'Saving...' : saved ? 'Saved' : ''}
      </p>
    </div>
  );
}
