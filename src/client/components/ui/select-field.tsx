import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { FieldError, fieldErrorProps } from './field-error';
import { Label } from './label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

export type SelectOption<V extends string> = { value: V; label: string };

type SelectFieldProps<V extends string> = {
  id: string;
  label: ReactNode;
  value: V | undefined;
  onValueChange: (value: V) => void;
  options: readonly SelectOption<V>[];
  /** Shown under the field; the field is then invalid and described by it. */
  error?: string;
  hint?: ReactNode;
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  onBlur?: () => void;
  className?: string;
};

/** A labelled pick-one list (Radix Select) with its hint and error message wired up. */
export function SelectField<V extends string>({
  id,
  label,
  value,
  onValueChange,
  options,
  error,
  hint,
  placeholder,
  required = false,
  disabled,
  onBlur,
  className,
}: SelectFieldProps<V>) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={cn('space-y-2', className)}>
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      {/* Radix adds a hidden native select beside the trigger; the wrapper keeps it out of the spacing. */}
      <div>
        <Select
          value={value}
          onValueChange={(next) => {
            const option = options.find((o) => o.value === next);
            if (option) onValueChange(option.value);
          }}
          disabled={disabled}
        >
          <SelectTrigger
            id={id}
            onBlur={onBlur}
            aria-required={required || undefined}
            {...fieldErrorProps(id, error, hintId)}
          >
            <SelectValue placeholder={placeholder} />
          </SelectTrigger>
          <SelectContent>
            {options.map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {option.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {hint ? (
        <p id={hintId} className="text-muted-foreground text-xs">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}
