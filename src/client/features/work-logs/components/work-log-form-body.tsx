import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { DatePickerField, loadCalendar } from '@/components/ui/date-picker-field';
import { DialogClose, DialogFooter, useDiscardGuard } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { SaveButton } from '@/components/ui/save-button';
import { groupOf, useEmployerGroups, useEmployers } from '@/features/employers';
import { userTimeZone, useSettings } from '@/features/settings';
import { formatTimeRange, type TimeFormat, todayIn } from '../../../../shared/domain/index.ts';
import type { Settings } from '../../../../shared/schemas/settings.ts';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';
import { latestShiftsQueryOptions } from '../api/get-latest-shifts';
import { ManualPremiumsField } from './manual-premiums-field';
import { newLogDefaults, SHIFTS_CONSIDERED, type UsualShift, usualShift } from './new-log-defaults';
import { hasPayExtras, manualPremiumsOf } from './pay-extras';
import { ReopenPeriodPanel } from './reopen-period-panel';
import { ShiftPayPreview } from './shift-pay-preview';
import { ShiftPreviewLine } from './shift-preview-line';
import { ShiftQuestionPanel } from './shift-question-panel';
import { longShiftQuestion, overlapQuestion, type ShiftQuestion } from './shift-questions';
import { TimeInput } from './time-input';
import { timeFields as clockFields, readBreak, readTime, type TypedTime } from './time-reading';
import { TipsExpensesFields } from './tips-expenses-fields';
import { useReceiptChoice } from './use-receipt-choice';
import { type ClosedPeriod, type OnWorkLogSaved, useSaveWorkLog } from './use-save-work-log';
import {
  clocksSkip,
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
  /** A new log for this employer ("Log my usual shift"), with its usual shift. */
  presetEmployerId?: number | null | undefined;
  onDone: () => void;
  /** Says the log was saved; outlives the form, as the Notion mirror's outcome comes later. */
  onSaved: OnWorkLogSaved;
};

type Asking = ShiftQuestion & { body: WorkLogFormOutput; confirmed: Confirmed };
type Confirmed = { long?: boolean; overlap?: boolean };

export function WorkLogForm(props: WorkLogFormProps) {
  const { data: settings, isPending } = useSettings();
  // A new log starts from the last employer and its usual hours, so those are waited for too.
  const adding = !props.workLog;
  const recent = useQuery({ ...latestShiftsQueryOptions(SHIFTS_CONSIDERED), enabled: adding });
  const employers = useEmployers();
  // The time boxes need the user's time format; just after a save the shift logged counts.
  const recentLoading = recent.isLoading || (recent.isFetching && recent.isStale);
  const ready = !isPending && !(adding && (recentLoading || employers.isLoading));
  // Once shown the form stays: the refetch its own save starts must not unmount it mid-save.
  const [shown, setShown] = useState(false);
  if (ready && !shown) setShown(true);
  if (!ready && !shown) {
    return <div role="status" aria-label="Loading the form" className="h-80" />;
  }
  return <WorkLogFields {...props} settings={settings ?? null} recentShifts={recent.data ?? []} />;
}

