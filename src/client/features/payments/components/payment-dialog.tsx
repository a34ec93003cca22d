import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DatePickerField } from '@/components/ui/date-picker-field';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  useDiscardGuard,
} from '@/components/ui/dialog';
import { Field, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { isBusy, SaveButton, toastSaveFailure } from '@/components/ui/save-button';
import { SelectField } from '@/components/ui/select-field';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { type FileChoice, UploadedFileField } from '@/components/uploaded-file-field';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { useSaveState } from '@/lib/use-save-state';
import { currencySymbol } from '../../../../shared/domain/format.ts';
import { formatCurrency, formatMoneyString } from '../../../../shared/domain/money.ts';
import type {
  Ledger,
  LedgerPeriodView,
  Payment,
  PaymentSaved,
} from '../../../../shared/schemas/payments.ts';
import { removePaymentFile, uploadPaymentFile } from '../api/payment-file';
import { invalidatePayments, useSavePayment } from '../api/save-payment';
import { formatPeriod, methodLabels, owedOn } from './pay-text';
import {
  type ChosenPeriod,
  centsOf,
  checkDraft,
  chosenParts,
  createBody,
  type DraftErrors,
  type DraftField,
  fieldOfServerError,
  type PaymentDraft,
  type PaymentMethod,
  type Pays,
  updateBody,
} from './payment-form';

/** A new payment (maybe for one period), or one to change ("Match": its periods to choose). */
export type PaymentDialogTarget =
  | { kind: 'new'; employerId?: number; amountCents?: number; periodStart?: string }
  | { kind: 'edit'; payment: Payment; choosePeriods?: boolean };

type PaymentDialogProps = {
  target: PaymentDialogTarget | null;
  ledger: Ledger;
  currency: string;
  /** In the user's time zone. */
  today: string;
  onClose: () => void;
};

const methodOptions = (Object.keys(methodLabels) as PaymentMethod[]).map((value) => ({
  value,
  label: methodLabels[value],
}));

const money = (cents: number) => formatMoneyString(cents);

function initialDraft(target: PaymentDialogTarget, ledger: Ledger, today: string): PaymentDraft {
  if (target.kind === 'edit') {
    const p = target.payment;
    const chosen: Record<string, ChosenPeriod> = {};
    for (const part of p.allocations)
      chosen[part.periodStart] = { checked: true, amount: money(part.amountCents) };
    return {
      employerId: String(p.employerId),
      amount: money(p.amountCents),
      receivedOn: p.receivedOn,
      method: p.method,
      reference: p.reference ?? '',
      note: p.note ?? '',
      pays: target.choosePeriods ? 'choose' : 'auto',
      chosen,
    };
  }
  const only = ledger.employers.length === 1 ? ledger.employers[0]?.employerId : undefined;
  const employerId = target.employerId ?? only;
  const amount = target.amountCents ? money(target.amountCents) : '';
  return {
    employerId: employerId === undefined ? '' : String(employerId),
    amount,
    receivedOn: today,
    method: 'bank',
    reference: '',
    note: '',
    pays: target.periodStart ? 'choose' : 'auto',
    chosen: target.periodStart ? { [target.periodStart]: { checked: true, amount } } : {},
  };
}

/** "Payment recorded: pays Oct 28 – Nov 10, 2026", or that it waits to be matched by hand. */
export function savedToast(saved: PaymentSaved, edited: boolean): string {
  if (edited) return 'Payment saved';
  if (saved.matched === 'none' || saved.allocations.length === 0)
    return 'Payment recorded: not matched — choose its periods';
  const periods = saved.allocations.map((a) => formatPeriod(a.periodStart, a.periodEnd));
  return `Payment recorded: pays ${periods.join(', ')}`;
}

/** Record a payment received, or change one: how much, when, how, and which periods it pays. */
export function PaymentDialog({ target, ledger, currency, today, onClose }: PaymentDialogProps) {
  // Kept while the dialog closes, so its text does not vanish under the fade.
  const last = useRef(target);
  if (target) last.current = target;
  const shown = target ?? last.current;
  const editing = shown?.kind === 'edit';
  // Opened from buttons elsewhere on the page: focus goes back to the one that opened it.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog open={target !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        onOpenAutoFocus={() => {
          opener.current =
            document.activeElement instanceof HTMLElement ? document.activeElement : null;
        }}
        onCloseAutoFocus={(event) => {
          const back = opener.current;
          opener.current = null;
          if (back?.isConnected) {
            event.preventDefault();
            back.focus();
          }
        }}
      >
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit payment' : 'Record payment'}</DialogTitle>
          <DialogDescription>
            {editing
              ? 'Change what you received. A new amount or date is matched to its periods again.'
              : 'What an employer paid you, and the pay periods it pays.'}
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so every opening starts from its own values. */}
        {target ? (
          <PaymentForm
            target={target}
            ledger={ledger}
            currency={currency}
            today={today}
            onDone={onClose}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function PaymentForm({
  target,
  ledger,
  currency,
  today,
  onDone,
}: {
  target: PaymentDialogTarget;
  ledger: Ledger;
  currency: string;
  today: string;
  onDone: () => void;
}) {
  const formId = useId();
  const [draft, setDraft] = useState(() => initialDraft(target, ledger, today));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [dirty, setDirty] = useState(false);
  const mutation = useSavePayment();
  const queryClient = useQueryClient();
  const [fileChoice, setFileChoice] = useState<FileChoice>({ kind: 'keep' });
  const [fileError, setFileError] = useState<string>();
  const fileInput = useRef<HTMLInputElement | null>(null);
  /**
   * A payment this dialog saved whose file then failed: saving again changes it (never a second
   * payment), and only sends the file when nothing else changed since.
   */
  const [saved, setSaved] = useState<{ payment: Payment; draft: PaymentDraft } | null>(null);
  const save = useSaveState(
    target.kind === 'edit'
      ? { errorResetMs: 3000, closeAfterMs: 500 }
      : { errorResetMs: 2000, closeAfterMs: 800 },
  );
  useDiscardGuard(dirty && save.state !== 'saved');
  const payment = target.kind === 'edit' ? (saved?.payment ?? target.payment) : saved?.payment;
  const fields = useRef<Partial<Record<DraftField, HTMLElement | null>>>({});
  const symbol = currencySymbol(currency);

  const employer = ledger.employers.find((e) => String(e.employerId) === draft.employerId);
  const employerOptions = useMemo(
    () => ledger.employers.map((e) => ({ value: String(e.employerId), label: e.name })),
    [ledger.employers],
  );

  // "Match": straight to the periods.
  useEffect(() => {
    if (target.kind === 'edit' && target.choosePeriods) fields.current.allocations?.focus();
  }, [target]);

  const change = (next: Partial<PaymentDraft>, cleared: DraftField[] = []) => {
    setDraft((d) => ({ ...d, ...next }));
    setDirty(true);
    if (cleared.some((f) => errors[f]))
      setErrors((e) =>
        Object.fromEntries(Object.entries(e).filter(([f]) => !cleared.includes(f as DraftField))),
      );
  };

  /** What the period still wants: this payment's own part counts as not yet received. */
  const stillOwed = (period: LedgerPeriodView) => {
    const own = payment?.allocations.find((a) => a.periodStart === period.from)?.amountCents ?? 0;
    return owedOn({ ...period, receivedCents: period.receivedCents - own });
  };

  function tick(period: LedgerPeriodView, checked: boolean) {
    if (!checked) {
      change({ chosen: { ...draft.chosen, [period.from]: { checked: false, amount: '' } } }, [
        'allocations',
      ]);
      return;
    }
    // What is still owed, but no more than what is left of the payment.
    const total = centsOf(draft.amount);
    const placed = chosenParts(draft).reduce(
      (sum, [, part]) => sum + (centsOf(part.amount) ?? 0),
      0,
    );
    const left = total === null ? Number.POSITIVE_INFINITY : Math.max(0, total - placed);
    const owed = stillOwed(period);
    const cents = Math.min(owed > 0 ? owed : left, left);
    const amount = Number.isFinite(cents) && cents > 0 ? money(cents) : '';
    change({ chosen: { ...draft.chosen, [period.from]: { checked: true, amount } } }, [
      'allocations',
    ]);
  }

  async function submit() {
    const found = checkDraft(draft);
    setErrors(found);
    const first = (Object.keys(found) as DraftField[])[0];
    if (first) {
      fields.current[first]?.focus();
      return;
    }
    save.start();
    setFileError(undefined);
    let done: Payment;
    let title: string;
    try {
      if (saved && saved.draft === draft) {
        done = saved.payment;
        title = target.kind === 'edit' ? 'Payment saved' : 'Payment recorded';
      } else {
        const result = payment
          ? await mutation.mutateAsync({ id: payment.id, body: updateBody(draft, payment) })
          : await mutation.mutateAsync({ body: createBody(draft) });
        done = result;
        title = savedToast(result, target.kind === 'edit');
      }
    } catch (error) {
      save.fail();
      const server: DraftErrors = {};
      if (error instanceof ApiError && error.errors) {
        for (const [name, message] of Object.entries(error.errors)) {
          const field = fieldOfServerError(name);
          if (field && !server[field]) server[field] = message;
        }
      }
      // "Choose a pay period of St. Mary", "more than the payment": said by the server in `message`.
      if (error instanceof ApiError && error.status === 400 && Object.keys(server).length === 0) {
        server.allocations = draft.pays === 'choose' ? error.serverMessage : undefined;
      }
      setErrors(server);
      const field = (Object.keys(server) as DraftField[]).find((f) => server[f]);
      if (field) fields.current[field]?.focus();
      toastSaveFailure(
        error,
        errorMessage(
          error,
          payment ? 'Could not save the payment' : 'Could not record the payment',
        ),
      );
      return;
    }
    // The payment is saved; its file goes after it. A file that fails loses nothing: the
    // payment stays, the dialog stays open and says why, and saving again sends the file only.
    const failed = await applyFile(done.id);
    if (failed) {
      const what =
        fileChoice.kind === 'remove' ? 'its file was not removed' : 'the file was not attached';
      setSaved({ payment: done, draft });
      setFileError(`The payment was saved, but ${what}: ${failed}`);
      // The payment is saved and the file's failure said: closing now loses nothing unsaid.
      setDirty(false);
      save.fail();
      toast({
        title: `${target.kind === 'edit' ? 'Payment saved' : 'Payment recorded'}, but the file was not ${fileChoice.kind === 'remove' ? 'removed' : 'attached'}`,
        description: failed,
        variant: 'destructive',
      });
      fileInput.current?.focus();
      return;
    }
    toast({ title, variant: 'success' });
    save.succeed(onDone);
  }

  /** Sends the file chosen (or its removal): undefined when done, else the reason, in words. */
  async function applyFile(paymentId: number): Promise<string | undefined> {
    if (fileChoice.kind === 'keep') return undefined;
    try {
      if (fileChoice.kind === 'new') await uploadPaymentFile(paymentId, fileChoice.file);
      else await removePaymentFile(paymentId);
      setFileChoice({ kind: 'keep' });
      return undefined;
    } catch (error) {
      return errorMessage(error, 'Something went wrong. Please try again.');
    } finally {
      void invalidatePayments(queryClient);
    }
  }

  const periods = employer?.periods ?? [];
  // Periods with shifts or money, and the current one (an advance); not old empty ones.
  const choices = periods.filter(
    (p) =>
      p.expectedCents > 0 ||
      p.receivedCents > 0 ||
      p.to >= ledger.today ||
      draft.chosen[p.from]?.checked,
  );

  return (
    <>
      <form
        id={formId}
        noValidate
        aria-label={payment ? 'Edit payment' : 'Record payment'}
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (!isBusy(save.state)) void submit();
        }}
      >
        <SelectField
          id="payment-employer"
          label="Employer"
          required
          className="sm:col-span-2"
          value={draft.employerId || undefined}
          placeholder="Choose an employer"
          options={employerOptions}
          disabled={payment !== undefined}
          hint={payment ? 'A payment stays with the employer who made it.' : undefined}
          error={errors.employerId}
          ref={(el) => {
            fields.current.employerId = el;
          }}
          onValueChange={(employerId) =>
            change({ employerId, chosen: {} }, ['employerId', 'allocations'])
          }
        />
        <Field id="payment-amount" label="Amount" required error={errors.amount}>
          {(control) => (
            <div className="relative">
              <span
                aria-hidden="true"
                className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-muted-foreground text-sm"
              >
                {symbol}
              </span>
              <Input
                {...control}
                ref={(el) => {
                  fields.current.amount = el;
                }}
                inputMode="decimal"
                autoComplete="off"
                placeholder="0.00"
                className="tabular-nums"
                style={{ paddingLeft: `calc(1rem + ${symbol.length}ch)` }}
                value={draft.amount}
                onChange={(event) =>
                  change({ amount: event.target.value }, ['amount', 'allocations'])
                }
              />
            </div>
          )}
        </Field>
        <DatePickerField
          id="payment-received-on"
          label="Received on"
          calendarLabel="Choose the day it was received"
          required
          today={today}
          value={draft.receivedOn}
          error={errors.receivedOn}
          ref={(el) => {
            fields.current.receivedOn = el;
          }}
          onChange={(receivedOn) => change({ receivedOn }, ['receivedOn'])}
        />
        <SelectField
          id="payment-method"
          label="Method"
          value={draft.method}
          options={methodOptions}
          error={errors.method}
          ref={(el) => {
            fields.current.method = el;
          }}
          onValueChange={(method) => change({ method }, ['method'])}
        />
        <Field id="payment-reference" label="Reference" error={errors.reference}>
          <Input
            ref={(el) => {
              fields.current.reference = el;
            }}
            autoComplete="off"
            maxLength={200}
            placeholder="Cheque or transfer number"
            value={draft.reference}
            onChange={(event) => change({ reference: event.target.value }, ['reference'])}
          />
        </Field>
        <Field id="payment-note" label="Note" error={errors.note} className="sm:col-span-2">
          <Textarea
            ref={(el) => {
              fields.current.note = el;
            }}
            rows={2}
            value={draft.note}
            onChange={(event) => change({ note: event.target.value }, ['note'])}
          />
        </Field>
        <fieldset
          className="space-y-3 sm:col-span-2"
          aria-describedby={errors.allocations ? 'payment-pays-error' : undefined}
        >
          <legend className="mb-2 font-medium text-sm">Pays</legend>
          <RadioGroup
            value={draft.pays}
            aria-label="Pays"
            onValueChange={(pays) => change({ pays: pays as Pays }, ['allocations'])}
            className="flex flex-wrap gap-x-6 gap-y-2"
          >
            <div className="flex items-center gap-2">
              <RadioGroupItem id="payment-pays-auto" value="auto" />
              <label htmlFor="payment-pays-auto" className="text-sm">
                Match automatically
              </label>
            </div>
            <div className="flex items-center gap-2">
              <RadioGroupItem
                id="payment-pays-choose"
                value="choose"
                ref={(el) => {
                  if (draft.pays !== 'choose') fields.current.allocations = el;
                }}
              />
              <label htmlFor="payment-pays-choose" className="text-sm">
                Choose periods
              </label>
            </div>
          </RadioGroup>
          {draft.pays === 'auto' ? (
            <p className="text-muted-foreground text-xs">
              {payment && payment.allocations.length > 0
                ? 'Keeps the periods it pays unless you change the amount or the date; then it is matched again.'
                : 'Matched by amount and date when only one way fits; otherwise you choose later.'}
            </p>
          ) : !employer ? (
            <p className="text-muted-foreground text-sm">Choose the employer first.</p>
          ) : choices.length === 0 ? (
            <p className="text-muted-foreground text-sm">{employer.name} has no pay periods yet.</p>
          ) : (
            <ul className="grid max-h-64 gap-2 overflow-y-auto rounded-lg border p-2">
              {choices.map((period, index) => {
                const part = draft.chosen[period.from];
                const label = formatPeriod(period.from, period.to);
                const owed = stillOwed(period);
                return (
                  <li key={period.from} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <div className="flex min-w-48 flex-1 items-start gap-2">
                      <input
                        id={`payment-period-${period.from}`}
                        type="checkbox"
                        className="mt-0.5 size-4 shrink-0 accent-primary"
                        checked={part?.checked ?? false}
                        aria-describedby={`payment-period-${period.from}-hint`}
                        ref={
                          index === 0
                            ? (el) => {
                                fields.current.allocations = el;
                              }
                            : undefined
                        }
                        onChange={(event) => tick(period, event.target.checked)}
                      />
                      <div className="space-y-0.5">
                        <label htmlFor={`payment-period-${period.from}`} className="text-sm">
                          {label}
                        </label>
                        <p
                          id={`payment-period-${period.from}-hint`}
                          className="text-muted-foreground text-xs tabular-nums"
                        >
                          {owed > 0 ? `${formatCurrency(owed, currency)} owed` : period.statusText}
                        </p>
                      </div>
                    </div>
                    {part?.checked ? (
                      <div className="relative w-32">
                        <span
                          aria-hidden="true"
                          className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-muted-foreground text-sm"
                        >
                          {symbol}
                        </span>
                        <Input
                          aria-label={`Amount for ${label}`}
                          inputMode="decimal"
                          autoComplete="off"
                          className="h-9 tabular-nums"
                          style={{ paddingLeft: `calc(1rem + ${symbol.length}ch)` }}
                          value={part.amount}
                          onChange={(event) =>
                            change(
                              {
                                chosen: {
                                  ...draft.chosen,
                                  [period.from]: { checked: true, amount: event.target.value },
                                },
                              },
                              ['allocations'],
                            )
                          }
                        />
                      </div>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )}
          <FieldError id="payment-pays-error">{errors.allocations}</FieldError>
        </fieldset>
        <UploadedFileField
          id="payment-file"
          label="Pay stub or invoice"
          ref={(el) => {
            fileInput.current = el;
          }}
          existing={payment?.file ?? null}
          choice={fileChoice}
          error={fileError}
          onChoose={(choice, error) => {
            setFileChoice(choice);
            setFileError(error);
            setDirty(true);
          }}
        />
      </form>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <SaveButton
          state={save.state}
          labels={{ idle: payment ? 'Save payment' : 'Record payment', saving: 'Saving...' }}
          form={formId}
        />
      </DialogFooter>
    </>
  );
}

export default PaymentDialog;
