import type { ComponentProps } from 'react';
import { type Control, useController } from 'react-hook-form';
import { Link } from 'wouter';
import { SelectField, type SelectOption } from '@/components/ui/select-field';
import type { Employer } from '../../../../shared/schemas/employers.ts';
import type { WorkLogFormValues } from './work-log-form';

type FormControl = Control<WorkLogFormValues, unknown, unknown>;

export const employerOptions = (
  employers: Pick<Employer, 'id' | 'name'>[],
): SelectOption<string>[] =>
  employers.map((employer) => ({ value: String(employer.id), label: employer.name }));

export const departmentOptions = (departments: string[]): SelectOption<string>[] =>
  departments.map((department) => ({ value: department, label: department }));

type FormSelectProps = Omit<
  ComponentProps<typeof SelectField<string>>,
  'value' | 'onValueChange' | 'onBlur' | 'ref'
> & {
  control: FormControl;
  name: 'employerId' | 'department';
  /** The list's stand-in for the form's '' (a list item cannot have an empty value). */
  emptyValue?: string;
  onPick?: (value: string) => void;
};

function FormSelect({ control, name, emptyValue, onPick, ...props }: FormSelectProps) {
  const { field } = useController({ control, name });
  return (
    <SelectField
      {...props}
      ref={field.ref}
      value={field.value === '' ? (emptyValue ?? '') : field.value}
      onValueChange={(value) => {
        const next = value === emptyValue ? '' : value;
        field.onChange(next);
        onPick?.(next);
      }}
      onBlur={field.onBlur}
    />
  );
}

type EmployerFieldProps = {
  control: FormControl;
  /** Every employer, to tell "none yet" from "none to choose". */
  employers: Employer[];
  choices: Employer[];
  error: string | undefined;
  onEmployerChange: (employer: Employer | undefined) => void;
};

export function EmployerField({
  control,
  employers,
  choices,
  error,
  onEmployerChange,
}: EmployerFieldProps) {
  return (
    <FormSelect
      control={control}
      name="employerId"
      id="work-log-employer"
      label="Employer"
      options={employerOptions(choices)}
      placeholder="Select an employer"
      disabled={choices.length === 0}
      error={error}
      onPick={(id) => onEmployerChange(employers.find((e) => String(e.id) === id))}
      hint={
        employers.length === 0 ? (
          <>
            No employers yet.{' '}
            <Link href="/employers" className="font-medium text-primary underline">
              Add one on the Employers page
            </Link>
            .
          </>
        ) : undefined
      }
    />
  );
}

const NO_DEPARTMENT = '__none__';

type DepartmentFieldProps = {
  control: FormControl;
  employer: Employer | undefined;
  error: string | undefined;
};

/** docs/product/screens.md#form-rules: only the chosen employer's departments; disabled when it has none. */
export function DepartmentField({ control, employer, error }: DepartmentFieldProps) {
  const departments = employer?.departments ?? [];
  const none = !employer
    ? 'Select an employer first'
    : departments.length === 0
      ? 'No departments'
      : 'No department';
  return (
    <FormSelect
      control={control}
      name="department"
      id="work-log-department"
      label="Department"
      emptyValue={NO_DEPARTMENT}
      options={[{ value: NO_DEPARTMENT, label: none }, ...departmentOptions(departments)]}
      disabled={departments.length === 0}
      error={error}
    />
  );
}
