import type { ComponentProps } from 'react';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import { MAX_NOTE_LENGTH } from '../../../../shared/schemas/work-logs.ts';

/** The count appears once fewer than this many characters are left. */
const COUNT_FROM = 100;
const thousands = new Intl.NumberFormat('en-US');

function countText(length: number): string {
  const left = MAX_NOTE_LENGTH - length;
  if (left >= 0) return `${thousands.format(left)} ${left === 1 ? 'character' : 'characters'} left`;
  const over = -left;
  return `${thousands.format(over)} ${over === 1 ? 'character' : 'characters'} too many`;
}

type NoteFieldProps = Omit<ComponentProps<'textarea'>, 'value' | 'id'> & {
  id: string;
  value: string;
  error?: string | undefined;
};

/**
 * The optional note. No maxLength: a pasted note is never cut short without a word. Near the
 * limit a count says how many characters are left, and past it how many are too many.
 */
export function WorkLogNoteField({ id, value, error, ...props }: NoteFieldProps) {
  // The server trims the note before measuring it, so the count does too.
  const length = value.trim().length;
  const showCount = MAX_NOTE_LENGTH - length < COUNT_FROM;
  const over = length > MAX_NOTE_LENGTH;
  const countId = showCount ? `${id}-count` : undefined;
  return (
    <div className="space-y-2">
      <Field id={id} label="Note (optional)" error={error}>
        {(control) => (
          <Textarea
            placeholder="What you worked on, who you covered for…"
            {...control}
            aria-invalid={error || over ? true : undefined}
            aria-describedby={
              [control['aria-describedby'], countId].filter(Boolean).join(' ') || undefined
            }
            value={value}
            {...props}
          />
        )}
      </Field>
      {showCount ? (
        <p
          id={countId}
          aria-live="polite"
          className={cn(
            'text-sm tabular-nums',
            over ? 'font-medium text-destructive' : 'text-muted-foreground',
          )}
        >
          {countText(length)}
        </p>
      ) : null}
    </div>
  );
}
