import type { ComponentProps } from 'react';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { SelectField } from '@/components/ui/select-field';
import { cn } from '@/lib/utils';
import {
  overtimePresetLabel,
  overtimeRulesInWords,
  WEEKDAYS,
} from '../../../../shared/domain/pay-text.ts';
import { overtimeChoices } from '../../../../shared/schemas/pay-extras.ts';
import {
  customStartingFrom,
  type OvertimeChoice,
  type OvertimeDraft,
  overtimeRuleOf,
} from './overtime-draft';

const presetOptions = overtimeChoices.map((value) => ({
  value,
  label: overtimePresetLabel(value),
}));
const dayOptions = WEEKDAYS.map((label, day) => ({ value: String(day), label }));

/** A native checkbox beside its label, the size of the other controls' text. */
export function CheckboxField({
  id,
  label,
  hint,
  className,
  ...input
}: Omit<ComponentProps<'input'>, 'type'> & { id: string; label: string; hint?: string }) {
  return (
    <div className={cn('flex items-start gap-2', className)}>
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 accent-primary"
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...input}
      />
      <div className="space-y-0.5">
        <label htmlFor={id} className="font-medium text-sm leading-none">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-muted-foreground text-xs">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** A form holding an overtime draft under `overtime`: an employer's, or an overtime group's. */
type OvertimeForm = UseFormReturn<{ overtime: OvertimeDraft }>;

/**
 * "Overtime": the preset, its rules in words, the workweek's start, and the custom thresholds.
 * `idPrefix` starts the fields' ids ('employer-overtime-preset').
 */
export function OvertimeFields<T extends { overtime: OvertimeDraft }>({
  form: anyForm,
  idPrefix = 'employer',
}: {
  form: UseFormReturn<T, unknown, unknown>;
  idPrefix?: string;
}) {
  // react-hook-form cannot check paths under a generic form; the bound says what `overtime` is.
  const form = anyForm as unknown as OvertimeForm;
  const draft = useWatch({ control: form.control, name: 'overtime' }) as OvertimeDraft;
  const errors = form.formState.errors.overtime as
    | Partial<Record<keyof OvertimeDraft, { message?: string }>>
    | undefined;
  const message = (name: keyof OvertimeDraft) => errors?.[name]?.message;
  const rule = overtimeRuleOf(draft);
  const rules = rule ? overtimeRulesInWords(rule) : [];

  const text = (
    name: keyof OvertimeDraft,
    label: string,
    props: ComponentProps<typeof Input> = {},
  ) => (
    <Field id={`${idPrefix}-overtime-${name}`} label={label} error={message(name)}>
      <Input
        inputMode="decimal"
        autoComplete="off"
        {...props}
        {...form.register(`overtime.${name}`)}
      />
    </Field>
  );

  return (
    <div className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
      <Controller
        control={form.control}
        name="overtime.preset"
        render={({ field }) => (
          <SelectField<OvertimeChoice>
            id={`${idPrefix}-overtime-preset`}
            label="Overtime"
            value={field.value}
            onValueChange={(value) => {
              const current = form.getValues('overtime');
              if (value === 'custom') {
                form.setValue('overtime', customStartingFrom(current), { shouldDirty: true });
              } else {
                field.onChange(value);
              }
            }}
            onBlur={field.onBlur}
            options={presetOptions}
            className="sm:col-span-2"
          />
        )}
      />
      <div className="sm:col-span-2" aria-live="polite">
        {draft.preset === 'none' ? (
          <p className="text-muted-foreground text-sm">Every hour is paid at the rate.</p>
        ) : rules.length > 0 ? (
          <ul
            aria-label="Overtime rules"
            className="list-disc space-y-1 pl-5 text-muted-foreground text-sm"
          >
            {rules.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : null}
      </div>
      {draft.preset === 'none' ? null : (
        <>
          <Controller
            control={form.control}
            name="overtime.workweekStartDay"
            render={({ field }) => (
              <SelectField
                id={`${idPrefix}-overtime-workweekStartDay`}
                label="Workweek starts"
                value={field.value}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                options={dayOptions}
                hint="Workdays and workweeks start on this day, at this time."
              />
            )}
          />
          <Field
            id={`${idPrefix}-overtime-workweekStartTime`}
            label="Workweek start time"
            error={message('workweekStartTime')}
          >
            <Input type="time" {...form.register('overtime.workweekStartTime')} />
          </Field>
        </>
      )}
      {draft.preset === 'hospital8and80' ? (
        <Field
          id={`${idPrefix}-overtime-anchorDate`}
          label="First day of a 14-day period"
          error={message('anchorDate')}
          hint="Any first day of a period: the ones before and after follow every 14 days."
          className="sm:col-span-2"
        >
          <Input type="date" {...form.register('overtime.anchorDate')} />
        </Field>
      ) : null}
      {draft.preset === 'custom' ? (
        <fieldset className="grid gap-4 rounded-lg border p-3 sm:col-span-2 sm:grid-cols-2">
          <legend className="px-1 font-medium text-sm">Custom thresholds</legend>
          <p className="text-muted-foreground text-xs sm:col-span-2">
            Hours like 8, 7.5 or 7:30; multipliers like 1.5. Leave a threshold empty to skip it.
          </p>
          {text('dailyHours', 'Daily threshold (hours)', { placeholder: '8' })}
          {text('dailyMultiplier', 'Daily multiplier', { placeholder: '1.5' })}
          {text('daily2Hours', 'Second daily threshold (hours)', { placeholder: '12' })}
          {text('daily2Multiplier', 'Second daily multiplier', { placeholder: '2' })}
          {text('weeklyHours', 'Weekly threshold (hours)', { placeholder: '40' })}
          {text('weeklyMultiplier', 'Weekly multiplier', { placeholder: '1.5' })}
          <CheckboxField
            id={`${idPrefix}-overtime-seventhDay`}
            label="Seventh consecutive day"
            hint="The 7th workday in a row of a workweek: first 8 h at 1.5×, beyond at 2×."
            className="sm:col-span-2"
            {...form.register('overtime.seventhDay')}
          />
        </fieldset>
      ) : null}
    </div>
  );
}
