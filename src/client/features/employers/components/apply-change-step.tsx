import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Field, Label } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { RetryAlert } from '@/components/ui/retry-alert';
import { isBusy, SaveButton, toastSaveFailure } from '@/components/ui/save-button';
import { toast } from '@/components/ui/use-toast';
import { useCurrency, userTimeZone, useSettings } from '@/features/settings';
import { ApiError } from '@/lib/api-client';
import { isInputRefused } from '@/lib/error-message';
import { useSaveState } from '@/lib/use-save-state';
import { addDays, todayIn } from '../../../../shared/domain/dates.ts';
import { formatDisplayDate } from '../../../../shared/domain/format.ts';
import { formatCurrency } from '../../../../shared/domain/money.ts';
import { periodLength, periodStartOf } from '../../../../shared/domain/overtime.ts';
import type {
  ApplyChange,
  ChangePreview,
  Employer,
  UpdateEmployerBody,
} from '../../../../shared/schemas/employers.ts';
import { useChangePreview } from '../api/preview-employer-change';
import { useUpdateEmployer } from '../api/update-employer';
import { saveTimings } from './save-timings';

type Scope = ApplyChange['from'];

const scopes: { value: Scope; label: string; hint: string }[] = [
  { value: 'new', label: 'New shifts only', hint: 'Shifts dated today or later.' },
  { value: 'date', label: 'From a date', hint: 'Shifts dated on or after the date you choose.' },
  { value: 'every', label: 'Every shift', hint: 'All of this employer’s shifts, old and new.' },
];

/**
 * "12 shifts change: $1,204.50 → $1,250.00 (+$45.50)"; when tax is at stake, the total due too:
 * "3 shifts change: total due $480.00 → $384.00 (−$96.00); gross pay stays $400.00".
 */
export function previewSentence(preview: ChangePreview, currency: string): string {
  if (preview.shifts === 0) return 'No shift changes.';
  const money = (cents: number) => formatCurrency(cents, currency);
  const change = (before: number, after: number) => {
    const difference = after - before;
    const sign = difference < 0 ? '−' : '+';
    return `${money(before)} → ${money(after)} (${sign}${money(Math.abs(difference))})`;
  };
  const count = preview.shifts === 1 ? '1 shift changes' : `${preview.shifts} shifts change`;
  const sameGross = preview.beforeCents === preview.afterCents;
  const taxed =
    preview.beforeTotalCents !== preview.beforeCents ||
    preview.afterTotalCents !== preview.afterCents;
  const parts: string[] = [];
  if (!sameGross || !taxed) parts.push(change(preview.beforeCents, preview.afterCents));
  if (taxed) parts.push(`total due ${change(preview.beforeTotalCents, preview.afterTotalCents)}`);
  if (sameGross && taxed) parts.push(`gross pay stays ${money(preview.beforeCents)}`);
  return `${count}: ${parts.join('; ')}`;
}

/**
 * A workweek is paid by the overtime rules of the day it starts, so new overtime rules from a
 * date inside a workweek apply from the next one: that week's first day, or null when the date
 * starts one (or the body leaves overtime alone).
 */
export function overtimeStartsLater(body: UpdateEmployerBody, from: string): string | null {
  const overtime = body.overtime;
  if (!overtime || !/^\d{4}-\d{2}-\d{2}$/.test(from)) return null;
  const config = {
    workweekStartDay: overtime.workweekStartDay ?? 0,
    workweekStartTime: overtime.workweekStartTime ?? '00:00',
    ...(overtime.preset === 'hospital8and80'
      ? {
          period14: {
            anchorDate: overtime.period14?.anchorDate ?? '2023-01-01',
            overMinutes: 0,
            multiplierBp: 10_000,
            dailyOverMinutes: 0,
          },
        }
      : {}),
  };
  const start = periodStartOf(config, from);
  return start === from ? null : addDays(start, periodLength(config));
}

type ApplyChangeStepProps = {
  employer: Employer;
  body: UpdateEmployerBody;
  onBack: () => void;
  onDone: () => void;
};

