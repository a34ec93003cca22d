import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { FieldError, fieldErrorProps } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { useEmployers } from '@/features/employers/api/get-employers';
import { useSettings } from '@/features/settings/api/get-settings';
import { ApiError } from '@/lib/api-client';
import { useSaveState } from '@/lib/use-save-state';
import { todayIn } from '../../../../shared/domain/index.ts';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';
import { useCreateWorkLog } from '../api/create-work-log';
import { useUpdateWorkLog } from '../api/update-work-log';
import { workLogSaveTimings } from './save-timings';
import { SaveWorkLogButton } from './save-work-log-button';
import { ShiftPreviewLine } from './shift-preview-line';
import { TimeInput } from './time-input';
import { loadCalendar, WorkLogDateField } from './work-log-date-field';
import {
  formDefaults,
  type WorkLogFormOutput,
  type WorkLogFormValues,
  workLogFormSchema,
} from './work-log-form';
import { userTimeZone } from './work-log-format';

const NO_DEPARTMENT = '__none__';
const SAVE_FAILED = 'Failed to save work log. Please try again.';

/** Server field names → the form's (times travel as startTime/endTime, are typed as start/end). */
const serverFieldToFormField: Record<string, keyof WorkLogFormValues> = {
  employerId: 'employerId',
  date: 'date',
  startTime: 'start',
  endTime: 'end',
  breakDuration: 'breakDuration',
  department: 'department',
};

type WorkLogFormProps = { workLog: WorkLog | null; onDone: () => void; onCancel: () => void };

export function WorkLogForm({ workLog, onDone, onCancel }: WorkLogFormProps) {
  const { data: settings } = useSettings();
  const { data: employers = [] } = useEmployers();
  const today = todayIn(userTimeZone(settings));
  const mode = workLog ? 'edit' : 'add';

  const form = useForm<WorkLogFormValues, unknown, WorkLogFormOutput>({
    resolver: zodResolver(workLogFormSchema),
    defaultValues: formDefaults(today, workLog),
  });
  const { errors } = form.formState;
  const employerId = useWatch({ control: form.control, name: 'employerId' });
  const employer = employers.find((e) => String(e.id) === employerId);
  const departments = employer?.departments ?? [];
  // New shifts go to active employers; an edited log keeps its own even if now inactive.
  const choices = useMemo(
    () => employers.filter((e) => e.isActive || String(e.id) === employerId),
    [employers, employerId],
  );

  const create = useCreateWorkLog();
  const update = useUpdateWorkLog();
  const save = useSaveState(workLogSaveTimings);

  // The form arrives after the dialog has opened (it loads lazily), so it takes focus itself.
  useEffect(() => {
    void loadCalendar();
    form.setFocus('employerId');
  }, [form]);

  const onSubmit = form.handleSubmit(async (body) => {
    if (save.state === 'saving' || save.state === 'saved') return;
    save.start();
    try {
      if (workLog) {
        await update.mutateAsync({ id: workLog.id, changes: body });
        toast({
          title: 'Work Log Updated',
          description: 'The Work Log Has Been Successfully Updated.',
          variant: 'success',
        });
      } else {
        await create.mutateAsync({ ...body, status: 'pending', hourlyRateAtTime: '0' });
        toast({
          title: 'Work log added',
          description: 'A new work log has been added successfully.',
          variant: 'success',
        });
      }
      save.succeed(onDone);
    } catch (error) {
      if (error instanceof ApiError && error.errors) {
        for (const [field, message] of Object.entries(error.errors)) {
          const name = serverFieldToFormField[field];
          if (name) form.setError(name, { message });
        }
      }
      toast({
        title: 'Error',
        description: error instanceof ApiError ? error.serverMessage : SAVE_FAILED,
        variant: 'destructive',
      });
      save.fail();
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor="work-log-employer">Employer</Label>
          <Controller
            control={form.control}
            name="employerId"
            render={({ field }) => (
              <Select
                value={field.value}
                onValueChange={(value) => {
                  field.onChange(value);
                  const next = employers.find((e) => String(e.id) === value);
                  if (!next?.departments.includes(form.getValues('department'))) {
                    form.setValue('department', '');
                  }
                }}
                disabled={choices.length === 0}
              >
                <SelectTrigger
                  id="work-log-employer"
                  ref={field.ref}
                  onBlur={field.onBlur}
                  {...fieldErrorProps('work-log-employer', errors.employerId?.message)}
                >
                  <SelectValue placeholder="Select an employer" />
                </SelectTrigger>
                <SelectContent>
                  {choices.map((e) => (
                    <SelectItem key={e.id} value={String(e.id)}>
                      {e.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
          <FieldError id="work-log-employer-error">{errors.employerId?.message}</FieldError>
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

        <Controller
          control={form.control}
          name="date"
          render={({ field }) => (
            <WorkLogDateField
              id="work-log-date"
              value={field.value}
              onChange={field.onChange}
              today={today}
              error={errors.date?.message}
            />
          )}
        />

        <Controller
          control={form.control}
          name="start"
          render={({ field }) => (
            <TimeInput
              id="work-log-start"
              label="Start time"
              value={field.value}
              onChange={field.onChange}
              error={errors.start?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="end"
          render={({ field }) => (
            <TimeInput
              id="work-log-end"
              label="End time"
              value={field.value}
              onChange={field.onChange}
              error={errors.end?.message}
            />
          )}
        />
      </div>

      <ShiftPreviewLine
        control={form.control}
        employer={employer}
        workLog={workLog}
        roundTime={settings?.roundTime ?? 'none'}
        timeFormat={settings?.timeFormat ?? '12-hour'}
        showProblems={form.formState.submitCount === 0}
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
                maxLength={4}
                {...fieldErrorProps('work-log-break', errors.breakDuration?.message)}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(event) => field.onChange(event.target.value.replace(/\D/g, ''))}
              />
            )}
          />
          <FieldError id="work-log-break-error">{errors.breakDuration?.message}</FieldError>
        </div>

        <div className="space-y-2">
          <Label htmlFor="work-log-department">Department</Label>
          <Controller
            control={form.control}
            name="department"
            render={({ field }) => (
              <Select
                value={field.value || NO_DEPARTMENT}
                onValueChange={(value) => field.onChange(value === NO_DEPARTMENT ? '' : value)}
                disabled={departments.length === 0}
              >
                <SelectTrigger
                  id="work-log-department"
                  ref={field.ref}
                  {...fieldErrorProps('work-log-department', errors.department?.message)}
                >
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={NO_DEPARTMENT}>
                    {!employer
                      ? 'Select an employer first'
                      : departments.length === 0
                        ? 'No departments'
                        : 'No department'}
                  </SelectItem>
                  {departments.map((d) => (
                    <SelectItem key={d} value={d}>
                      {d}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
          <FieldError id="work-log-department-error">{errors.department?.message}</FieldError>
        </div>
      </div>

      <DialogFooter className="pt-1">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <SaveWorkLogButton state={save.state} mode={mode} />
      </DialogFooter>
    </form>
  );
}
