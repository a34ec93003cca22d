import { useState } from 'react';
import { type Control, type FieldErrors, useController, useWatch } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { UploadedFileField } from '@/components/uploaded-file-field';
import { useCurrency } from '@/features/settings';
import {
  distanceUnitName,
  formatMileageRate,
  mileageCents,
  parseScaled,
} from '../../../../shared/domain/expenses.ts';
import { formatCurrency } from '../../../../shared/domain/index.ts';
import { parseMoney } from '../../../../shared/domain/money.ts';
import type { Employer } from '../../../../shared/schemas/employers.ts';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';
import { receiptUrl } from '../api/receipt';
import type { ReceiptChoice } from './use-receipt-choice';
import type { TipsAndExpenses, WorkLogFormValues } from './work-log-form';

type Props = {
  control: Control<WorkLogFormValues, unknown, unknown>;
  errors: FieldErrors<WorkLogFormValues>;
  employer: Pick<Employer, 'name' | 'mileageRate' | 'distanceUnit'> | undefined;
  /** The shift edited: a distance it was saved with keeps its rate. */
  editing?: Pick<
    WorkLog,
    'id' | 'employerId' | 'distance' | 'mileageRateAtTime' | 'distanceUnit'
  > | null;
  employerId: string;
  receipt: ReceiptChoice;
};

/** '0.655' as money with three places: $0.655. */
const rateText = (rate: string, currency: string) =>
  formatMileageRate(parseScaled(rate, 3) ?? 0, currency);

function ShiftInput({
  control,
  name,
  label,
  error,
  hint,
  text = false,
}: {
  control: Props['control'];
  name: keyof TipsAndExpenses;
  label: string;
  error: string | undefined;
  hint?: string;
  /** Words, not an amount. */
  text?: boolean;
}) {
  const { field } = useController({ control, name });
  return (
    <Field id={`work-log-${name}`} label={label} error={error} hint={hint}>
      <Input
        inputMode={text ? 'text' : 'decimal'}
        autoComplete="off"
        placeholder={text ? undefined : '0.00'}
        name={field.name}
        ref={field.ref}
        value={field.value as string}
        onChange={field.onChange}
        onBlur={field.onBlur}
      />
    </Field>
  );
}

/**
 * Tips (cash and card: the user's income, never billed) and expenses paid back on the timesheet:
 * mileage at the employer's rate per km or mile, and an amount with what it was for (decision
 * 042). Folded away until opened, or open when the shift has some.
 */
export function TipsExpensesFields({
  control,
  errors,
  employer,
  editing,
  employerId,
  receipt,
}: Props) {
  const currency = useCurrency();
  const values = useWatch({
    control,
    name: ['tipsCash', 'tipsCard', 'distance', 'expenseAmount', 'expenseNote'],
  });
  const [open, setOpen] = useState(() => values.some((v) => (v ?? '') !== ''));
  const hasExpense = (parseMoney(values[3] ?? '') ?? 0) > 0;
  const hasError = ['tipsCash', 'tipsCard', 'distance', 'expenseAmount', 'expenseNote'].some(
    (key) => errors[key as keyof TipsAndExpenses],
  );
  // The rate the distance is paid at: the shift's own while its employer stays, else the
  // employer's now.
  const kept =
    editing?.mileageRateAtTime && String(editing.employerId) === employerId
      ? { rate: editing.mileageRateAtTime, unit: editing.distanceUnit ?? 'km' }
      : null;
  const mileage =
    kept ??
    (employer?.mileageRate ? { rate: employer.mileageRate, unit: employer.distanceUnit } : null);
  const distance = values[2] ?? '';
  const distanceTenths = parseScaled(distance, 1);
  const mileageLine =
    mileage && distanceTenths !== null && distanceTenths > 0
      ? `${distance} ${distanceUnitName(mileage.unit)} × ${rateText(mileage.rate, currency)} = ${formatCurrency(
          mileageCents(distanceTenths, parseScaled(mileage.rate, 3) ?? 0),
          currency,
        )}`
      : null;
  return (
    <details
      open={open || hasError}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="group rounded-md border"
    >
      <summary className="flex min-h-11 cursor-pointer items-center px-3 font-medium text-sm sm:min-h-9">
        Tips and expenses
      </summary>
      <div className="grid gap-4 border-t p-3 sm:grid-cols-2">
        <ShiftInput
          control={control}
          name="tipsCash"
          label="Cash tips"
          error={errors.tipsCash?.message}
        />
        <ShiftInput
          control={control}
          name="tipsCard"
          label="Card tips"
          error={errors.tipsCard?.message}
          hint="Tips are your income; they are never billed."
        />
        {mileage || distance !== '' ? (
          <div className="sm:col-span-2">
            <ShiftInput
              control={control}
              name="distance"
              label={mileage ? `Distance (${distanceUnitName(mileage.unit)})` : 'Distance'}
              error={errors.distance?.message}
              hint={
                mileageLine ??
                (mileage
                  ? `Paid back at ${rateText(mileage.rate, currency)} per ${distanceUnitName(mileage.unit, false)}.`
                  : `${employer?.name ?? 'This employer'} pays no mileage: set a rate on the employer first.`)
              }
            />
          </div>
        ) : null}
        <ShiftInput
          control={control}
          name="expenseAmount"
          label="Expense to be paid back"
          error={errors.expenseAmount?.message}
        />
        <ShiftInput
          control={control}
          name="expenseNote"
          label="What for"
          text
          error={errors.expenseNote?.message}
          hint="Parking, tolls, supplies…"
        />
        {hasExpense ? (
          <UploadedFileField
            id="work-log-receipt"
            label="Receipt"
            existing={receipt.existing}
            downloadHref={editing ? receiptUrl(editing.id) : undefined}
            choice={receipt.choice}
            error={receipt.error}
            onChoose={receipt.choose}
          />
        ) : receipt.existing ? (
          <p className="text-muted-foreground text-sm sm:col-span-2">
            Without an amount to be paid back, its receipt {receipt.existing.name} is removed when
            you save.
          </p>
        ) : null}
      </div>
    </details>
  );
}
