import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { DatePickerField, loadCalendar } from '@/components/ui/date-picker-field';
import { DialogClose, DialogFooter, useDiscardGuard } from '@/components/ui/dialog';
import { FieldError, fieldErrorProps } from '@/components/ui/field-error';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SaveButton } from '@/components/ui/save-button';
import { useEmployers } from '@/features/employers';
import { userTimeZone, useSettings } from '@/features/settings';
import { todayIn } from '../../../../shared/domain/index.ts';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';
import { ShiftPreviewLine } from './shift-preview-line';
import { TimeInput } from './time-input';
import { readBreak, readTime } from './time-reading';
import { type OnWorkLogSaved, useSaveWorkLog } from './use-save-work-log';
import {
  formDefaults,
  type WorkLogFormOutput,
  type WorkLogFormValues,
  workLogFormSchema,
} from './work-log-form';
import { WorkLogNoteField } from './work-log-note-field';
import { DepartmentField, EmployerField } from './work-log-select-fields';

const timeFields = [
  { name: 'start', label: 'Start time' },
  { name: 'end', label: 'End time' },
] as const;

type WorkLogFormProps = {
  workLog: WorkLog | null;
  onDone: () => void;
  /** Says the log was saved; outlives the form, as the Notion mirror's outcome comes later. */
  onSaved: OnWorkLogSaved;
};

export function WorkLogForm({ workLog, onDone, onSaved }: WorkLogFormProps) {
  const { data: settings } = useSettings();
  const { data: employers = [] } = useEmployers();
  const today = todayIn(userTimeZone(settings));

  const form = useForm<WorkLogFormValues, unknown, WorkLogFormOutput>({
    resolver: zodResolver(workLogFormSchema),
    defaultValues: formDefaults(today, workLog),
  });
  const { errors, isDirty } = form.formState;
  // Escape, a click outside, the close button and Cancel ask before dropping what was typed.
  useDiscardGuard(isDirty);
  const employerId = useWatch({ control: form.control, name: 'employerId' });
  const employer = employers.find((e) => String(e.id) === employerId);
  // New shifts go to active employers; an edited log keeps its own even if now inactive.
  const choices = useMemo(
    () => employers.filter((e) => e.isActive || String(e.id) === employerId),
    [employers, employerId],
  );

  const save = useSaveWorkLog(workLog, form.setError, onSaved);

  // The form arrives after the dialog has opened (it loads lazily), so it takes focus itself.
  useEffect(() => {
    void loadCalendar().catch(() => {});
    form.setFocus('employerId');
  }, [form]);

  // A time or break that cannot be read says so when its field is left, and the message goes
  // as soon as it is mended. (Whole-shift problems show in the preview line until saving.)
  const readable = {
    start: () => readTime(form.getValues('start')).ok,
    end: () => readTime(form.getValues('end')).ok,
    breakDuration: () => readBreak(form.getValues('breakDuration')) !== null,
  };
  const checkWhenLeft = (name: keyof typeof readable) => {
    if (!readable[name]() || form.getFieldState(name).error) void form.trigger(name);
  };
  const recheckWhenShown = (name: keyof typeof readable) => {
    if (form.getFieldState(name).error) void form.trigger(name);
  };

  const onSubmit = form.handleSubmit((body) => save.submit(body, onDone));

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <EmployerField
          control={form.control}
          employers={employers}
          choices={choices}
          error={errors.employerId?.message}
          onEmployerChange={(next) => {
            if (!next?.departments.includes(form.getValues('department'))) {
              form.setValue('department', '');
            }
          }}
        />

        <Controller
          control={form.control}
          name="date"
          render={({ field }) => (
            <DatePickerField
              id="work-log-date"
              label="Date"
              calendarLabel="Choose a date"
              value={field.value}
              onChange={field.onChange}
              today={today}
              error={errors.date?.message}
            />
          )}
        />

        {timeFields.map(({ name, label }) => (
          <Controller
            key={name}
            control={form.control}
            name={name}
            render={({ field }) => (
              <TimeInput
                id={`work-log-${name}`}
                label={label}
                value={field.value}
                onChange={(value) => {
                  field.onChange(value);
                  recheckWhenShown(name);
                }}
                onBlur={() => checkWhenLeft(name)}
                error={errors[name]?.message}
              />
            )}
          />
        ))}
      </div>

      <ShiftPreviewLine
        control={form.control}
        employer={employer}
        workLog={workLog}
        roundTime={settings?.roundTime ?? 'none'}
        timeFormat={settings?.timeFormat ?? '12-hour'}
        // Once a field shows a problem itself, the line does not say it again.
        showProblems={
          form.formState.submitCount === 0 && !errors.start && !errors.end && !errors.breakDuration
        }
      />

      <div className="grid gap-5 sm:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor="work-log-break">Break (minutes)</Label>
          <Controller
            control={form.control}
            name="breakDuration"
            render={({ field }) => (
              <Input
                id="work-log-break"
                inputMode="numeric"
                autoComplete="off"
                {...fieldErrorProps('work-log-break', errors.breakDuration?.message)}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onBlur={() => {
                  field.onBlur();
                  checkWhenLeft('breakDuration');
                }}
                onChange={(event) => {
                  field.onChange(event.target.value);
                  recheckWhenShown('breakDuration');
                }}
              />
            )}
          />
          <FieldError id="work-log-break-error">{errors.breakDuration?.message}</FieldError>
        </div>

        <DepartmentField
          control={form.control}
          employer={employer}
          error={errors.department?.message}
        />
      </div>

      <Controller
        control={form.control}
        name="note"
        render={({ field }) => (
          <WorkLogNoteField
            id="work-log-note"
            name={field.name}
            ref={field.ref}
            value={field.value}
            onBlur={field.onBlur}
            onChange={field.onChange}
            error={errors.note?.message}
          />
        )}
      />

      <FormAlert>{save.problem}</FormAlert>

      <DialogFooter className="pt-1">
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <SaveButton state={save.state} labels={save.labels} className="min-w-40" />
      </DialogFooter>
    </form>
  );
}
