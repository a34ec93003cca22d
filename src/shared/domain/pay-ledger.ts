// "Was I paid right?" (decision 041): each pay period of an employer's calendar with what its
// shifts should pay (gross from the stored figures, tax by the employer's method once per period,
// as its timesheet states it), what was received for it, and what that means — paid in full,
// under- or overpaid, not yet paid, overdue. Pure: the server feeds it stored figures and payments.
import { addDays, compareDates } from './dates.ts';
import type { TaxCalculation } from './earnings.ts';
import { formatDisplayDate } from './format.ts';
import { formatCurrency } from './money.ts';
import { type PayCalendar, paydayOf, payPeriodOf } from './pay-periods.ts';
import { taxByRegime } from './pay-rule-versions.ts';
import type { DateRange } from './periods.ts';

/** A shift as the ledger reads it: its date and what the pay engine stored for it. */
export interface LedgerShift {
  id: number;
  date: string;
  tenths: number;
  /** Its whole pay: regular + premiums + overtime. */
  payCents: number;
  premiumCents: number;
  overtimeCents: number;
  taxMethod: TaxCalculation;
  taxBasisPoints: number;
  /** Its premium lines' names and amounts. */
  premiums: readonly { name: string; amountCents: number }[];
  /** What its expenses pay back (mileage and amounts), untaxed; 0 when none. */
  expenseCents?: number;
}

/** Part of a payment that pays one period (by the period's first and last day). */
export interface LedgerAllocation {
  paymentId: number;
  periodStart: string;
  periodEnd: string;
  amountCents: number;
}

export type PeriodStatus = 'open' | 'awaiting' | 'overdue' | 'paid' | 'underpaid' | 'overpaid';

export interface LedgerPeriod extends DateRange {
  payday: string;
  shifts: number;
  tenths: number;
  grossCents: number;
  regularCents: number;
  premiumCents: number;
  overtimeCents: number;
  taxCents: number;
  /** Expenses paid back with it (decision 042): never taxed. */
  expenseCents: number;
  /** What the employer owes for it: gross plus tax added, or less tax deducted, plus expenses. */
  expectedCents: number;
  receivedCents: number;
  /** Received − expected: negative when underpaid. */
  differenceCents: number;
  status: PeriodStatus;
  /** Why an underpaid period is short, as far as the figures can tell. */
  shortfall: string[];
  paymentIds: number[];
}

/**
 * A period's status on `today`: in progress until it ends, then paid, short, over, or not yet
 * paid, and late once its payday plus the grace days has passed unpaid.
 */
export function statusOf(
  period: Pick<LedgerPeriod, 'to' | 'payday' | 'expectedCents' | 'receivedCents'>,
  today: string,
  graceDays: number,
): PeriodStatus {
  const difference = period.receivedCents - period.expectedCents;
  // A period still running is judged once it has ended: shifts and money may still come.
  if (compareDates(today, period.to) <= 0) return 'open';
  if (period.receivedCents === 0) {
    if (period.expectedCents === 0) return 'paid';
    return compareDates(today, addDays(period.payday, graceDays)) <= 0 ? 'awaiting' : 'overdue';
  }
  if (difference === 0) return 'paid';
  return difference < 0 ? 'underpaid' : 'overpaid';
}

/** Short words for a status, as screens show it: "Underpaid by $37.50". */
export function statusInWords(
  period: Pick<LedgerPeriod, 'status' | 'differenceCents'>,
  currency?: string,
): string {
  const money = (cents: number) => formatCurrency(Math.abs(cents), currency);
  switch (period.status) {
    case 'open':
      return 'In progress';
    case 'awaiting':
      return 'Not yet paid';
    case 'overdue':
      return 'Overdue';
    case 'paid':
      return 'Paid in full';
    case 'underpaid':
      return `Underpaid by ${money(period.differenceCents)}`;
    case 'overpaid':
      return `Overpaid by ${money(period.differenceCents)}`;
  }
}

/**
 * Why a period is short by `shortCents`, when the figures can tell: the overtime, the premiums,
 * one premium, the tax added, or one shift's pay matching the shortfall exactly.
 */
export function shortfallOf(
  shortCents: number,
  shifts: readonly LedgerShift[],
  period: Pick<LedgerPeriod, 'overtimeCents' | 'premiumCents' | 'taxCents' | 'expectedCents'> &
    Partial<Pick<LedgerPeriod, 'expenseCents'>>,
  taxAdded: boolean,
  currency?: string,
): string[] {
  if (shortCents <= 0) return [];
  const money = (cents: number) => formatCurrency(cents, currency);
  const reasons: string[] = [];
  if (period.overtimeCents === shortCents) {
    reasons.push(`The overtime (${money(shortCents)}) looks unpaid.`);
  }
  if (period.premiumCents === shortCents) {
    reasons.push(`The premiums (${money(shortCents)}) look unpaid.`);
  }
  const byPremium = new Map<string, number>();
  for (const shift of shifts) {
    for (const p of shift.premiums) {
      byPremium.set(p.name, (byPremium.get(p.name) ?? 0) + p.amountCents);
    }
  }
  if (byPremium.size > 1) {
    for (const [name, cents] of byPremium) {
      if (cents === shortCents) reasons.push(`The ${name} premium (${money(cents)}) looks unpaid.`);
    }
  }
  if ((period.expenseCents ?? 0) === shortCents) {
    reasons.push(`The expenses (${money(shortCents)}) look unpaid.`);
  }
  if (taxAdded && period.taxCents === shortCents) {
    reasons.push(`The tax added (${money(shortCents)}) looks unpaid.`);
  }
  const matching = shifts.filter((s) => s.payCents === shortCents);
  if (matching.length === 1) {
    reasons.push(
      `The shift of ${formatDisplayDate(matching[0]!.date)} (${money(shortCents)}) looks unpaid.`,
    );
  } else if (matching.length > 1) {
    reasons.push(
      `One of the shifts of ${matching.map((s) => formatDisplayDate(s.date)).join(', ')} (${money(shortCents)} each) looks unpaid.`,
    );
  }
  if (reasons.length === 0) {
    reasons.push(
      `${money(shortCents)} of the ${money(period.expectedCents)} expected has not been received; no single shift, premium or overtime line accounts for it.`,
    );
  }
  return reasons;
}

