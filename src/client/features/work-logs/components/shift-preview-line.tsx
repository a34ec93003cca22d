import { Clock } from 'lucide-react';
import { type Control, useWatch } from 'react-hook-form';
import { useCurrency } from '@/features/settings';
import {
  formatClockRange,
  formatCurrency,
  formatDuration,
  type TimeFormat,
} from '../../../../shared/domain/index.ts';
import type { Employer } from '../../../../shared/schemas/employers.ts';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';
import { shiftPreview, toClock, type WorkLogFormValues } from './work-log-form';

type ShiftPreviewLineProps = {
  control: Control<WorkLogFormValues, unknown, unknown>;
  employer:
    | Pick<
        Employer,
        'hourlyRate' | 'roundingStep' | 'roundingDirection' | 'payPrecision' | 'payRules'
      >
    | undefined;
  workLog: Pick<WorkLog, 'employerId' | 'hourlyRateAtTime'> | null;
  timeFormat: TimeFormat;
  /** The user's zone: the shift lasts the real time between its times there. */
  timeZone: string;
  /** False once the fields show problems themselves (after a save, or when one was left). */
  showProblems: boolean;
};

/** The shift's hours and earnings, updated as the user types (docs/product/money.md#pay). */
export function ShiftPreviewLine({
  control,
  employer,
  workLog,
  timeFormat,
  timeZone,
  showProblems,
}: ShiftPreviewLineProps) {
  const currency = useCurrency();
  const [date, start, end, breakDuration, employerId] = useWatch({
    control,
    name: ['date', 'start', 'end', 'breakDuration', 'employerId'],
  });
  const preview = shiftPreview(
    { date, start, end, breakDuration, employerId },
    employer,
    workLog,
    timeFormat,
    timeZone,
  );
  const startTime = toClock(start, timeFormat);
  const endTime = toClock(end, timeFormat);

  return (
    <output
      aria-live="polite"
      data-testid="shift-preview"
      className="flex min-h-11 flex-wrap items-center gap-x-2 gap-y-1 rounded-lg bg-muted px-3 py-2 text-sm"
    >
      <ShiftHours
        preview={preview}
        showProblems={showProblems}
        amount={
          preview?.ok && preview.earningsCents !== null
            ? formatCurrency(preview.earningsCents, currency)
            : null
        }
        startTime={startTime}
        endTime={endTime}
        timeFormat={timeFormat}
      />
    </output>
  );
}

type ShiftHoursProps = {
  /** null: times not entered; not ok: the problem; ok: the hours and whether it ends next day. */
  preview:
    | { ok: false; message: string }
    | { ok: true; hours: string; endsNextDay: boolean }
    | null;
  showProblems: boolean;
  /** The shift's pay as shown beside its hours, or null while it is not known. */
  amount: string | null;
  startTime: string | null | undefined;
  endTime: string | null | undefined;
  timeFormat: TimeFormat;
};

/** The clock, the shift's hours (and pay) and its times: the first line of both previews. */
export function ShiftHours({
  preview,
  showProblems,
  amount,
  startTime,
  endTime,
  timeFormat,
}: ShiftHoursProps) {
  return (
    <>
      <Clock aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      {preview === null ? (
        <span className="text-muted-foreground">Enter start and end times to see the hours</span>
      ) : !preview.ok ? (
        showProblems ? (
          <span className="font-medium text-destructive">{preview.message}</span>
        ) : (
          <span className="text-muted-foreground">Hours appear once the times are valid</span>
        )
      ) : (
        <>
          <span className="font-semibold tabular-nums">
            {formatDuration(preview.hours)}
            {amount !== null ? ` · ${amount}` : ''}
          </span>
          {startTime && endTime ? (
            <span className="text-muted-foreground">
              {formatClockRange(startTime, endTime, timeFormat)}
              {preview.endsNextDay ? ' (ends next day)' : ''}
            </span>
          ) : null}
        </>
      )}
    </>
  );
}
