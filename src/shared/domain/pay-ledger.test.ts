import { describe, expect, it } from 'vitest';
import { autoMatch, type LedgerShift, ledgerOf, statusInWords } from './pay-ledger.ts';
import type { PayCalendar } from './pay-periods.ts';

// A bi-weekly hospital anchored on Sunday 1 November 2026, paid the Friday after a period ends.
const calendar: PayCalendar = {
  schedule: 'biweekly',
  anchorDate: '2026-11-01',
  paydayDays: 1,
  paydayWeekday: 5,
};
let id = 1;
const shift = (date: string, payCents: number, more: Partial<LedgerShift> = {}): LedgerShift => ({
  id: id++,
  date,
  tenths: 80,
  payCents,
  premiumCents: 0,
  overtimeCents: 0,
  taxMethod: 'none',
  taxBasisPoints: 0,
  premiums: [],
  ...more,
});

describe('a period’s ledger', () => {
  it('expects the stored pay with tax, and says underpaid by exactly the shortfall', () => {
    // 1–14 Nov: two shifts of $300.00 and $262.50 with 8 % tax added: $562.50 + $45.00.
    const shifts = [
      shift('2026-11-02', 30_000, { taxMethod: 'add', taxBasisPoints: 800 }),
      shift('2026-11-09', 26_250, { taxMethod: 'add', taxBasisPoints: 800 }),
    ];
    const paid = [
      { paymentId: 1, periodStart: '2026-11-01', periodEnd: '2026-11-14', amountCents: 56_750 },
    ];
    const [, first] = ledgerOf(calendar, shifts, paid, '2026-11-26', 3);
    expect(first).toMatchObject({
      from: '2026-11-01',
      to: '2026-11-14',
      payday: '2026-11-20',
      grossCents: 56_250,
      taxCents: 4_500,
      expectedCents: 60_750,
      receivedCents: 56_750,
      differenceCents: -4_000,
      status: 'underpaid',
    });
    expect(statusInWords(first!)).toBe('Underpaid by $40.00');
  });

  it('names the overtime, a premium or a shift when the shortfall is exactly that', () => {
    const shifts = [
      shift('2026-11-02', 40_000, { overtimeCents: 3_750 }),
      shift('2026-11-03', 20_000, {
        premiumCents: 1_600,
        premiums: [{ name: 'Nights', amountCents: 1_600 }],
      }),
      shift('2026-11-04', 20_500, {
        premiumCents: 500,
        premiums: [{ name: 'Weekend', amountCents: 500 }],
      }),
    ];
    const pay = (amountCents: number) => [
      { paymentId: 1, periodStart: '2026-11-01', periodEnd: '2026-11-14', amountCents },
    ];
    const shortfall = (amount: number) =>
      ledgerOf(calendar, shifts, pay(amount), '2026-11-26', 3).at(-1)!.shortfall;
    expect(shortfall(80_500 - 3_750)).toEqual(['The overtime ($37.50) looks unpaid.']);
    expect(shortfall(80_500 - 2_100)).toEqual(['The premiums ($21.00) look unpaid.']);
    expect(shortfall(80_500 - 1_600)).toEqual(['The Nights premium ($16.00) looks unpaid.']);
    expect(shortfall(80_500 - 20_000)).toEqual([
      'The shift of Tue, Nov 3, 2026 ($200.00) looks unpaid.',
    ]);
    expect(shortfall(80_500 - 1)).toEqual([
      '$0.01 of the $805.00 expected has not been received; no single shift, premium or overtime line accounts for it.',
    ]);
  });

  it('is in progress, then not yet paid until payday plus the grace days, then overdue', () => {
    const shifts = [shift('2026-11-02', 10_000)];
    const status = (today: string) =>
      ledgerOf(calendar, shifts, [], today, 3).find((p) => p.from === '2026-11-01')!.status;
    expect(status('2026-11-14')).toBe('open');
    expect(status('2026-11-15')).toBe('awaiting');
    expect(status('2026-11-23')).toBe('awaiting'); // payday Fri 20 + 3 days
    expect(status('2026-11-24')).toBe('overdue');
  });

  it('adds two payments for one period, and lists the current period even empty', () => {
    const shifts = [shift('2026-11-02', 10_000)];
    const paid = [
      { paymentId: 1, periodStart: '2026-11-01', periodEnd: '2026-11-14', amountCents: 6_000 },
      { paymentId: 2, periodStart: '2026-11-01', periodEnd: '2026-11-14', amountCents: 4_000 },
    ];
    const ledger = ledgerOf(calendar, shifts, paid, '2026-11-26', 3);
    expect(ledger.map((p) => [p.from, p.status, p.paymentIds])).toEqual([
      ['2026-11-15', 'open', []],
      ['2026-11-01', 'paid', [1, 2]],
    ]);
  });
});

describe('matching a payment to periods', () => {
  const periods = [
    { from: '2026-10-18', to: '2026-10-31', outstandingCents: 50_000 },
    { from: '2026-11-01', to: '2026-11-14', outstandingCents: 60_750 },
    { from: '2026-11-15', to: '2026-11-28', outstandingCents: 20_000 },
  ];
  it('pays the one period owed exactly that', () => {
    expect(autoMatch(60_750, '2026-11-20', periods)).toEqual([
      { from: '2026-11-01', to: '2026-11-14', amountCents: 60_750 },
    ]);
  });
  it('pays the oldest periods owed that much together: one payment for two periods', () => {
    expect(autoMatch(110_750, '2026-11-20', periods)).toEqual([
      { from: '2026-10-18', to: '2026-10-31', amountCents: 50_000 },
      { from: '2026-11-01', to: '2026-11-14', amountCents: 60_750 },
    ]);
  });
  it('asks when it could be more than one: a part of one of several periods', () => {
    expect(autoMatch(12_345, '2026-11-20', periods)).toBeNull();
    expect(
      autoMatch(50_000, '2026-12-05', [...periods, { ...periods[0]!, from: '2026-12-01' }]),
    ).toBeNull();
  });
  it('pays a part of the only period still owed, and one received before the period ends', () => {
    const only = [periods[2]!];
    expect(autoMatch(5_000, '2026-11-20', only)).toEqual([
      { from: '2026-11-15', to: '2026-11-28', amountCents: 5_000 },
    ]);
    // Received on the 20th, before the period of the 15th–28th ends: it may pay it.
    expect(autoMatch(20_000, '2026-11-20', periods.slice(2))).toHaveLength(1);
    // But not a period that begins after the money arrived.
    expect(autoMatch(20_000, '2026-11-10', periods.slice(2))).toBeNull();
  });
});