/**
 * An employer's periods with shifts or payments, and the one containing `today`, newest first.
 * An allocation counts toward the period that contains its first day.
 */
export function ledgerOf(
  calendar: PayCalendar,
  shifts: readonly LedgerShift[],
  allocations: readonly LedgerAllocation[],
  today: string,
  graceDays: number,
  currency?: string,
): LedgerPeriod[] {
  const periods = new Map<
    string,
    { range: DateRange; shifts: LedgerShift[]; paid: LedgerAllocation[] }
  >();
  const at = (date: string) => {
    const range = payPeriodOf(calendar, date);
    let entry = periods.get(range.from);
    if (!entry) {
      entry = { range, shifts: [], paid: [] };
      periods.set(range.from, entry);
    }
    return entry;
  };
  at(today);
  for (const shift of shifts) at(shift.date).shifts.push(shift);
  for (const allocation of allocations) at(allocation.periodStart).paid.push(allocation);
  return [...periods.values()]
    .sort((a, b) => compareDates(b.range.from, a.range.from))
    .map(({ range, shifts: own, paid }) => {
      const tax = taxByRegime(own.map((s) => ({ ...s, grossCents: s.payCents })));
      const premiumCents = own.reduce((n, s) => n + s.premiumCents, 0);
      const overtimeCents = own.reduce((n, s) => n + s.overtimeCents, 0);
      const receivedCents = paid.reduce((n, a) => n + a.amountCents, 0);
      const expenseCents = own.reduce((n, s) => n + (s.expenseCents ?? 0), 0);
      const expectedCents = tax.totalCents + expenseCents;
      const figures = {
        ...range,
        payday: paydayOf(calendar, range),
        shifts: own.length,
        tenths: own.reduce((n, s) => n + s.tenths, 0),
        grossCents: tax.grossCents,
        regularCents: tax.grossCents - premiumCents - overtimeCents,
        premiumCents,
        overtimeCents,
        taxCents: tax.taxCents,
        expenseCents,
        expectedCents,
        receivedCents,
        differenceCents: receivedCents - expectedCents,
        paymentIds: [...new Set(paid.map((a) => a.paymentId))],
      };
      const status = statusOf(figures, today, graceDays);
      const taxAdded = tax.regimes.some((r) => r.taxMethod === 'add' && r.taxCents > 0);
      return {
        ...figures,
        status,
        shortfall:
          status === 'underpaid'
            ? shortfallOf(-figures.differenceCents, own, figures, taxAdded, currency)
            : [],
      };
    });
}

/** A period a payment may pay, oldest first, with what is still owed on it. */
export interface OpenPeriod extends DateRange {
  outstandingCents: number;
}

/**
 * The periods a payment of `amountCents` received on `receivedOn` pays, when that is not in
 * doubt: the one period still owed exactly that; else the oldest periods owed that much
 * together; else the only period still owed anything (a part, or more). Null: ask the user.
 * Periods that ended before the day it arrived are tried first, then those begun by then.
 */
export function autoMatch(
  amountCents: number,
  receivedOn: string,
  periods: readonly OpenPeriod[],
): { from: string; to: string; amountCents: number }[] | null {
  // Pay arrives for periods that have ended: those first; one still running only when no
  // ended period takes it.
  const ended = periods.filter((p) => compareDates(p.to, receivedOn) < 0);
  return matchAmong(amountCents, receivedOn, ended) ?? matchAmong(amountCents, receivedOn, periods);
}

function matchAmong(
  amountCents: number,
  receivedOn: string,
  periods: readonly OpenPeriod[],
): { from: string; to: string; amountCents: number }[] | null {
  const open = periods
    .filter((p) => p.outstandingCents > 0 && compareDates(p.from, receivedOn) <= 0)
    .sort((a, b) => compareDates(a.from, b.from));
  if (open.length === 0) return null;
  const exact = open.filter((p) => p.outstandingCents === amountCents);
  if (exact.length === 1) return [{ from: exact[0]!.from, to: exact[0]!.to, amountCents }];
  if (exact.length > 1) return null;
  let sum = 0;
  for (let i = 0; i < open.length; i++) {
    sum += open[i]!.outstandingCents;
    if (sum === amountCents && i > 0) {
      return open
        .slice(0, i + 1)
        .map((p) => ({ from: p.from, to: p.to, amountCents: p.outstandingCents }));
    }
    if (sum > amountCents) break;
  }
  if (open.length === 1) return [{ from: open[0]!.from, to: open[0]!.to, amountCents }];
  return null;
}
