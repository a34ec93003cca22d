import { formatDay, formatPeriod } from '@/lib/calendar-days';
import type { Ledger, LedgerPeriodView, Payment } from '../../../../shared/schemas/payments.ts';

export { formatDay, formatDayYear, formatPeriod, formatPeriodShort } from '@/lib/calendar-days';

/** 'St. Mary · Oct 28 – Nov 10, 2026 · payday Nov 13 · $37.50'. */
export function overdueLine(
  item: Ledger['overdue'][number],
  money: (cents: number) => string,
): string {
  return `${item.name} · ${formatPeriod(item.from, item.to)} · payday ${formatDay(item.payday)} · ${money(item.owedCents)}`;
}

/** Tenths of an hour as hours with one decimal: 240 → '24.0'. */
export const formatTenths = (tenths: number) => (tenths / 10).toFixed(1);

export const methodLabels: Record<Payment['method'], string> = {
  bank: 'Bank transfer',
  cash: 'Cash',
  cheque: 'Cheque',
  other: 'Other',
};

/** What the period is still owed: nothing once paid in full or over. */
export const owedOn = (period: LedgerPeriodView) =>
  Math.max(0, period.expectedCents - period.receivedCents);
