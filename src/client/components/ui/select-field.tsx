import type { ReactNode, Ref } from 'react';
import { cn } from '@/lib/utils';
import { Field } from './field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

export type SelectOption<V extends string> = { value: V; label: string };

type SelectFieldProps<V extends string> = {
  id: string;
  label: ReactNode;
  hideLabel?: boolean;
  value: V | undefined;
  onValueChange: (value: V) => void;
  options: readonly SelectOption<V>[];
  error?: string;
  hint?: ReactNode;
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  onBlur?: () => void;
  ref?: Ref<HTMLButtonElement>;
  className?: string;
};

export function SelectField<V extends string>({
  id,
  label,
  hideLabel = false,
  value,
  onValueChange,
  options,
  error,
  hint,
  placeholder,
  required = false,
  disabled,
  onBlur,
  ref,
  className,
}: SelectFieldProps<V>) {
  return (
    // min-w-0: in a grid or flex row a long value is cut short instead of widening the page.
    <Field
      id={id}
      label={label}
      hideLabel={hideLabel}
      hint={hint}
      error={error}
      required={required}
      className={cn('min-w-0', className)}
    >
      {(control) => (
        // Radix adds a hidden native select beside the trigger; the wrapper keeps it out of the spacing.
        <div>
          <Select
            value={value}
            onValueChange={(next) => {
              const option = options.find((o) => o.value === next);
              if (option) onValueChange(option.value);
            }}
            disabled={disabled}
          >
            <SelectTrigger ref={ref} onBlur={onBlur} {...control}>
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
      )}
    </Field>
  );
}
