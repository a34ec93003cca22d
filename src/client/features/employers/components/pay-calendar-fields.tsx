import { Controller, useWatch } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { SelectField } from '@/components/ui/select-field';
import {
  DEFAULT_PAYDAY_DAYS,
  START_DAYS,
  startDaysOf,
} from '../../../../shared/domain/pay-periods.ts';
import type { EmployerForm } from './employer-form-fields';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
// Radix selects take no empty value: this stands for "no weekday".
const ANY_DAY = 'any';
const weekdayOptions = [
  { value: ANY_DAY, label: 'That day' },
  ...WEEKDAYS.map((day, index) => ({ value: String(index), label: `The ${day} on or after` })),
];

/** A number of days as typed: a number, or NaN for none, which the schema names ("from 1 to 28"). */
const dayOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/**
 * The employer's pay calendar under its schedule (decision 041): the day weekly and bi-weekly
 * periods start on, the days semi-monthly or monthly ones start on, and its payday.
 */
export function PayCalendarFields({ form }: { form: EmployerForm }) {
  const schedule = useWatch({ control: form.control, name: 'timesheetSchedule' }) ?? 'weekly';
  const { errors } = form.formState;
  const daysError = (() => {
    const e = errors.payStartDays;
    if (!e) return undefined;
    if (e.message) return e.message;
    const first = Array.isArray(e) ? e.find((x) => x?.message) : undefined;
    return first?.message;
  })();

  return (
    <>
      {schedule === 'weekly' || schedule === 'biweekly' ? (
        <Controller
          control={form.control}
          name="payAnchorDate"
          render={({ field }) => (
            <Field
              id="employer-payAnchorDate"
              label="Periods start on"
              hint="Any day a period starts on (YYYY-MM-DD); the periods run from it. Empty: Sundays."
              error={errors.payAnchorDate?.message}
            >
              <Input
                // Typed as YYYY-MM-DD: a native date input keeps its focus inside its own fields,
                // where no focus ring shows.
                placeholder="YYYY-MM-DD"
                autoComplete="off"
                ref={field.ref}
                value={field.value ?? ''}
                onChange={(event) => field.onChange(event.target.value || null)}
                onBlur={field.onBlur}
              />
            </Field>
          )}
        />
      ) : null}
      {schedule === 'semimonthly' || schedule === 'monthly' ? (
        <Controller
          control={form.control}
          name="payStartDays"
          render={({ field }) => {
            const shown = startDaysOf({ schedule, startDays: field.value ?? [] });
            const typed = field.value && field.value.length === shown.length ? field.value : shown;
            const set = (index: number, text: string) => {
              const next = [...typed];
              next[index] = dayOf(text);
              field.onChange(next);
            };
            const labels =
              schedule === 'semimonthly'
                ? ['First period starts on day', 'Second period starts on day']
                : ['Periods start on day'];
            return (
              <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
                <legend className="sr-only">Days of the month periods start on</legend>
                {labels.map((label, index) => (
                  <Field
                    key={label}
                    id={`employer-payStartDays-${index}`}
                    label={label}
                    hint={
                      index === labels.length - 1
                        ? `A day from ${START_DAYS.min} to ${START_DAYS.max}: ${schedule === 'semimonthly' ? '1 and 16 make the 1st–15th and the 16th–end' : '20 makes the 20th to the 19th'}.`
                        : undefined
                    }
                    error={index === 0 ? daysError : undefined}
                  >
                    <Input
                      type="number"
                      inputMode="numeric"
                      min={START_DAYS.min}
                      max={START_DAYS.max}
                      step={1}
                      ref={index === 0 ? field.ref : undefined}
                      value={Number.isNaN(typed[index]) ? '' : String(typed[index] ?? '')}
                      onChange={(event) => set(index, event.target.value)}
                      onBlur={field.onBlur}
                    />
                  </Field>
                ))}
              </fieldset>
            );
          }}
        />
      ) : null}
      <Controller
        control={form.control}
        name="paydayDays"
        render={({ field }) => (
          <Field
            id="employer-paydayDays"
            label="Paid (days after the period ends)"
            hint={`${DEFAULT_PAYDAY_DAYS}: a week after; 0: the day it ends.`}
            error={errors.paydayDays?.message}
          >
            <Input
              type="number"
              inputMode="numeric"
              min={0}
              max={90}
              step={1}
              ref={field.ref}
              value={field.value === undefined || Number.isNaN(field.value) ? '' : field.value}
              onChange={(event) => field.onChange(dayOf(event.target.value))}
              onBlur={field.onBlur}
            />
          </Field>
        )}
      />
      <Controller
        control={form.control}
        name="paydayWeekday"
        render={({ field }) => (
          <SelectField
            id="employer-paydayWeekday"
            label="Payday"
            value={
              field.value === null || field.value === undefined ? ANY_DAY : String(field.value)
            }
            onValueChange={(value) => field.onChange(value === ANY_DAY ? null : Number(value))}
            onBlur={field.onBlur}
            options={weekdayOptions}
            hint="Paid on a weekday? The first one on or after that day."
            error={errors.paydayWeekday?.message}
          />
        )}
      />
    </>
  );
}
