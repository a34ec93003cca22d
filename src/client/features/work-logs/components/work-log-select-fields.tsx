import { type Control, Controller } from 'react-hook-form';
import { Link } from 'wouter';
import { FieldError, fieldErrorProps } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import type { Employer } from '../../../../shared/schemas/employers.ts';
import { keepChevron, ListOptions, listFitsScreen } from './work-log-filters';
import type { WorkLogFormValues } from './work-log-form';

const NO_DEPARTMENT = '__none__';

type FormControl = Control<WorkLogFormValues, unknown, unknown>;

type EmployerFieldProps = {
  control: FormControl;
  /** Every employer, to tell "none yet" from "none to choose". */
  employers: Employer[];
  /** The employers that can be chosen. */
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
    <div className="min-w-0 space-y-2">
      <Label htmlFor="work-log-employer">Employer</Label>
      <Controller
        control={control}
        name="employerId"
        render={({ field }) => (
          <Select
            value={field.value}
            onValueChange={(value) => {
              field.onChange(value);
              onEmployerChange(employers.find((e) => String(e.id) === value));
            }}
            disabled={choices.length === 0}
          >
            <SelectTrigger
              id="work-log-employer"
              className={keepChevron}
              ref={field.ref}
              onBlur={field.onBlur}
              {...fieldErrorProps('work-log-employer', error)}
            >
              <SelectValue placeholder="Select an employer" />
            </SelectTrigger>
            <SelectContent className={listFitsScreen}>
              <ListOptions items={choices} />
            </SelectContent>
          </Select>
        )}
      />
      <FieldError id="work-log-employer-error">{error}</FieldError>
      {employers.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          No employers yet.{' '}
          <Link href="/employers" className="font-medium text-primary underline">
            Add one on the Employers page
          </Link>
          .
        </p>
      ) : null}
    </div>
  );
}

type DepartmentFieldProps = {
  control: FormControl;
  employer: Employer | undefined;
  error: string | undefined;
};

/** SPEC.md §5: only the chosen employer's departments; disabled when it has none. */
export function DepartmentField({ control, employer, error }: DepartmentFieldProps) {
  const departments = employer?.departments ?? [];
  return (
    <div className="min-w-0 space-y-2">
      <Label htmlFor="work-log-department">Department</Label>
      <Controller
        control={control}
        name="department"
        render={({ field }) => (
          <Select
            value={field.value || NO_DEPARTMENT}
            onValueChange={(value) => field.onChange(value === NO_DEPARTMENT ? '' : value)}
            disabled={departments.length === 0}
          >
            <SelectTrigger
              id="work-log-department"
              className={keepChevron}
              ref={field.ref}
              {...fieldErrorProps('work-log-department', error)}
            >
              <SelectValue />
            </SelectTrigger>
            <SelectContent className={listFitsScreen}>
              <SelectItem value={NO_DEPARTMENT}>
                {!employer
                  ? 'Select an employer first'
                  : departments.length === 0
                    ? 'No departments'
                    : 'No department'}
              </SelectItem>
              <ListOptions items={departments} />
            </SelectContent>
          </Select>
        )}
      />
      <FieldError id="work-log-department-error">{error}</FieldError>
    </div>
  );
}