function WorkLogFields({
  workLog,
  presetEmployerId,
  onDone,
  onSaved,
  settings,
  recentShifts,
}: WorkLogFormProps & { settings: Settings | null; recentShifts: WorkLog[] }) {
  const { data: employers = [] } = useEmployers();
  const timeZone = userTimeZone(settings);
  const today = todayIn(timeZone);
  // Read once: a format changed elsewhere while the dialog is open must not reread its boxes.
  const [timeFormat] = useState<TimeFormat>(settings?.timeFormat ?? '12-hour');

  const form = useForm<WorkLogFormValues, unknown, WorkLogFormOutput>({
    resolver: zodResolver(workLogFormSchema(timeFormat, timeZone)),
    defaultValues: formDefaults(today, workLog, timeFormat, startingPoint()),
  });
  // A new log's times follow its employer's usual shift until the user changes one of them.
  const timesTouched = useRef(false);
  const { errors, isDirty } = form.formState;
  useDiscardGuard(isDirty);
  const employerId = useWatch({ control: form.control, name: 'employerId' });
  const employer = employers.find((e) => String(e.id) === employerId);
  // In an overtime group, the group's rules and hours price the shift: the server's preview.
  const groups = useEmployerGroups().data?.groups;
  const inGroup = employer !== undefined && groupOf(groups, employer.id) !== undefined;
  // New shifts go to active employers; an edited log keeps its own even if now inactive.
  const choices = useMemo(
    () => employers.filter((e) => e.isActive || String(e.id) === employerId),
    [employers, employerId],
  );

  const usual = !workLog && employer ? usualShift(recentShifts, employer.id) : null;

  function startingPoint() {
    if (workLog) return null;
    if (presetEmployerId != null) {
      return { employerId: presetEmployerId, ...usualShift(recentShifts, presetEmployerId) };
    }
    return newLogDefaults(recentShifts, (id) => employers.some((e) => e.id === id && e.isActive));
  }

  const save = useSaveWorkLog(workLog, form.setError, onSaved);
  const receipt = useReceiptChoice(workLog);
  const [asking, setAsking] = useState<Asking | null>(null);
  // The shift lies in a closed pay period: reopened with a reason, then saved.
  const [closed, setClosed] = useState<(ClosedPeriod & { retry: () => void }) | null>(null);
  // Where "Go back" puts the focus, once the fields are enabled again.
  const focusAfterQuestion = useRef<string | null>(null);
  useEffect(() => {
    if (asking || !focusAfterQuestion.current) return;
    document.getElementById(focusAfterQuestion.current)?.focus();
    focusAfterQuestion.current = null;
  }, [asking]);

  // The form arrives after the dialog has opened (it loads lazily), so it takes focus itself.
  useEffect(() => {
    void loadCalendar().catch(() => {});
    form.setFocus('employerId');
  }, [form]);

  // An unreadable time or break, or a time the clocks skip that day, says so when left and
  // clears once mended; whole-shift problems stay in the preview line until saving.
  const fits = (name: 'start' | 'end') =>
    readTime(form.getValues(name), timeFormat).ok &&
    !clocksSkip(form.getValues(), name, timeFormat, timeZone);
  const readable = {
    start: () => fits('start'),
    end: () => fits('end'),
    breakDuration: () => readBreak(form.getValues('breakDuration')) !== null,
  };
  const checkWhenLeft = (name: keyof typeof readable) => {
    if (!readable[name]() || form.getFieldState(name).error) void form.trigger(name);
  };
  const recheckWhenShown = (name: keyof typeof readable) => {
    if (form.getFieldState(name).error) void form.trigger(name);
  };
  const fillUsual = (shift: UsualShift) => {
    const start = clockFields(shift.startTime, timeFormat);
    const end = clockFields(shift.endTime, timeFormat);
    if (start) form.setValue('start', start as TypedTime);
    if (end) form.setValue('end', end as TypedTime);
    form.setValue('breakDuration', String(shift.breakDuration));
    for (const name of ['start', 'end', 'breakDuration'] as const) recheckWhenShown(name);
  };

  // A shift over 16 hours is asked about here, an overlap by the server; each "Save anyway" is
  // remembered, so a long shift that also overlaps asks each question once.
  const saveOrAsk = (body: WorkLogFormOutput, confirmed: Confirmed) => {
    const long = confirmed.long ? null : longShiftQuestion(body, timeFormat, timeZone);
    if (long) {
      setAsking({ ...long, body, confirmed });
      return;
    }
    void save.submit(body, onDone, {
      allowOverlap: confirmed.overlap ?? false,
      onOverlap: (message) => setAsking({ ...overlapQuestion(message), body, confirmed }),
      onClosed: (period) => setClosed({ ...period, retry: () => saveOrAsk(body, confirmed) }),
      afterSaved: (saved) => receipt.apply(saved),
    });
  };
  const onSubmit = form.handleSubmit((body) => saveOrAsk(body, {}));
  // Once a field shows a problem itself, the preview does not say it again.
  const showProblems =
    form.formState.submitCount === 0 && !errors.start && !errors.end && !errors.breakDuration;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      {/* While a question is asked the fields rest, so the shift asked about is the one saved. */}
      <fieldset disabled={asking !== null || closed !== null} className="grid min-w-0 gap-5">
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
              // Another employer's by-hand premiums are its own.
              if (form.getValues('manualPremiumIds').length > 0) {
                form.setValue('manualPremiumIds', []);
              }
              const nextUsual = !workLog && next ? usualShift(recentShifts, next.id) : null;
              if (nextUsual && !timesTouched.current) fillUsual(nextUsual);
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
                onChange={(date) => {
                  field.onChange(date);
                  // Another day may be the night the clocks skip a time, or no longer be.
                  for (const name of ['start', 'end'] as const) {
                    if (clocksSkip(form.getValues(), name, timeFormat, timeZone)) {
                      void form.trigger(name);
                    } else recheckWhenShown(name);
                  }
                }}
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
                  ref={field.ref}
                  id={`work-log-${name}`}
                  label={label}
                  format={timeFormat}
                  value={field.value}
                  onChange={(value) => {
                    timesTouched.current = true;
                    field.onChange(value);
                    recheckWhenShown(name);
                  }}
                  onBlur={() => checkWhenLeft(name)}
                  onShiftPaste={(shift) => {
                    timesTouched.current = true;
                    for (const [which, clock] of [
                      ['start', shift.start],
                      ['end', shift.end],
                    ] as const) {
                      const time = clockFields(clock, timeFormat) as TypedTime;
                      form.setValue(which, time, { shouldDirty: true });
                      recheckWhenShown(which);
                    }
                  }}
                  error={errors[name]?.message}
                />
              )}
            />
          ))}
        </div>

        {usual && employer ? (
          <p id="work-log-usual" className="-mt-2 text-muted-foreground text-sm">
            {usualShiftText(employer.name, usual, timeFormat)}
          </p>
        ) : null}

        {employer && (hasPayExtras(employer) || inGroup) ? (
          <ShiftPayPreview
            control={form.control}
            employer={employer}
            workLog={workLog}
            timeFormat={timeFormat}
            timeZone={timeZone}
            showProblems={showProblems}
          />
        ) : (
          <ShiftPreviewLine
            control={form.control}
            employer={employer}
            workLog={workLog}
            timeFormat={timeFormat}
            timeZone={timeZone}
            showProblems={showProblems}
          />
        )}

        <div className="grid gap-5 sm:grid-cols-2">
          <Field id="work-log-break" label="Break (minutes)" error={errors.breakDuration?.message}>
            {(control) => (
              <Controller
                control={form.control}
                name="breakDuration"
                render={({ field }) => (
                  <Input
                    inputMode="numeric"
                    autoComplete="off"
                    {...control}
                    name={field.name}
                    ref={field.ref}
                    value={field.value}
                    onBlur={() => {
                      field.onBlur();
                      checkWhenLeft('breakDuration');
                    }}
                    onChange={(event) => {
                      timesTouched.current = true;
                      field.onChange(event.target.value);
                      recheckWhenShown('breakDuration');
                    }}
                  />
                )}
              />
            )}
          </Field>

          <DepartmentField
            control={form.control}
            employer={employer}
            error={errors.department?.message}
          />
        </div>

        <ManualPremiumsField control={form.control} premiums={manualPremiumsOf(employer)} />

        <TipsExpensesFields
          control={form.control}
          errors={errors}
          employer={employer}
          editing={workLog}
          employerId={employerId}
          receipt={receipt}
        />

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
      </fieldset>

      <FormAlert>{save.problem}</FormAlert>

      {closed ? (
        <ReopenPeriodPanel
          closed={closed}
          onReopened={() => {
            const { retry } = closed;
            setClosed(null);
            retry();
          }}
          onGoBack={() => setClosed(null)}
        />
      ) : asking ? (
        <ShiftQuestionPanel
          question={asking}
          onSaveAnyway={() => {
            setAsking(null);
            saveOrAsk(asking.body, { ...asking.confirmed, [asking.kind]: true });
          }}
          onGoBack={() => {
            focusAfterQuestion.current =
              asking.kind === 'long' ? 'work-log-end-hour' : 'work-log-start-hour';
            setAsking(null);
          }}
        />
      ) : (
        <DialogFooter className="pt-1">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <SaveButton state={save.state} labels={save.labels} className="min-w-40" />
        </DialogFooter>
      )}
    </form>
  );
}

/** "Your usual shift at Blue Diner: 10:00 PM – 6:30 AM (+1 day), 30 min break". */
export function usualShiftText(name: string, shift: UsualShift, format: TimeFormat): string {
  const times = formatTimeRange(shift.startTime, shift.endTime, format);
  const pause = shift.breakDuration > 0 ? `${shift.breakDuration} min break` : 'no break';
  return `Your usual shift at ${name}: ${times}, ${pause}`;
}
