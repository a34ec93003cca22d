import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';
import { Field } from './field';
import { Input } from './input';

type SearchInputProps = Omit<ComponentProps<'input'>, 'type' | 'id'> & {
  id: string;
  label: string;
  hideLabel?: boolean;
  error?: string;
  className?: string;
};

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
    <Field
      id={id}
      label={label}
      hideLabel={hideLabel}
      error={error}
      className={cn('grid gap-2 space-y-0', className)}
    >
      {(control) => (
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input type="search" autoComplete="off" className="pl-9" {...control} {...props} />
        </div>
      )}
    </Field>
  );
}
