import type { ComponentProps } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { SelectField, type SelectOption } from '@/components/ui/select-field';
import { Switch } from '@/components/ui/switch';
import { useCurrency } from '@/features/settings';
import { currencySymbol } from '../../../../shared/domain/format.ts';
import type { PremiumRule } from '../../../../shared/domain/premiums.ts';
import {
  type CreateEmployerBody,
  createEmployerBodySchema,
} from '../../../../shared/schemas/employers.ts';
import {
  employmentTypes,
  payPrecisions,
  roundingDirections,
  roundingSteps,
  timesheetSchedules,
} from '../../../../shared/schemas/enums.ts';
import { taxCalculationLabels, taxCalculations } from '../../../../shared/schemas/settings.ts';
import { BrandColorPicker } from './brand-color-picker';
import { DepartmentsInput } from './departments-input';
import {
  employmentTypeLabels,
  payPrecisionLabels,
  roundingDirectionLabels,
  roundingStepLabels,
  scheduleLabels,
} from './employer-labels';
import { HolidayPlaceFields } from './holiday-place-fields';
import { MileageFields } from './mileage-fields';
import { type OvertimeDraft, overtimeDraftSchema } from './overtime-draft';
import { OvertimeFields } from './overtime-fields';
import { PayCalendarFields } from './pay-calendar-fields';
import { PremiumsEditor } from './premiums-editor';

/** The API's body, with the overtime rule as typed (hours and multipliers as text). */
export const employerFormSchema = createEmployerBodySchema.extend({
  overtime: overtimeDraftSchema,
});
export type EmployerFormInput = Omit<CreateEmployerBody, 'overtime' | 'premiums'> & {
  overtime: OvertimeDraft;
  premiums: PremiumRule[];
};
export type EmployerFormValues = z.output<typeof employerFormSchema>;
export type EmployerForm = UseFormReturn<EmployerFormInput, unknown, EmployerFormValues>;

/** The premium editor's state the form needs: a premium still open holds the save back. */
export type PremiumEditing = {
  onEditingChange: (editing: boolean) => void;
  pendingMessage?: string;
};

type TextFieldName = 'name' | 'hourlyRate' | 'taxRate' | 'contactEmail' | 'phone' | 'address';

const employmentTypeOptions = employmentTypes.map((value) => ({
  value,
  label: employmentTypeLabels[value],
}));
const scheduleOptions = timesheetSchedules.map((value) => ({
  value,
  label: scheduleLabels[value],
}));
const taxMethodOptions = taxCalculations.map((value) => ({
  value,
  label: taxCalculationLabels[value],
}));
const roundingStepOptions = roundingSteps.map((value) => ({
  value,
  label: roundingStepLabels[value],
}));
const roundingDirectionOptions = roundingDirections.map((value) => ({
  value,
  label: roundingDirectionLabels[value],
}));
const payPrecisionOptions = payPrecisions.map((value) => ({
  value,
  label: payPrecisionLabels[value],
}));

