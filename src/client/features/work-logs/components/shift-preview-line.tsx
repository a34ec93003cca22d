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
            {preview.earningsCents !== null
              ? ` · ${formatCurrency(preview.earningsCents, currency)}`
              : ''}
          </span>
          {startTime && endTime ? (
            <span className="text-muted-foreground">
              {formatClockRange(startTime, endTime, timeFormat)}
              {preview.endsNextDay ? ' (ends next day)' : ''}
            </span>
          ) : null}
        </>
      )}
    </output>
  );
}
