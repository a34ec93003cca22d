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

/** aria-invalid and aria-describedby for a field whose error message has id `${id}-error`. */
export function fieldErrorProps(id: string, message: string | undefined) {
  return message
    ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` }
    : { 'aria-invalid': undefined, 'aria-describedby': undefined };
}
