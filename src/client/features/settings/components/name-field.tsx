import { FieldError, fieldErrorProps } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { SaveGeneral } from './use-general-save';
import { type NameField as Field, useNameAutosave } from './use-name-autosave';

type NameFieldProps = {
  field: Field;
  label: string;
  initial: string;
  autoComplete: string;
  save: SaveGeneral;
};

/** First or last name, saved as the user types (docs/product/screens.md#settings). */
export function NameField({ field, label, initial, autoComplete, save }: NameFieldProps) {
  const { text, error, onChange, onBlur } = useNameAutosave(field, initial, save);
  const id = `settings-${field}`;
  return (
    <div className="min-w-0 space-y-2">
      <Label htmlFor={id} required>
        {label}
      </Label>
      <Input
        id={id}
        value={text}
        autoComplete={autoComplete}
        aria-required="true"
        maxLength={100}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        {...fieldErrorProps(id, error)}
      />
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}
