import { z } from 'zod';
import { isValidDate } from '../domain/dates.ts';
import { parseMoney } from '../domain/money.ts';
import { idField } from './common.ts';
import { paymentMethods } from './enums.ts';
import { hasNoLineBreak } from './line-breaks.ts';
import { type UploadedFile, uploadedFileSchema } from './uploaded-file.ts';

/** Payments received and the pay periods they pay (decision 041). */
export const PAYMENT_MESSAGES = {
  amount: 'Amount must be a positive amount like 1250.00',
  date: 'Please choose a real date (YYYY-MM-DD)',
  method: 'Choose bank, cash, cheque or other',
  reference: 'Reference must be at most 200 characters, on one line',
  note: 'Note must be at most 1000 characters',
  period: 'Choose a pay period of this employer',
  tooMuch: 'The parts add up to more than the payment',
  twice: 'Each pay period can be chosen only once',
  notFound: 'Payment not found',
  notEnded: 'Only a pay period that has ended can be closed',
  alreadyClosed: 'This pay period is already closed',
  notClosed: 'This pay period is not closed',
  reason: 'Say why the period is reopened (at most 500 characters)',
} as const;

const MAX_CENTS = 100_000_000_00;

/** "1250.00" or 1250 → whole cents; more than two decimals, zero or less is refused. */
export const moneyField = z
  .union([z.string(), z.number()], { error: PAYMENT_MESSAGES.amount })
  .transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    const cents = /^\d+(\.\d{1,2})?$/.test(text) ? parseMoney(text) : null;
    if (cents === null || cents <= 0 || cents > MAX_CENTS) {
      ctx.addIssue({ code: 'custom', message: PAYMENT_MESSAGES.amount });
      return z.NEVER;
    }
    return cents;
  });

const dateField = z
  .string({ error: PAYMENT_MESSAGES.date })
  .refine(isValidDate, PAYMENT_MESSAGES.date);

const allocationsField = z
  .array(z.object({ periodStart: dateField, amount: moneyField }), {
    error: PAYMENT_MESSAGES.period,
  })
  .max(50, PAYMENT_MESSAGES.period)
  .refine(
    (parts) => new Set(parts.map((p) => p.periodStart)).size === parts.length,
    PAYMENT_MESSAGES.twice,
  );

const paymentFields = z.object({
  employerId: idField('Invalid employer id'),
  amount: moneyField,
  receivedOn: dateField,
  method: z.enum(paymentMethods, { error: PAYMENT_MESSAGES.method }),
  reference: z
    .string({ error: PAYMENT_MESSAGES.reference })
    .trim()
    .max(200, PAYMENT_MESSAGES.reference)
    .refine(hasNoLineBreak, PAYMENT_MESSAGES.reference)
    .nullish()
    .transform((v) => v || null),
  note: z
    .string({ error: PAYMENT_MESSAGES.note })
    .trim()
    .max(1000, PAYMENT_MESSAGES.note)
    .nullish()
    .transform((v) => v || null),
  /** The periods it pays, by their first day; absent: matched by amount and date when not in doubt. */
  allocations: allocationsField.optional(),
});

export const createPaymentBodySchema = paymentFields.extend({
  method: paymentFields.shape.method.default('bank'),
});
export type CreatePaymentBody = z.input<typeof createPaymentBodySchema>;
export type CreatePayment = z.output<typeof createPaymentBodySchema>;

export const updatePaymentBodySchema = paymentFields
  .omit({ employerId: true })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to update');
export type UpdatePaymentBody = z.input<typeof updatePaymentBodySchema>;
export type UpdatePayment = z.output<typeof updatePaymentBodySchema>;

export const paymentIdParamsSchema = z.object({ id: idField('Invalid payment id') });

/** A pay stub or invoice attached to a payment: what it is, never its bytes (decision 043). */
export const paymentFileSchema = uploadedFileSchema;
export type PaymentFile = UploadedFile;

export const paymentSchema = z.object({
  id: z.number().int(),
  employerId: z.number().int(),
  employerName: z.string(),
  amountCents: z.number().int(),
  receivedOn: z.string(),
  method: z.enum(paymentMethods),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  allocations: z.array(
    z.object({ periodStart: z.string(), periodEnd: z.string(), amountCents: z.number().int() }),
  ),
  /** What no period holds yet: to be matched by hand. */
  unallocatedCents: z.number().int(),
  /** The pay stub or invoice attached, if any; it downloads from /api/payments/:id/file. */
  file: paymentFileSchema.nullable(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;
export const paymentListSchema = z.object({ payments: z.array(paymentSchema) });

/** A saved payment, and whether the server matched it to periods by itself. */
export const paymentSavedSchema = paymentSchema.extend({
  matched: z.enum(['given', 'auto', 'none']),
});
export type PaymentSaved = z.infer<typeof paymentSavedSchema>;

export const ledgerPeriodSchema = z.object({
  from: z.string(),
  to: z.string(),
  payday: z.string(),
  shifts: z.number().int(),
  tenths: z.number().int(),
  grossCents: z.number().int(),
  regularCents: z.number().int(),
  premiumCents: z.number().int(),
  overtimeCents: z.number().int(),
  taxCents: z.number().int(),
  /** Expenses paid back with the period (never taxed); in expectedCents. */
  expenseCents: z.number().int(),
  expectedCents: z.number().int(),
  receivedCents: z.number().int(),
  differenceCents: z.number().int(),
  status: z.enum(['open', 'awaiting', 'overdue', 'paid', 'underpaid', 'overpaid']),
  /** "Underpaid by $37.50", "Paid in full", … */
  statusText: z.string(),
  shortfall: z.array(z.string()),
  paymentIds: z.array(z.number().int()),
  /** When it was closed, while it is: its shifts are locked. */
  closedAt: z.string().nullable(),
  /** Every close and reopen, oldest first: when, and why it was reopened. */
  closures: z.array(
    z.object({
      closedAt: z.string(),
      reopenedAt: z.string().nullable(),
      reopenReason: z.string().nullable(),
    }),
  ),
});
export type LedgerPeriodView = z.infer<typeof ledgerPeriodSchema>;

export const ledgerSchema = z.object({
  today: z.string(),
  graceDays: z.number().int(),
  employers: z.array(
    z.object({
      employerId: z.number().int(),
      name: z.string(),
      brandColor: z.string(),
      schedule: z.string(),
      /** Newest first. */
      periods: z.array(ledgerPeriodSchema),
    }),
  ),
  /** Still owed on periods that have ended (not yet paid, overdue, or short), all employers. */
  owedCents: z.number().int(),
  /** Of it, what is late (past payday plus the grace days): oldest first below. */
  overdueCents: z.number().int(),
  overdue: z.array(
    z.object({
      employerId: z.number().int(),
      name: z.string(),
      from: z.string(),
      to: z.string(),
      payday: z.string(),
      owedCents: z.number().int(),
    }),
  ),
});
export type Ledger = z.infer<typeof ledgerSchema>;

/** A pay period of an employer, by its first day. */
export const periodRefSchema = z.object({
  employerId: idField('Invalid employer id'),
  periodStart: dateField,
});
export type PeriodRef = z.output<typeof periodRefSchema>;

export const reopenPeriodBodySchema = periodRefSchema.extend({
  reason: z
    .string({ error: PAYMENT_MESSAGES.reason })
    .trim()
    .min(1, PAYMENT_MESSAGES.reason)
    .max(500, PAYMENT_MESSAGES.reason),
});
export type ReopenPeriod = z.output<typeof reopenPeriodBodySchema>;
