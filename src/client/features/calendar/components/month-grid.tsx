import { type DragEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { EmployerDot, useUpdateWorkLog } from '@/features/work-logs';
import { isSessionEnded } from '@/lib/api-client';
import { brandColorStyles } from '@/lib/brand-colors';
import { errorMessage } from '@/lib/error-message';
import { useIsDesktop } from '@/lib/use-media-query';
import { cn } from '@/lib/utils';
import { addDays } from '../../../../shared/domain/dates.ts';
import { formatClockRange, formatDisplayDate } from '../../../../shared/domain/format.ts';
import type { TimeFormat } from '../../../../shared/domain/time.ts';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';
import { dayStep, type Month, monthOf, sameDayIn, shiftMonth } from '../month';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const HINT_ID = 'calendar-shift-hint';
const DRAG_TYPE = 'application/x-hourbook-work-log';

type Notice = { kind: 'moved' | 'refused'; text: string } | null;

/** '8 h', '7.5 h', '7.25 h' */
function hoursText(hours: number): string {
  return `${Number(hours.toFixed(2))} h`;
}

function shiftLabel(log: WorkLog, timeFormat: TimeFormat) {
  const who = log.department ? `${log.employer.name}, ${log.department}` : log.employer.name;
  return `${who}, ${formatClockRange(log.startTime, log.endTime, timeFormat)}, ${hoursText(Number(log.hours))}`;
}

type MonthGridProps = {
  month: Month;
  weeks: string[][];
  today: string;
  workLogs: WorkLog[];
  timeFormat: TimeFormat;
  onMonthChange: (month: Month) => void;
  onOpen: (log: WorkLog) => void;
  busy: boolean;
};

/**
 * The month as an ARIA grid with one tab stop (the selected day): arrow keys, Home, End and
 * Page Up/Down move it; Tab reaches its shifts, where Enter opens one and Alt+arrow keys move it
 * a day or a week (through the work-log save, every rule applying).
 */
export function MonthGrid({
  month,
  weeks,
  today,
  workLogs,
  timeFormat,
  onMonthChange,
  onOpen,
  busy,
}: MonthGridProps) {
  const isDesktop = useIsDesktop();
  const update = useUpdateWorkLog();
  const gridRef = useRef<HTMLTableElement>(null);
  const [selected, setSelected] = useState(() =>
    monthOf(today) === month ? today : `${month}-01`,
  );
  const [notice, setNotice] = useState<Notice>(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  // What to focus once the grid has rendered: a day, or a moved shift on its new day.
  const focusNext = useRef<{ date: string; shiftId?: number } | null>(null);

  // The selected day follows the month shown (buttons above the grid, Page Up/Down).
  const active = monthOf(selected) === month ? selected : sameDayIn(selected, month);

  const byDate = new Map<string, WorkLog[]>();
  for (const log of workLogs) {
    const list = byDate.get(log.date) ?? [];
    list.push(log);
    byDate.set(log.date, list);
  }
  for (const list of byDate.values()) list.sort((a, b) => a.startTime.localeCompare(b.startTime));

  useEffect(() => {
    const wanted = focusNext.current;
    if (!wanted || !gridRef.current) return;
    const target = wanted.shiftId
      ? gridRef.current.querySelector<HTMLElement>(`[data-shift-id="${wanted.shiftId}"]`)
      : gridRef.current.querySelector<HTMLElement>(`[data-date="${wanted.date}"]`);
    if (!target) return;
    // A moved shift is focused once the list that shows it on its new day has arrived.
    if (wanted.shiftId && target.closest('[data-date]')?.getAttribute('data-date') !== wanted.date)
      return;
    focusNext.current = null;
    target.focus();
  });

  function selectDay(date: string) {
    setSelected(date);
    focusNext.current = { date };
    if (monthOf(date) !== month) onMonthChange(monthOf(date));
  }

  function move(log: WorkLog, date: string) {
    if (date === log.date || update.isPending) return;
    const label = `${log.employer.name} shift of ${formatDisplayDate(log.date)}`;
    update.mutate(
      { id: log.id, changes: { date } },
      {
        onSuccess: () => {
          setNotice({ kind: 'moved', text: `Moved the ${label} to ${formatDisplayDate(date)}.` });
          setSelected(date);
          focusNext.current = { date, shiftId: log.id };
          if (monthOf(date) !== month) onMonthChange(monthOf(date));
        },
        onError: (error) => {
          if (isSessionEnded(error)) return;
          setNotice({
            kind: 'refused',
            text: `Not moved: ${errorMessage(error, 'Could not reach the server. Please try again.')}`,
          });
        },
      },
    );
  }

  function onDayKey(event: KeyboardEvent<HTMLTableCellElement>, date: string) {
    const shiftId = (event.target as HTMLElement).dataset.shiftId;
    const log = shiftId ? workLogs.find((l) => l.id === Number(shiftId)) : undefined;
    if (event.key === 'PageUp' || event.key === 'PageDown') {
      event.preventDefault();
      selectDay(sameDayIn(date, shiftMonth(monthOf(date), event.key === 'PageUp' ? -1 : 1)));
      return;
    }
    const step = dayStep(event.key, date);
    if (step === null) return;
    event.preventDefault();
    if (log && event.altKey) {
      if (event.key === 'Home' || event.key === 'End') return;
      move(log, addDays(log.date, step));
      return;
    }
    if (!event.altKey) selectDay(addDays(date, step));
  }

  function onDrop(event: DragEvent<HTMLTableCellElement>, date: string) {
    const id = Number(event.dataTransfer.getData(DRAG_TYPE));
    setDropTarget(null);
    const log = workLogs.find((l) => l.id === id);
    if (!log) return;
    event.preventDefault();
    move(log, date);
  }

  return (
    <div className="space-y-3">
      <p id={HINT_ID} className="text-muted-foreground text-sm">
        Arrow keys choose a day; Tab reaches its shifts. Enter opens a shift; Alt with an arrow key
        moves it a day or a week{isDesktop ? ', or drag it to another day' : ''}.
      </p>
      <div
        aria-live="polite"
        role={notice?.kind === 'refused' ? 'alert' : 'status'}
        className={cn(
          'min-h-6 text-sm',
          notice?.kind === 'refused' ? 'font-medium text-destructive' : 'text-muted-foreground',
        )}
      >
        {update.isPending ? 'Moving the shift...' : (notice?.text ?? '')}
      </div>
      <table
        ref={gridRef}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the APG's date grid: a table whose cells take focus and keys.
        role="grid"
        aria-labelledby="calendar-month"
        aria-busy={busy || update.isPending || undefined}
        className="w-full table-fixed border-collapse max-md:block md:rounded-lg md:border"
      >
        <thead className="max-md:hidden">
          <tr className="border-b bg-muted/50">
            {WEEKDAYS.map((day) => (
              <th
                key={day}
                scope="col"
                className="px-2 py-1.5 text-center font-medium text-muted-foreground text-xs"
              >
                {day}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-md:block">
          {weeks.map((week) => (
            <tr key={week[0]} className="max-md:block md:border-b md:last:border-b-0">
              {week.map((date) => {
                const logs = byDate.get(date) ?? [];
                const inMonth = monthOf(date) === month;
                const hours = logs.reduce((sum, log) => sum + Number(log.hours), 0);
                const isActive = date === active;
                const dayName = `${formatDisplayDate(date)}${date === today ? ' (today)' : ''}`;
                const summary = logs.length
                  ? `${logs.length} ${logs.length === 1 ? 'shift' : 'shifts'}, ${hoursText(hours)}`
                  : 'no shifts';
                return (
                  <td
                    key={date}
                    data-date={date}
                    tabIndex={isActive ? 0 : -1}
                    aria-current={date === today ? 'date' : undefined}
                    aria-label={`${dayName}: ${summary}`}
                    onKeyDown={(event) => onDayKey(event, date)}
                    onClick={(event) => {
                      if (event.target === event.currentTarget) setSelected(date);
                    }}
                    onDragOver={(event) => {
                      if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
                      event.preventDefault();
                      setDropTarget(date);
                    }}
                    onDragLeave={() => setDropTarget((t) => (t === date ? null : t))}
                    onDrop={(event) => onDrop(event, date)}
                    className={cn(
                      'h-28 min-w-0 border-b p-1.5 align-top outline-none max-md:block max-md:h-auto md:border-r md:border-b-0 md:last:border-r-0',
                      'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
                      !inMonth && 'bg-muted/40 text-muted-foreground max-md:hidden',
                      inMonth && logs.length === 0 && !isActive && 'max-md:hidden',
                      isActive && 'bg-accent/50',
                      dropTarget === date && 'bg-primary/10 ring-2 ring-primary ring-inset',
                    )}
                  >
                    <div className="mb-1 flex items-baseline justify-between gap-1 text-xs">
                      <span
                        aria-hidden="true"
                        className={cn(
                          'font-medium',
                          date === today &&
                            'rounded-full bg-primary px-1.5 py-0.5 text-primary-foreground',
                        )}
                      >
                        <span className="md:hidden">{formatDisplayDate(date)}</span>
                        <span className="max-md:hidden">{Number(date.slice(8))}</span>
                      </span>
                      {logs.length ? (
                        <span aria-hidden="true" className="text-muted-foreground tabular-nums">
                          {hoursText(hours)}
                        </span>
                      ) : null}
                    </div>
                    {logs.map((log) => {
                      const style =
                        brandColorStyles[log.employer.brandColor] ?? brandColorStyles.blue;
                      return (
                        <button
                          key={log.id}
                          type="button"
                          data-shift-id={log.id}
                          tabIndex={isActive ? 0 : -1}
                          draggable={isDesktop}
                          aria-label={shiftLabel(log, timeFormat)}
                          aria-describedby={HINT_ID}
                          onClick={() => onOpen(log)}
                          onFocus={() => setSelected(date)}
                          onDragStart={(event) => {
                            event.dataTransfer.setData(DRAG_TYPE, String(log.id));
                            event.dataTransfer.effectAllowed = 'move';
                          }}
                          onDragEnd={() => setDropTarget(null)}
                          className={cn(
                            'mb-1 flex w-full min-w-0 items-center gap-1.5 rounded border-l-4 px-1.5 py-1 text-left text-xs',
                            'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                            style.accent,
                            style.soft,
                            isDesktop && 'cursor-grab',
                          )}
                        >
                          <EmployerDot employer={log.employer} className="md:hidden" />
                          <span className="min-w-0 flex-1 truncate">
                            <span className="font-medium">{log.employer.name}</span>
                            <span className="block whitespace-normal opacity-80">
                              {formatClockRange(log.startTime, log.endTime, timeFormat)}
                            </span>
                          </span>
                        </button>
                      );
                    })}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {workLogs.every((log) => monthOf(log.date) !== month) ? (
        <p className="text-muted-foreground text-sm md:hidden">No shifts this month.</p>
      ) : null}
    </div>
  );
}