/** Asked when a rate, rounding, precision or tax change reaches shifts already logged (decision 036). */
export function ApplyChangeStep({ employer, body, onBack, onDone }: ApplyChangeStepProps) {
  const formId = useId();
  const currency = useCurrency();
  const [scope, setScope] = useState<Scope>('new');
  const [date, setDate] = useState('');
  const [dateError, setDateError] = useState<string | undefined>();
  const save = useSaveState(saveTimings.edit);
  const update = useUpdateEmployer();
  const today = todayIn(userTimeZone(useSettings().data), new Date());
  const laterStart =
    scope === 'every' ? null : overtimeStartsLater(body, scope === 'date' ? date : today);
  const applyChange: ApplyChange = scope === 'date' ? { from: 'date', date } : { from: scope };
  const ready = scope !== 'date' || date !== '';
  const preview = useChangePreview({ id: employer.id, body, applyChange }, ready);

  async function submit() {
    if (!ready) {
      setDateError('Choose the date the change applies from');
      return;
    }
    save.start();
    try {
      await update.mutateAsync({ id: employer.id, body: { ...body, applyChange } });
      toast({ title: 'Success', description: 'Employer updated', variant: 'success' });
      save.succeed(onDone);
    } catch (error) {
      save.fail();
      const fieldError = error instanceof ApiError ? error.errors?.['applyChange.date'] : undefined;
      if (fieldError) setDateError(fieldError);
      toastSaveFailure(
        error,
        isInputRefused(error)
          ? error.serverMessage
          : 'Failed to update employer. Please try again.',
      );
    }
  }

  return (
    <>
      <form
        id={formId}
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!isBusy(save.state)) void submit();
        }}
      >
        <fieldset className="space-y-3">
          <legend className="mb-2 font-medium text-sm">Apply the change to</legend>
          <RadioGroup
            value={scope}
            onValueChange={(value) => {
              setScope(value as Scope);
              setDateError(undefined);
            }}
          >
            {scopes.map((option) => (
              <div key={option.value} className="flex items-start gap-2">
                <RadioGroupItem
                  id={`apply-scope-${option.value}`}
                  value={option.value}
                  aria-describedby={`apply-scope-${option.value}-hint`}
                  className="mt-0.5"
                />
                <div>
                  <Label htmlFor={`apply-scope-${option.value}`}>{option.label}</Label>
                  <p
                    id={`apply-scope-${option.value}-hint`}
                    className="text-muted-foreground text-sm"
                  >
                    {option.hint}
                  </p>
                </div>
              </div>
            ))}
          </RadioGroup>
        </fieldset>
        {scope === 'date' ? (
          <Field id="apply-from-date" label="Apply from" required error={dateError}>
            <Input
              type="date"
              value={date}
              onChange={(event) => {
                setDate(event.target.value);
                setDateError(undefined);
              }}
            />
          </Field>
        ) : null}
        {laterStart ? (
          <p className="text-muted-foreground text-sm">
            A workweek is paid by the overtime rules of the day it starts: the new overtime rules
            apply from the workweek of {formatDisplayDate(laterStart)}.
          </p>
        ) : null}
        <PreviewLine preview={preview} ready={ready} currency={currency} />
      </form>
      <DialogFooter>
        <Button variant="outline" onClick={onBack}>
          Back
        </Button>
        <SaveButton
          state={save.state}
          labels={{ idle: 'Save Change', saving: 'Saving...' }}
          form={formId}
        />
      </DialogFooter>
    </>
  );
}

type PreviewQuery = ReturnType<typeof useChangePreview>;

function PreviewLine({
  preview,
  ready,
  currency,
}: {
  preview: PreviewQuery;
  ready: boolean;
  currency: string;
}) {
  if (!ready) {
    return (
      <p role="status" className="text-muted-foreground text-sm">
        Choose a date to see what changes.
      </p>
    );
  }
  if (preview.isError) {
    return <RetryAlert query={preview}>Could not work out what the change does.</RetryAlert>;
  }
  return (
    <p role="status" aria-live="polite" className="font-medium text-sm">
      {preview.data && !preview.isPlaceholderData
        ? previewSentence(preview.data, currency)
        : 'Working out what changes…'}
    </p>
  );
}
