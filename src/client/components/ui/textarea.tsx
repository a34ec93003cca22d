import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** A multi-line text box that looks and behaves like Input (focus ring, invalid border). */
export function Textarea({ className, rows = 3, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      rows={rows}
      className={cn(
        'block min-h-20 w-full min-w-0 resize-y rounded-lg border border-input bg-background px-3 py-2 text-base text-foreground shadow-sm transition-colors sm:text-sm',
        'placeholder:text-muted-foreground',
        'focus-visible:border-ring focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/60',
        'disabled:cursor-not-allowed disabled:opacity-60',
        'aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive/50',
        className,
      )}
      {...props}
    />
  );
}
