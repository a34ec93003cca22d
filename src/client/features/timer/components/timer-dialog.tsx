import { Pause, Play, Square } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { RetryAlert } from '@/components/ui/retry-alert';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useEmployers } from '@/features/employers';
import { userTimeZone, useSettings } from '@/features/settings';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { todayIn } from '../../../../shared/domain/dates.ts';
import { wallToInstant } from '../../../../shared/domain/elapsed.ts';
import { formatClock, formatDisplayDate } from '../../../../shared/domain/format.ts';
import type { TimeFormat } from '../../../../shared/domain/index.ts';
import {
  isUnattended,
  TIMER_UNATTENDED_HOURS,
  timerWorkedMs,
} from '../../../../shared/domain/timer.ts';
import type { Timer } from '../../../../shared/schemas/timer.ts';
import { appPaths } from '../../../app/routes';
import {
  useDiscardTimer,
  usePauseTimer,
  useResumeTimer,
  useStartTimer,
  useStopTimer,
  useSwitchTimer,
} from '../api/timer';
import { formatElapsed } from '../elapsed';

type TimerDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  timer: Timer | null;
};

const NO_DEPARTMENT = '__none';

/** The dialog the top bar's timer opens: the start form, or the running timer's actions. */
export default function TimerDialog({ open, onOpenChange, timer }: TimerDialogProps) {
  const close = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{timer ? 'Timer' : 'Start timer'}</DialogTitle>
          <DialogDescription>
            {timer
              ? 'Stop it to save the shift. It keeps running on every device until then.'
              : 'Clock in: the timer runs on the server, so it keeps going if you close this page.'}
          </DialogDescription>
        </DialogHeader>
        {timer ? <RunningTimer timer={timer} onDone={close} /> : <StartForm onDone={close} />}
      </DialogContent>
    </Dialog>
  );
}

/** Employer and department pickers; `exceptId` leaves the running timer's employer out. */
function EmployerChoice({
  idPrefix,
  employerId,
  department,
  onChange,
}: {
  idPrefix: string;
  employerId: string | undefined;
  department: string;
  onChange: (next: { employerId: string; department: string }) => void;
}) {
  const employers = useEmployers();
  if (employers.isPending) return <Spinner label="Loading employers" />;
  if (employers.isError) {
    return <RetryAlert query={employers}>Could not load your employers.</RetryAlert>;
  }
  const active = employers.data.filter((e) => e.isActive);
  if (active.length === 0) {
    return (
      <p className="text-muted-foreground text-sm">
        No employers yet.{' '}
        <Link href={appPaths.employers} className="text-primary underline underline-offset-4">
          Add an employer
        </Link>{' '}
        to start a timer.
      </p>
    );
  }
  const chosen = active.find((e) => String(e.id) === employerId);
  return (
    <div className="grid gap-3">
      <SelectField
        id={`${idPrefix}-employer`}
        label="Employer"
        required
        value={employerId}
        placeholder="Choose an employer"
        options={active.map((e) => ({ value: String(e.id), label: e.name }))}
        onValueChange={(value) => onChange({ employerId: value, department: NO_DEPARTMENT })}
      />
      {chosen && chosen.departments.length > 0 ? (
        <SelectField
          id={`${idPrefix}-department`}
          label="Department"
          value={department}
          options={[
            { value: NO_DEPARTMENT, label: 'No department' },
            ...chosen.departments.map((d) => ({ value: d, label: d })),
          ]}
          onValueChange={(value) => onChange({ employerId: employerId ?? '', department: value })}
        />
      ) : null}
    </div>
  );
}

function useEmployerChoice() {
  const [choice, setChoice] = useState<{ employerId: string | undefined; department: string }>({
    employerId: undefined,
    department: NO_DEPARTMENT,
  });
  const body = choice.employerId
    ? {
        employerId: Number(choice.employerId),
        department: choice.department === NO_DEPARTMENT ? null : choice.department,
      }
    : null;
  return { choice, setChoice, body };
}

function StartForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const { choice, setChoice, body } = useEmployerChoice();
  const start = useStartTimer();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!body) return;
    start.mutate(body, { onSuccess: onDone });
  };
  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <EmployerChoice
        idPrefix={`${id}-start`}
        employerId={choice.employerId}
        department={choice.department}
        onChange={setChoice}
      />
      <FormAlert>
        {start.error ? errorMessage(start.error, 'Could not start the timer') : null}
      </FormAlert>
      <Button type="submit" disabled={!body} loading={start.isPending}>
        {start.isPending ? null : <Play aria-hidden="true" />}
        Start timer
      </Button>
    </form>
  );
}

