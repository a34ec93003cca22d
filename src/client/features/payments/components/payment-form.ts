import { parseMoney } from '../../../../shared/domain/money.ts';
import {
  type CreatePaymentBody,
  PAYMENT_MESSAGES,
  type Payment,
  type UpdatePaymentBody,
} from '../../../../shared/schemas/payments.ts';

export type PaymentMethod = Payment['method'];
export type Pays = 'auto' | 'choose';
export type ChosenPeriod = { checked: boolean; amount: string };

/** The form as typed: money as text, each period of the employer by its first day. */
export type PaymentDraft = {
  employerId: string;
  amount: string;
  receivedOn: string;
  method: PaymentMethod;
  reference: string;
  note: string;
  pays: Pays;
  chosen: Record<string, ChosenPeriod>;
};

export type DraftField =
  | 'employerId'
  | 'amount'
  | 'receivedOn'
  | 'method'
  | 'reference'
  | 'note'
  | 'allocations';
export type DraftErrors = Partial<Record<DraftField, string>>;

export const CHOOSE_EMPLOYER = 'Choose the employer who paid you';

/** '1,250.00' or ' 682.5 ' → cents, as the server reads it; anything else → null. */
export function centsOf(text: string): number | null {
  const plain = text.trim().replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(plain)) return null;
  const cents = parseMoney(plain);
  return cents !== null && cents > 0 && cents <= 100_000_000_00 ? cents : null;
}

const isRealDate = (text: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
};

/** The periods ticked, in the order the list shows them. */
export const chosenParts = (draft: PaymentDraft) =>
  Object.entries(draft.chosen).filter(([, part]) => part.checked);

/** The server's checks (src/shared/schemas/payments.ts), with its words, before anything is sent. */
export function checkDraft(draft: PaymentDraft): DraftErrors {
  const errors: DraftErrors = {};
  if (!draft.employerId) errors.employerId = CHOOSE_EMPLOYER;
  const amount = centsOf(draft.amount);
  if (amount === null) errors.amount = PAYMENT_MESSAGES.amount;
  if (!isRealDate(draft.receivedOn)) errors.receivedOn = PAYMENT_MESSAGES.date;
  if (draft.reference.trim().length > 200 || /[\r\n]/.test(draft.reference))
    errors.reference = PAYMENT_MESSAGES.reference;
  if (draft.note.trim().length > 1000) errors.note = PAYMENT_MESSAGES.note;
  if (draft.pays === 'choose') {
    const parts = chosenParts(draft);
    const cents = parts.map(([, part]) => centsOf(part.amount));
    if (parts.length === 0) errors.allocations = PAYMENT_MESSAGES.period;
    else if (cents.some((c) => c === null)) errors.allocations = PAYMENT_MESSAGES.amount;
    else if (amount !== null && cents.reduce<number>((sum, c) => sum + (c ?? 0), 0) > amount)
      errors.allocations = PAYMENT_MESSAGES.tooMuch;
  }
  return errors;
}

const allocationsOf = (draft: PaymentDraft) =>
  draft.pays === 'choose'
    ? chosenParts(draft).map(([periodStart, part]) => ({
        periodStart,
        amount: part.amount.trim().replace(/,/g, ''),
      }))
    : undefined;

export function createBody(draft: PaymentDraft): CreatePaymentBody {
  const allocations = allocationsOf(draft);
  return {
    employerId: Number(draft.employerId),
    amount: draft.amount.trim().replace(/,/g, ''),
    receivedOn: draft.receivedOn,
    method: draft.method,
    reference: draft.reference.trim() || null,
    note: draft.note.trim() || null,
    ...(allocations ? { allocations } : {}),
  };
}

/**
 * The amount and the day go only when changed: the server matches a payment again when it gets
 * either, and one left alone keeps the periods it pays.
 */
export function updateBody(draft: PaymentDraft, payment: Payment): UpdatePaymentBody {
  const allocations = allocationsOf(draft);
  const amount = centsOf(draft.amount);
  return {
    ...(amount !== payment.amountCents ? { amount: draft.amount.trim().replace(/,/g, '') } : {}),
    ...(draft.receivedOn !== payment.receivedOn ? { receivedOn: draft.receivedOn } : {}),
    method: draft.method,
    reference: draft.reference.trim() || null,
    note: draft.note.trim() || null,
    ...(allocations ? { allocations } : {}),
  };
}

/** The server's field names ('allocations.0.amount' too) as the form's. */
export function fieldOfServerError(name: string): DraftField | null {
  if (name.startsWith('allocations')) return 'allocations';
  const fields: DraftField[] = [
    'employerId',
    'amount',
    'receivedOn',
    'method',
    'reference',
    'note',
  ];
  return fields.find((field) => field === name) ?? null;
}
