import { useMemo } from 'react';
import { type Control, useWatch } from 'react-hook-form';
import { useCurrency } from '@/features/settings';
import { cn } from '@/lib/utils';
import { formatCurrency, type TimeFormat } from '../../../../shared/domain/index.ts';
import {
  formatHoursMinutes,
  multiplierInWords,
  overtimeLineLabel,
} from '../../../../shared/domain/pay-text.ts';
import type { Employer } from '../../../../shared/schemas/employers.ts';
import type {
  PayPeriod,
  PayPreview,
  PayPreviewBody,
  WorkLog,
} from '../../../../shared/schemas/work-logs.ts';
import { usePayPreview } from '../api/pay-preview';
import { ShiftHours } from './shift-preview-line';
import { readBreak } from './time-reading';
import { useDebouncedValue } from './use-debounced-value';
import { shiftPreview, toClock, type WorkLogFormValues } from './work-log-form';

/** Long enough to skip the keystrokes in between, short enough to feel live. */
export const PAY_PREVIEW_DEBOUNCE_MS = 350;

type ShiftPayPreviewProps = {
  control: Control<WorkLogFormValues, unknown, unknown>;
  employer: Pick<
    Employer,
    'hourlyRate' | 'roundingStep' | 'roundingDirection' | 'payPrecision' | 'payRules'
  >;
  workLog: Pick<WorkLog, 'id' | 'employerId' | 'hourlyRateAtTime'> | null;
  timeFormat: TimeFormat;
  timeZone: string;
  showProblems: boolean;
};

/**
 * The preview for an employer with premiums or overtime: the hours as typed at once, and the pay
 * as the server works it out with the rest of the shift's week (regular, each premium, overtime
 * as an estimate, the total, and where the week stands). Loading or failing, it never holds up
 * saving: the save is checked and priced by the server anyway.
 */
export function ShiftPayPreview({
  control,
  employer,
  workLog,
  timeFormat,
  timeZone,
  showProblems,
}: ShiftPayPreviewProps) {
  const currency = useCurrency();
  const money = (cents: number) => formatCurrency(cents, currency);
  const [date, start, end, breakDuration, employerId, manualPremiumIds] = useWatch({
    control,
    name: ['date', 'start', 'end', 'breakDuration', 'employerId', 'manualPremiumIds'],
  });
  const local = shiftPreview(
    { date, start, end, breakDuration, employerId },
    employer,
    workLog,
    timeFormat,
    timeZone,
  );
  const startTime = toClock(start, timeFormat);
  const endTime = toClock(end, timeFormat);
  const sameEmployer = workLog !== null && String(workLog.employerId) === employerId;
  const body = useMemo((): PayPreviewBody | null => {
    if (!local?.ok || !startTime || !endTime || employerId === '') return null;
    return {
      employerId: Number(employerId),
      date,
      startTime,
      endTime,
      breakDuration: readBreak(breakDuration) ?? 0,
      manualPremiumIds: [...(manualPremiumIds ?? [])].sort(),
      ...(workLog ? { id: workLog.id } : {}),
      ...(sameEmployer ? { hourlyRateAtTime: workLog.hourlyRateAtTime } : {}),
    };
  }, [
    local?.ok,
    startTime,
    endTime,
    employerId,
    date,
    breakDuration,
    manualPremiumIds,
    workLog,
    sameEmployer,
  ]);
  // Compared by content: a new object for the same shift must not restart the wait.
  const debouncedKey = useDebouncedValue(JSON.stringify(body), PAY_PREVIEW_DEBOUNCE_MS);
  const asked = useMemo(
    () => (JSON.parse(debouncedKey) as PayPreviewBody | null) ?? null,
    [debouncedKey],
  );
  const typing = debouncedKey !== JSON.stringify(body);
  const query = usePayPreview(body ? asked : null);
  const pay = body ? query.data : undefined;
  const current = pay !== undefined && !typing && !query.isPlaceholderData;

  return (
    // A div, not an output as the plain line is: it holds a list and paragraphs.
    <div
      aria-live="polite"
      data-testid="shift-preview"
      className="grid min-h-11 gap-1.5 rounded-lg bg-muted px-3 py-2 text-sm"
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <ShiftHours
          preview={local}
          showProblems={showProblems}
          amount={pay && current ? money(pay.totalCents) : null}
          startTime={startTime}
          endTime={endTime}
          timeFormat={timeFormat}
        />
      </div>
      {body === null ? null : query.isError && !typing ? (
        <p className="text-muted-foreground">
          The pay with premiums and overtime could not be worked out just now. You can still save:
          the server works it out then.
        </p>
      ) : pay === undefined ? (
        <p className="text-muted-foreground">Working out premiums and overtime…</p>
      ) : (
        <div className={cn('grid gap-1.5', current ? null : 'opacity-60')} aria-busy={!current}>
          {current ? null : <span className="sr-only">Updating the pay…</span>}
          <PayLines pay={pay} money={money} />
          {pay.period ? <WeekLine period={pay.period} money={money} /> : null}
        </div>
      )}
    </div>
  );
}

