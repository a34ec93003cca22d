import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { buttonVariants } from '@/components/ui/button';
import { formatTimeRange } from '../../../../shared/domain/format.ts';
import { shiftMinutes } from '../../../../shared/domain/shift.ts';
import type { TimeFormat } from '../../../../shared/domain/time.ts';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';
import { hoursText } from './week-grid-model';

type ShiftsOfDayDialogProps = {
  /** "Acme Studio, Tue, Mar 3, 2026"; empty while closed. */
  title: string;
  logs: readonly WorkLog[];
  timeFormat: TimeFormat;
  onClose: () => void;
};

/**
 * The shifts of a week grid cell that holds several: listed, never merged. The browser's own
 * modal dialog (focus kept inside, Escape closes, focus goes back to the cell), as the `?` list.
 */
export function ShiftsOfDayDialog({ title, logs, timeFormat, onClose }: ShiftsOfDayDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const open = title !== '';
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby="shifts-of-day-title"
      aria-describedby="shifts-of-day-description"
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        onClose();
      }}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md overflow-y-auto rounded-xl border bg-card p-0 text-card-foreground shadow-xl backdrop:bg-black/60"
    >
      <div className="grid gap-4 p-6">
        <div className="flex flex-col gap-1.5">
          <h2 id="shifts-of-day-title" className="font-semibold text-lg leading-tight">
            {title}
          </h2>
          <p id="shifts-of-day-description" className="text-muted-foreground text-sm">
            {logs.length} shifts on one day: change them one by one on the Work Logs page.
          </p>
        </div>
        <ul className="grid gap-2 text-sm">
          {logs.map((log) => {
            const worked = shiftMinutes(log);
            return (
              <li key={log.id} className="flex justify-between gap-4 rounded-md border px-3 py-2">
                <span>
                  {formatTimeRange(log.startTime, log.endTime, timeFormat)}
                  {log.breakDuration > 0 ? ` · ${log.breakDuration} min break` : ''}
                </span>
                <span className="tabular-nums">{hoursText(worked.ok ? worked.minutes : 0)} h</span>
              </li>
            );
          })}
        </ul>
        <div className="flex flex-wrap justify-end gap-2">
          <Link href="/work-logs" className={buttonVariants({ variant: 'outline' })}>
            Open Work Logs
          </Link>
          <button type="button" className={buttonVariants()} onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </dialog>
  );
}
