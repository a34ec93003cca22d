import { useController, useFormContext } from 'react-hook-form';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { DatePickerField } from '@/components/ui/date-picker-field';
import { SelectField } from '@/components/ui/select-field';
import { payCalendarOf } from '../../../../shared/domain/pay-periods.ts';
import type { Employer } from '../../../../shared/schemas/employers.ts';
import { quickRange, quickRangeIds, quickRangeLabels } from './quick-ranges';
import type { ReportFormValues } from './report-form-values';

const employerLabel = (employer: Employer) =>
  employer.isActive ? employer.name : `${employer.name} (inactive)`;

type EmployerFieldProps = {
  employers: Employer[];
  error: string | undefined;
  onEmployerChange: (next: Employer | undefined, previous: Employer | undefined) => void;
};

/** Every employer, inactive ones too: past work for a job that has ended still gets reported. */
export function ReportEmployerField({ employers, error, onEmployerChange }: EmployerFieldProps) {
  const { control } = useFormContext<ReportFormValues>();
  const { field } = useController({ control, name: 'employerId' });
  const find = (id: string) => employers.find((e) => String(e.id) === id);
  return (
    <SelectField
      id="report-employer"
      label="Employer"
      required
      ref={field.ref}
      value={field.value}
      onValueChange={(id) => {
        const previous = find(field.value);
        field.onChange(id);
        onEmployerChange(find(id), previous);
      }}
      onBlur={field.onBlur}
      options={employers.map((e) => ({ value: String(e.id), label: employerLabel(e) }))}
      placeholder="Select an employer"
      error={error}
      hint={
        employers.length === 0 ? (
          <>
            No employers yet.{' '}
            <Link href="/employers" className="font-medium text-primary underline">
              Add an employer
            </Link>{' '}
            first.
          </>
        ) : undefined
      }
      disabled={employers.length === 0}
    />
  );
}

type DatesProps = { today: string; errors: { startDate?: string; endDate?: string } };

const dateFields = [
  { name: 'startDate', id: 'report-start-date', label: 'Start date' },
  { name: 'endDate', id: 'report-end-date', label: 'End date' },
] as const;

export function ReportDateFields({ today, errors }: DatesProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {dateFields.map((date) => (
        <ReportDateField key={date.name} {...date} today={today} error={errors[date.name]} />
      ))}
    </div>
  );
}

type DateFieldProps = (typeof dateFields)[number] & { today: string; error: string | undefined };

function ReportDateField({ name, id, label, today, error }: DateFieldProps) {
  const { control } = useFormContext<ReportFormValues>();
  const { field } = useController({ control, name });
  return (
    <DatePickerField
      id={id}
      label={label}
      required
      ref={field.ref}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      today={today}
      error={error}
    />
  );
}

type QuickRangesProps = { timeZone: string; employer: Employer | undefined };

export function QuickRangeButtons({ timeZone, employer }: QuickRangesProps) {
  const { setValue, getFieldState, trigger } = useFormContext<ReportFormValues>();
  return (
    <fieldset className="min-w-0 space-y-2 md:col-span-2">
      <legend className="mb-2 font-medium text-muted-foreground text-xs">Quick ranges</legend>
      <div className="flex flex-wrap gap-2">
        {quickRangeIds.map((id) => {
          const needsEmployer = (id === 'pay-period' || id === 'last-pay-period') && !employer;
          return (
            <Button
              key={id}
              type="button"
              variant="outline"
              size="sm"
              disabled={needsEmployer}
              title={needsEmployer ? 'Select an employer to use its pay schedule' : undefined}
              onClick={() => {
                const range = quickRange(id, timeZone, employer && payCalendarOf(employer));
                if (!range) return;
                const options = { shouldDirty: true } as const;
                setValue('startDate', range.from, options);
                setValue('endDate', range.to, options);
                // A date message shown before goes as soon as the range mends it.
                const shown = ['startDate', 'endDate'] as const;
                if (shown.some((name) => getFieldState(name).error)) void trigger([...shown]);
              }}
            >
              {quickRangeLabels[id]}
            </Button>
          );
        })}
      </div>
    </fieldset>
  );
}