export function EmployerFormFields({
  form,
  premiumEditing,
  overtimeGroup,
}: {
  form: EmployerForm;
  premiumEditing?: PremiumEditing;
  /** The overtime group the employer is in: its own overtime rules rest meanwhile. */
  overtimeGroup?: string;
}) {
  const { errors } = form.formState;
  const currency = useCurrency();
  const message = (name: keyof EmployerFormInput) => errors[name]?.message;

  const textField = (
    name: TextFieldName,
    label: string,
    { required: isRequired, ...input }: ComponentProps<typeof Input> = {},
    className = '',
  ) => {
    return (
      <Field
        id={`employer-${name}`}
        label={label}
        required={isRequired}
        error={message(name)}
        className={className}
      >
        <Input {...input} {...form.register(name)} />
      </Field>
    );
  };

  const selectField = (
    name:
      | 'employmentType'
      | 'timesheetSchedule'
      | 'taxMethod'
      | 'roundingStep'
      | 'roundingDirection'
      | 'payPrecision',
    label: string,
    options: readonly SelectOption<string>[],
    hint?: string,
  ) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <SelectField
          id={`employer-${name}`}
          label={label}
          value={field.value}
          onValueChange={field.onChange}
          onBlur={field.onBlur}
          options={options}
          hint={hint}
          error={message(name)}
        />
      )}
    />
  );

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {textField(
        'name',
        'Employer name',
        { required: true, autoComplete: 'organization' },
        'sm:col-span-2',
      )}
      {textField('hourlyRate', `Hourly rate (${currencySymbol(currency)})`, {
        required: true,
        type: 'number',
        inputMode: 'decimal',
        step: '0.01',
        min: 0,
        placeholder: '0.00',
      })}
      {textField('taxRate', 'Tax rate (%)', {
        type: 'number',
        inputMode: 'decimal',
        step: '0.01',
        min: 0,
        max: 100,
        placeholder: '0',
      })}
      {selectField(
        'taxMethod',
        'Tax method',
        taxMethodOptions,
        "For this employer's timesheets and totals; new employers start with Settings → Export.",
      )}
      {selectField(
        'roundingStep',
        'Rounding',
        roundingStepOptions,
        'Each shift’s minutes after the break, rounded to this step; new employers start with Settings.',
      )}
      {selectField(
        'roundingDirection',
        'Rounding direction',
        roundingDirectionOptions,
        'Nearest rounds 7½ minutes of a 15-minute step up.',
      )}
      {selectField(
        'payPrecision',
        'Precision',
        payPrecisionOptions,
        'Exact minutes pays minutes × rate ÷ 60; tenths rounds paid time to 6 minutes first.',
      )}
      {selectField('employmentType', 'Employment type', employmentTypeOptions)}
      {selectField('timesheetSchedule', 'Timesheet schedule', scheduleOptions)}
      <PayCalendarFields form={form} />
      <MileageFields form={form} />
      {textField('contactEmail', 'Contact email', {
        type: 'email',
        autoComplete: 'email',
        placeholder: 'payroll@example.com',
      })}
      {textField('phone', 'Phone', { type: 'tel', autoComplete: 'tel' })}
      {textField('address', 'Address', { autoComplete: 'street-address' }, 'sm:col-span-2')}
      <Controller
        control={form.control}
        name="departments"
        render={({ field }) => (
          <div className="sm:col-span-2">
            <DepartmentsInput
              id="employer-departments"
              label="Departments"
              value={field.value ?? []}
              onChange={field.onChange}
              error={message('departments')}
            />
          </div>
        )}
      />
      <Controller
        control={form.control}
        name="brandColor"
        render={({ field }) => (
          <div className="space-y-2 sm:col-span-2">
            <span id="employer-brandColor-label" className="font-medium text-sm">
              Brand colour
            </span>
            <BrandColorPicker
              id="employer-brandColor"
              value={field.value ?? 'blue'}
              onChange={field.onChange}
              aria-labelledby="employer-brandColor-label"
            />
          </div>
        )}
      />
      <section
        aria-labelledby="employer-pay-extras"
        className="grid gap-4 border-t pt-4 sm:col-span-2 sm:grid-cols-2"
      >
        <div className="sm:col-span-2">
          <h3 id="employer-pay-extras" className="font-semibold text-base">
            Overtime and premiums
          </h3>
          <p className="text-muted-foreground text-xs">
            Overtime and premium figures are estimates, worked out from the shifts you log.
          </p>
        </div>
        {overtimeGroup ? (
          <p className="rounded-md bg-muted px-3 py-2 text-sm [overflow-wrap:anywhere] sm:col-span-2">
            Overtime is counted with {overtimeGroup} (Overtime groups). These rules apply again if
            it leaves the group.
          </p>
        ) : null}
        <OvertimeFields form={form} />
        <Controller
          control={form.control}
          name="premiums"
          render={({ field }) => (
            <PremiumsEditor
              value={field.value}
              onChange={field.onChange}
              currency={currency}
              onEditingChange={premiumEditing?.onEditingChange}
              pendingMessage={premiumEditing?.pendingMessage}
              error={
                (errors.premiums as { message?: string } | undefined)?.message ??
                (errors.premiums?.root as { message?: string } | undefined)?.message
              }
            />
          )}
        />
        <HolidayPlaceFields form={form} />
      </section>
      <Controller
        control={form.control}
        name="isActive"
        render={({ field }) => (
          <Field
            id="employer-isActive"
            label="Active"
            hint="Only active employers are listed on the dashboard."
            layout="inline"
            className="items-center rounded-lg border p-3 sm:col-span-2"
          >
            <Switch checked={field.value ?? true} onCheckedChange={field.onChange} />
          </Field>
        )}
      />
    </div>
  );
}
