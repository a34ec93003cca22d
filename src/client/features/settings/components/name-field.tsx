import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { SaveGeneral } from './use-general-save';
import { type NameField as Name, useNameAutosave } from './use-name-autosave';

type NameFieldProps = {
  field: Name;
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
    <Field id={id} label={label} required error={error} className="min-w-0">
      <Input
        value={text}
        autoComplete={autoComplete}
        maxLength={100}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
    </Field>
  );
}
