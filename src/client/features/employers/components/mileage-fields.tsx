import { Controller } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { SelectField } from '@/components/ui/select-field';
import type { EmployerForm } from './employer-form-fields';

const unitOptions = [
  { value: 'km', label: 'Kilometres' },
  { value: 'mi', label: 'Miles' },
];

/**
 * Mileage the employer pays back (decision 042): a rate per km or mile, up to three decimal
 * places (0.655), which a shift's distance is paid at when it is saved. Empty: no mileage.
 */
export function MileageFields({ form }: { form: EmployerForm }) {
  const { errors } = form.formState;
  return (
    <>
      <Controller
        control={form.control}
        name="mileageRate"
        render={({ field }) => (
          <Field
            id="employer-mileageRate"
            label="Mileage rate"
            hint="Paid back per km or mile driven for work, e.g. 0.70. Empty: no mileage."
            error={errors.mileageRate?.message}
          >
            <Input
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.000"
              ref={field.ref}
              value={field.value === null || field.value === undefined ? '' : String(field.value)}
              onChange={(event) => field.onChange(event.target.value || null)}
              onBlur={field.onBlur}
            />
          </Field>
        )}
      />
      <Controller
        control={form.control}
        name="distanceUnit"
        render={({ field }) => (
          <SelectField
            id="employer-distanceUnit"
            label="Distance in"
            value={field.value ?? 'km'}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            options={unitOptions}
            error={errors.distanceUnit?.message}
          />
        )}
      />
    </>
  );
}
