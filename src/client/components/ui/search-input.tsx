import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';
import { FieldError, fieldErrorProps } from './field-error';
import { Input } from './input';
import { Label } from './label';

type SearchInputProps = Omit<ComponentProps<'input'>, 'type' | 'id'> & {
  id: string;
  /** Its name: visible above the box, or only to screen readers with `hideLabel`. */
  label: string;
  hideLabel?: boolean;
  error?: string;
  /** Classes of the wrapper (width, margins). */
  className?: string;
};

/** A search box with a magnifier, a label and an error message wired up. */
export function SearchInput({
  id,
  label,
  hideLabel = false,
  error,
  className,
  ...props
}: SearchInputProps) {
  return (
    // A grid, not space-y: a screen-reader-only label takes no room and leaves no gap.
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id} className={cn(hideLabel && 'sr-only')}>
        {label}
      </Label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={id}
          type="search"
          autoComplete="off"
          className="pl-9"
          {...fieldErrorProps(id, error)}
          {...props}
        />
      </div>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}
