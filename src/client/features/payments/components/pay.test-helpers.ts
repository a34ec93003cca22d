import type { Ledger, LedgerPeriodView, Payment } from '../../../../shared/schemas/payments.ts';

/** A period of St. Mary's bi-weekly calendar (payday the Friday after), $720.00 expected. */
export function makePeriod(overrides: Partial<LedgerPeriodView> = {}): LedgerPeriodView {
  return {
    from: '2026-10-14',
    to: '2026-10-27',
    payday: '2026-10-30',
    shifts: 3,
    tenths: 240,
    grossCents: 72_000,
    regularCents: 72_000,
    premiumCents: 0,
    overtimeCents: 0,
    taxCents: 0,
    expenseCents: 0,
    expectedCents: 72_000,
    receivedCents: 72_000,
    differenceCents: 0,
    status: 'paid',
    statusText: 'Paid in full',
    shortfall: [],
    paymentIds: [1],
    closedAt: null,
    closures: [],
    ...overrides,
  };
}

export const SHORTFALL =
  '$37.50 of the $720.00 expected has not been received; no single shift, premium or overtime line accounts for it.';

/** The server's worked example: the older period paid in full, the newer one $37.50 short. */
export function makeLedger(overrides: Partial<Ledger> = {}): Ledger {
  return {
    today: '2026-11-26',
    graceDays: 3,
    employers: [
      {
        employerId: 1,
        name: 'St. Mary',
        brandColor: 'green',
        schedule: 'biweekly',
        periods: [
          makePeriod({
            from: '2026-11-11',
            to: '2026-11-24',
            payday: '2026-11-27',
            shifts: 0,
            tenths: 0,
            grossCents: 0,
            regularCents: 0,
            expectedCents: 0,
            receivedCents: 0,
            status: 'awaiting',
            statusText: 'Not yet paid',
            paymentIds: [],
          }),
          makePeriod({
            from: '2026-10-28',
            to: '2026-11-10',
            payday: '2026-11-13',
            grossCents: 72_000,
            taxCents: 0,
            receivedCents: 68_250,
            differenceCents: -3_750,
            status: 'underpaid',
            statusText: 'Underpaid by $37.50',
            shortfall: [SHORTFALL],
            paymentIds: [2],
          }),
          makePeriod(),
        ],
      },
    ],
    owedCents: 3_750,
    overdueCents: 3_750,
    overdue: [
      {
        employerId: 1,
        name: 'St. Mary',
        from: '2026-10-28',
        to: '2026-11-10',
        payday: '2026-11-13',
        owedCents: 3_750,
      },
    ],
    ...overrides,
  };
}

export function makePayment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: 2,
    employerId: 1,
    employerName: 'St. Mary',
    amountCents: 68_250,
    receivedOn: '2026-11-13',
    method: 'bank',
    reference: 'ACH 1113',
    note: null,
    allocations: [{ periodStart: '2026-10-28', periodEnd: '2026-11-10', amountCents: 68_250 }],
    unallocatedCents: 0,
    file: null,
    createdAt: '2026-11-13T15:00:00.000Z',
    ...overrides,
  };
}
