import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** The message under a field; the field points at it with aria-describedby. */
export function FieldError({ className, children, ...props }: ComponentProps<'p'>) {
  if (!children) return null;
  return (
    <p className={cn('font-medium text-destructive text-sm', className)} {...props}>
      {children}
    </p>
  );
}

/**
 * aria-invalid and aria-describedby for a field whose error message has id `${id}-error`;
 * `hintId` names a hint that describes the field too.
 */
export function fieldErrorProps(id: string, message: string | undefined, hintId?: string) {
  const describedBy = [hintId, message ? `${id}-error` : undefined].filter(Boolean).join(' ');
  return {
    'aria-invalid': message ? (true as const) : undefined,
    'aria-describedby': describedBy || undefined,
  };
}