/** Ticks every second while running. */
function useTicking(timer: Timer): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  return timerWorkedMs(timer, now);
}

/** 'HH:MM' on the user's wall clock, and that day, of an instant. */
function wallOf(iso: string, timeZone: string) {
  const date = new Date(iso);
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return { date: todayIn(timeZone, date), time: `${part('hour')}:${part('minute')}` };
}

function RunningTimer({ timer, onDone }: { timer: Timer; onDone: () => void }) {
  const { data: settings } = useSettings();
  const timeZone = userTimeZone(settings);
  const timeFormat: TimeFormat = settings?.timeFormat ?? '12-hour';
  const worked = useTicking(timer);
  const paused = timer.pausedAt !== null;
  const started = wallOf(timer.startedAt, timeZone);
  const pause = usePauseTimer();
  const resume = useResumeTimer();
  const discard = useDiscardTimer();
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const failure = pause.error ?? resume.error ?? discard.error;

  return (
    <div className="grid gap-5">
      <section aria-label="Running timer" className="grid gap-1 rounded-lg border p-3">
        <p className="font-medium [overflow-wrap:anywhere]">
          {timer.employerName}
          {timer.department ? (
            <span className="text-muted-foreground"> · {timer.department}</span>
          ) : null}
        </p>
        <p className="text-muted-foreground text-sm">
          Started {formatDisplayDate(started.date)} at {formatClock(started.time, timeFormat)}
          {paused ? ' · paused' : ''}
        </p>
        <p className="font-mono text-2xl tabular-nums" aria-live="off">
          <span className="sr-only">Worked so far: </span>
          {formatElapsed(worked)}
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          {paused ? (
            <Button
              variant="outline"
              size="sm"
              loading={resume.isPending}
              onClick={() => resume.mutate(undefined)}
            >
              {resume.isPending ? null : <Play aria-hidden="true" />}
              Resume
            </Button>
          ) : (
            <Button
              variant="outline"
              size="sm"
              loading={pause.isPending}
              onClick={() => pause.mutate(undefined)}
            >
              {pause.isPending ? null : <Pause aria-hidden="true" />}
              Pause for a break
            </Button>
          )}
          {confirmDiscard ? (
            <>
              <Button
                variant="destructive"
                size="sm"
                loading={discard.isPending}
                onClick={() => discard.mutate(undefined, { onSuccess: onDone })}
              >
                Discard without saving
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setConfirmDiscard(false)}>
                Keep it
              </Button>
            </>
          ) : (
            <Button variant="ghost" size="sm" onClick={() => setConfirmDiscard(true)}>
              Discard…
            </Button>
          )}
        </div>
        <FormAlert>
          {failure ? errorMessage(failure, 'Could not change the timer') : null}
        </FormAlert>
      </section>
      <StopForm timer={timer} timeZone={timeZone} startedOn={started.date} onDone={onDone} />
      <SwitchForm timer={timer} onDone={onDone} />
    </div>
  );
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function StopForm({
  timer,
  timeZone,
  startedOn,
  onDone,
}: {
  timer: Timer;
  timeZone: string;
  startedOn: string;
  onDone: () => void;
}) {
  const id = useId();
  const late = isUnattended(timer, Date.now());
  const pausedMinutes = Math.round(timer.pausedSeconds / 60);
  const [breakText, setBreakText] = useState('');
  const [endDate, setEndDate] = useState(startedOn);
  const [endTime, setEndTime] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [overlap, setOverlap] = useState(false);
  const stop = useStopTimer();

  const save = (allowOverlap: boolean) => {
    const problems: Record<string, string> = {};
    const body: Parameters<typeof stop.mutate>[0] = {};
    if (breakText.trim() !== '') {
      if (!/^\d{1,4}$/.test(breakText.trim())) {
        problems.breakMinutes = 'Break must be a whole number of minutes';
      } else body.breakMinutes = Number(breakText.trim());
    }
    if (late || endTime.trim() !== '') {
      if (!DATE.test(endDate.trim())) problems.endDate = 'Type the date as YYYY-MM-DD';
      if (!TIME.test(endTime.trim())) problems.endTime = 'Type the end as HH:MM (24-hour)';
      if (!problems.endDate && !problems.endTime) {
        const instant = wallToInstant(endDate.trim(), endTime.trim(), timeZone);
        if (instant.ok) body.endedAt = new Date(instant.epochMinutes * 60_000).toISOString();
        else problems.endTime = `The clocks skip from ${instant.from} to ${instant.to} that night`;
      }
    }
    if (note.trim()) body.note = note.trim();
    if (allowOverlap) body.allowOverlap = true;
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    stop.mutate(body, {
      onSuccess: (log) => {
        toast({
          title: 'Shift saved',
          description: `${log.employer.name}, ${formatDisplayDate(log.date)} ${log.startTime.slice(0, 5)}–${log.endTime.slice(0, 5)}`,
          variant: 'success',
        });
        onDone();
      },
      onError: (error) => {
        setOverlap(error instanceof ApiError && error.code === 'work_log_overlap');
        if (error instanceof ApiError && error.errors) {
          const { endedAt, breakDuration, breakMinutes, ...rest } = error.errors;
          setErrors({
            ...rest,
            ...(endedAt ? { endTime: endedAt } : {}),
            ...(breakDuration || breakMinutes
              ? { breakMinutes: (breakDuration ?? breakMinutes) as string }
              : {}),
          });
        }
      },
    });
  };

  return (
    <form
      className="grid gap-3"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save(false);
      }}
    >
      <h3 id={`${id}-title`} className="font-medium">
        Stop and save the shift
      </h3>
      {late ? (
        <FormAlert variant="info">
          {`This timer has been running for more than ${TIMER_UNATTENDED_HOURS} hours. When did the shift really end?`}
        </FormAlert>
      ) : null}
      <div className="grid grid-cols-2 gap-3">
        <Field id={`${id}-end-date`} label="End date" required={late} error={errors.endDate}>
          <Input
            inputMode="numeric"
            autoComplete="off"
            placeholder="YYYY-MM-DD"
            value={endDate}
            onChange={(e) => setEndDate(e.target.value)}
          />
        </Field>
        <Field
          id={`${id}-end-time`}
          label="End time"
          required={late}
          hint={late ? '24-hour, e.g. 17:30' : 'Empty: now'}
          error={errors.endTime}
        >
          <Input
            inputMode="numeric"
            autoComplete="off"
            placeholder="HH:MM"
            value={endTime}
            onChange={(e) => setEndTime(e.target.value)}
          />
        </Field>
      </div>
      <Field
        id={`${id}-break`}
        label="Break (minutes)"
        hint={`Empty: the time paused (${pausedMinutes} min so far)`}
        error={errors.breakMinutes}
      >
        <Input
          inputMode="numeric"
          autoComplete="off"
          value={breakText}
          onChange={(e) => setBreakText(e.target.value)}
        />
      </Field>
      <Field id={`${id}-note`} label="Note" error={errors.note}>
        <Textarea rows={2} value={note} onChange={(e) => setNote(e.target.value)} />
      </Field>
      <FormAlert>
        {stop.error && !Object.keys(errors).length
          ? errorMessage(stop.error, 'Could not save the shift')
          : null}
      </FormAlert>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={stop.isPending}>
          {stop.isPending ? null : <Square aria-hidden="true" />}
          Stop and save
        </Button>
        {overlap ? (
          <Button type="button" variant="outline" onClick={() => save(true)}>
            Save anyway
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function SwitchForm({ timer, onDone }: { timer: Timer; onDone: () => void }) {
  const id = useId();
  const { choice, setChoice, body } = useEmployerChoice();
  const switchTo = useSwitchTimer();
  const late = isUnattended(timer, Date.now());
  if (late) return null;
  return (
    <form
      className="grid gap-3 border-t pt-4"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!body) return;
        switchTo.mutate(body, {
          onSuccess: (result) => {
            toast({
              title: `Switched to ${result.timer.employerName}`,
              description: result.workLog
                ? `The shift at ${timer.employerName} is saved.`
                : `Under a minute at ${timer.employerName}: nothing saved.`,
              variant: 'success',
            });
            onDone();
          },
        });
      }}
    >
      <h3 id={`${id}-title`} className="font-medium">
        Switch employer
      </h3>
      <p className="text-muted-foreground text-sm">
        Saves the shift so far and starts a timer for the other employer now.
      </p>
      <EmployerChoice
        idPrefix={`${id}-switch`}
        employerId={choice.employerId}
        department={choice.department}
        onChange={setChoice}
      />
      <FormAlert>
        {switchTo.error ? errorMessage(switchTo.error, 'Could not switch the timer') : null}
      </FormAlert>
      <Button type="submit" variant="outline" disabled={!body} loading={switchTo.isPending}>
        Switch
      </Button>
    </form>
  );
}
