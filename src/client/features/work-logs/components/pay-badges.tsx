import { useCurrency } from '@/features/settings';
import { cn } from '@/lib/utils';
import { formatMoney } from '../../../../shared/domain/format.ts';
import { formatCurrency, parseMoney } from '../../../../shared/domain/money.ts';
import { formatHoursMinutes, multiplierInWords } from '../../../../shared/domain/time-text.ts';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';

/** More premiums than this on one shift share a single badge. */
const MAX_PREMIUM_BADGES = 2;

type PayLine = WorkLog['payLines'][number];

/** The server's premium lines by rule, each rule's cents added up (whole cents, exact). */
function premiumsOf(lines: readonly PayLine[]) {
  const byRule = new Map<string, { id: string; name: string; cents: number }>();
  for (const line of lines) {
    if (line.kind !== 'premium') continue;
    const seen = byRule.get(line.ruleId);
    byRule.set(line.ruleId, {
      id: line.ruleId,
      name: line.name,
      cents: (seen?.cents ?? 0) + line.amountCents,
    });
  }
  return [...byRule.values()];
}

/** Overtime minutes by multiplier, lowest first. */
function overtimeOf(lines: readonly PayLine[]) {
  const byMultiplier = new Map<number, number>();
  for (const line of lines) {
    if (line.kind !== 'overtime' || line.minutes <= 0) continue;
    byMultiplier.set(line.multiplierBp, (byMultiplier.get(line.multiplierBp) ?? 0) + line.minutes);
  }
  return [...byMultiplier].sort(([a], [b]) => a - b);
}

/**
 * Small badges for a shift's premiums ('Nights +$4.00') and overtime ('OT 1.5× 2:00 h est.'),
 * each with words a screen reader says in full. Nothing for a shift without either.
 */
export function PayBadges({
  workLog,
  className,
}: {
  workLog: Pick<WorkLog, 'payLines' | 'premiumEarnings'> &
    Partial<Pick<WorkLog, 'tipsCash' | 'tipsCard' | 'expenses' | 'receipt'>>;
  className?: string;
}) {
  const currency = useCurrency();
  const premiums = premiumsOf(workLog.payLines);
  const overtime = overtimeOf(workLog.payLines);
  const tipsCents =
    (parseMoney(workLog.tipsCash ?? '0') ?? 0) + (parseMoney(workLog.tipsCard ?? '0') ?? 0);
  const expenseCents = parseMoney(workLog.expenses ?? '0') ?? 0;
  if (premiums.length === 0 && overtime.length === 0 && tipsCents === 0 && expenseCents === 0) {
    return null;
  }
  const money = (cents: number) => formatCurrency(cents, currency);
  return (
    <ul
      aria-label="Premiums, overtime, tips and expenses"
      className={cn('flex flex-wrap gap-1', className)}
    >
      {premiums.length > MAX_PREMIUM_BADGES ? (
        <PayBadge
          shown={`+${premiums.length} premiums ${formatMoney(workLog.premiumEarnings, currency)}`}
          spoken={`${premiums.length} premiums: ${premiums
            .map((p) => `${p.name} ${money(p.cents)}`)
            .join(', ')}`}
          kind="premium"
        />
      ) : (
        premiums.map((p) => (
          <PayBadge
            key={p.id}
            shown={`${p.name} +${money(p.cents)}`}
            spoken={`Premium ${p.name}: ${money(p.cents)}`}
            kind="premium"
          />
        ))
      )}
      {overtime.map(([multiplierBp, minutes]) => (
        <PayBadge
          key={multiplierBp}
          shown={`OT ${multiplierInWords(multiplierBp)} ${formatHoursMinutes(minutes)} h est.`}
          spoken={`Overtime at ${multiplierInWords(multiplierBp)}: ${formatHoursMinutes(minutes)} hours (estimate)`}
          kind="overtime"
        />
      ))}
      {tipsCents > 0 ? (
        <PayBadge
          shown={`Tips ${money(tipsCents)}`}
          spoken={`Tips ${money(tipsCents)}, not billed`}
          kind="premium"
        />
      ) : null}
      {expenseCents > 0 ? (
        <PayBadge
          shown={`Exp. ${money(expenseCents)}${workLog.receipt ? ' · receipt' : ''}`}
          spoken={`Expenses to be paid back: ${money(expenseCents)}${workLog.receipt ? ', receipt attached' : ''}`}
          kind="premium"
        />
      ) : null}
    </ul>
  );
}

function PayBadge({
  shown,
  spoken,
  kind,
}: {
  shown: string;
  spoken: string;
  kind: 'premium' | 'overtime';
}) {
  return (
    <li>
      {/* The status badges' quiet tints (components/ui/badge), spelt out: this sits in the
          list's first load, which has little room to spare. */}
      <span
        className={cn(
          'inline-flex items-center whitespace-nowrap rounded-full border px-1.5 font-medium text-xs tabular-nums',
          kind === 'overtime' ? 'border-warning bg-warning/15' : 'border-border',
        )}
        title={spoken}
      >
        <span aria-hidden="true">{shown}</span>
        <span className="sr-only">{spoken}</span>
      </span>
    </li>
  );
}