function PayLines({ pay, money }: { pay: PayPreview; money: (cents: number) => string }) {
  return (
    <dl aria-label="Pay for this shift" className="grid gap-0.5 tabular-nums">
      <Line term="Regular pay" value={money(pay.regularCents)} />
      {pay.lines.map((line) =>
        line.kind === 'premium' ? (
          <Line
            key={`p-${line.ruleId}`}
            term={`${line.name} ${formatHoursMinutes(line.minutes)} h`}
            value={`+${money(line.amountCents)}`}
          />
        ) : (
          <Line
            key={`o-${line.basis}-${line.multiplierBp}-${line.periodStart}`}
            term={`${overtimeLineLabel(line)} ${formatHoursMinutes(line.minutes)} h (estimate)`}
            value={`+${money(line.amountCents)}`}
          />
        ),
      )}
      <Line term="Total" value={money(pay.totalCents)} strong />
    </dl>
  );
}

function Line({ term, value, strong }: { term: string; value: string; strong?: boolean }) {
  return (
    <div className={cn('flex justify-between gap-3', strong && 'border-t pt-0.5 font-semibold')}>
      <dt className={strong ? undefined : 'text-muted-foreground'}>{term}</dt>
      <dd className="whitespace-nowrap">{value}</dd>
    </div>
  );
}

/**
 * Where the shift's week stands: the hours so far and those left before overtime, or its
 * overtime with the regular rate it is paid from and how that rate is reached.
 */
function WeekLine({ period, money }: { period: PayPeriod; money: (cents: number) => string }) {
  const which = period.kind === 'period14' ? 'period' : 'week';
  const overtime = period.overtimeMinutes.filter((o) => o.minutes > 0);
  // An overtime group's week counts the hours at all its employers, not this one's alone.
  const all = period.groupName ? `${period.groupName}, all employers: ` : '';
  if (overtime.length === 0) {
    const left =
      period.minutesLeftBeforeThreshold === null
        ? ''
        : `, ${formatHoursMinutes(period.minutesLeftBeforeThreshold)} h before overtime`;
    return (
      <p className="text-muted-foreground">
        {all}This {which}: {formatHoursMinutes(period.paidMinutes)} h{left}
      </p>
    );
  }
  const rate = `${money(period.regularRateCentsPerHour)}/h`;
  const parts = overtime.map(
    (o) => `${multiplierInWords(o.multiplierBp)} ${formatHoursMinutes(o.minutes)} h`,
  );
  return (
    <div className="text-muted-foreground">
      <p>
        {all}
        {which === 'week' ? 'Week' : 'Period'} overtime {parts.join(', ')}, regular rate {rate}
      </p>
      <p className="text-xs">
        Estimate: regular rate = {money(period.straightTimeCents)} ÷{' '}
        {formatHoursMinutes(period.paidMinutes)} h; premium = overtime hours × (multiplier − 1) ×{' '}
        {rate}
      </p>
    </div>
  );
}
