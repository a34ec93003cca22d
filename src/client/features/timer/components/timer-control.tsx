import { Pause, Play, TimerIcon } from 'lucide-react';
import { lazy, useCallback, useEffect, useRef, useState } from 'react';
import { MountOnceOpened } from '@/components/mount-once-opened';
import { Button } from '@/components/ui/button';
import { brandColorStyles } from '@/lib/brand-colors';
import { useShortcutAction } from '@/lib/shortcut-actions';
import { cn } from '@/lib/utils';
import { isUnattended, timerWorkedMs } from '../../../../shared/domain/timer.ts';
import type { Timer } from '../../../../shared/schemas/timer.ts';
import { useRunningTimer } from '../api/timer';
import { elapsedInWords, formatElapsed } from '../elapsed';
import { useOnTimerToggle } from '../toggle';

// The forms bring the shared schemas' helpers and the selects: loaded when first opened.
const loadTimerDialog = () => import('./timer-dialog');
const TimerDialog = lazy(loadTimerDialog);
const preload = () => void loadTimerDialog();

/** Re-renders every second while `on`. */
function useNow(on: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [on]);
  return now;
}

/** What a screen reader hears when the timer changes, here or on another device. */
function changeSaid(before: Timer | null, after: Timer | null): string | null {
  if (!before && after) return `Timer started for ${after.employerName}`;
  if (before && !after) return 'Timer stopped';
  if (!before || !after) return null;
  if (before.employerId !== after.employerId || before.startedAt !== after.startedAt) {
    return `Timer switched to ${after.employerName}`;
  }
  if (!before.pausedAt && after.pausedAt) return 'Timer paused';
  if (before.pausedAt && !after.pausedAt) return 'Timer resumed';
  return null;
}

/**
 * The timer in the top bar of every signed-in page (decision 044): "Start timer" when idle; the
 * employer and the time worked, ticking, while one runs. Either opens the timer dialog.
 */
export default function TimerControl() {
  const { data, isPending } = useRunningTimer();
  const timer = data?.timer ?? null;
  const [open, setOpen] = useState(false);
  const now = useNow(timer !== null && timer.pausedAt === null);

  useOnTimerToggle(useCallback(() => setOpen((was) => !was), []));
  // The `t` shortcut opens the dialog: the start form when idle, stop and pause while running.
  useShortcutAction('timer.toggle', () => {
    setOpen((was) => !was);
    return timer ? 'Timer: stop, pause or switch' : 'Start a timer';
  });

  // Announced once per change, not on the first answer.
  const [said, setSaid] = useState('');
  const seen = useRef<Timer | null | undefined>(undefined);
  useEffect(() => {
    if (isPending) return;
    if (seen.current !== undefined) {
      const change = changeSaid(seen.current, timer);
      if (change) setSaid(change);
    }
    seen.current = timer;
  }, [timer, isPending]);

  // Left running past 16 hours: asked when the shift really ended, once per timer and visit.
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (timer && isUnattended(timer, Date.now()) && asked.current !== timer.startedAt) {
      asked.current = timer.startedAt;
      setOpen(true);
    }
  }, [timer]);

  const status = (
    <span role="status" className="sr-only">
      {said}
    </span>
  );
  const dialog = (
    <MountOnceOpened open={open}>
      <TimerDialog open={open} onOpenChange={setOpen} timer={timer} />
    </MountOnceOpened>
  );

  if (!timer) {
    return (
      <>
        <Button
          variant="outline"
          size="sm"
          onClick={() => setOpen(true)}
          onPointerEnter={preload}
          onFocus={preload}
          disabled={isPending}
          aria-label="Start timer"
          data-testid="timer-control"
        >
          <Play aria-hidden="true" />
          <span className="hidden sm:inline">Start timer</span>
        </Button>
        {status}
        {dialog}
      </>
    );
  }

  const worked = timerWorkedMs(timer, now);
  const paused = timer.pausedAt !== null;
  const late = isUnattended(timer, now);
  const swatch = (
    brandColorStyles[timer.brandColor as keyof typeof brandColorStyles] ?? brandColorStyles.blue
  ).swatch;
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={() => setOpen(true)}
        onPointerEnter={preload}
        onFocus={preload}
        className={cn('max-w-[11rem] gap-2 sm:max-w-xs', late && 'border-destructive')}
        aria-label={`Timer for ${timer.employerName}, ${paused ? 'paused' : 'running'}: ${elapsedInWords(worked)}. Open the timer`}
        data-testid="timer-control"
      >
        {paused ? (
          <Pause aria-hidden="true" />
        ) : (
          <TimerIcon aria-hidden="true" className="text-primary" />
        )}
        <span aria-hidden="true" className={cn('size-2.5 shrink-0 rounded-full', swatch)} />
        <span className="hidden truncate sm:inline">{timer.employerName}</span>
        <span className="font-mono tabular-nums" aria-live="off">
          {formatElapsed(worked)}
        </span>
      </Button>
      {status}
      {dialog}
    </>
  );
}
