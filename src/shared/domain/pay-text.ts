// The pay rules in the words a timesheet prints beside its figures, so a clerk can redo them.
import type { TaxCalculation } from './earnings.ts';
import { formatPercent, mulDivRound } from './money.ts';
import type { OvertimeBasis, OvertimeRule } from './overtime.ts';
import type { PayPrecision, PayRules, RoundingStep } from './pay-engine.ts';
import type { PremiumRule } from './premiums.ts';
import type { StoredExtraLine } from './stored-lines.ts';
import { formatHoursMinutes, multiplierInWords } from './time-text.ts';

export { formatHoursMinutes, multiplierInWords };

const unitOf: Record<Exclude<RoundingStep, 'none'>, string> = {
  '5': '5 minutes',
  '6': '6 minutes',
  '15': '15 minutes',
  '30': '30 minutes',
  '60': 'hour',
};

/** "Each shift rounded to the nearest 15 minutes (halves up), after the break". */
export function roundingInWords(
  rules: Pick<PayRules, 'roundingStep' | 'roundingDirection'>,
): string {
  if (rules.roundingStep === 'none') return 'Not rounded: exact minutes';
  const step = rules.roundingStep;
  const unit = unitOf[step];
  const whole = step === '60' ? 'a whole hour' : `a multiple of ${unit}`;
  const how =
    rules.roundingDirection === 'nearest'
      ? `to the nearest ${unit} (halves up)`
      : `${rules.roundingDirection} to ${whole}`;
  return `Each shift rounded ${how}, after the break`;
}

export function precisionInWords(precision: PayPrecision): string {
  return precision === 'tenths'
    ? 'Hours to the nearest 0.1 (6 minutes, halves up); pay = hours × rate'
    : 'Pay = minutes × rate ÷ 60, to the cent';
}

/** Minutes as hours to 0.01, halves up: 435 → 725 (7.25 h). */
export const toHundredths = (minutes: number): number => mulDivRound(minutes, 10, 6);

/** 725 → '7.25'; with one place (billing in tenths, where it is exact) 730 → '7.3'. */
export function formatHundredths(hundredths: number, places: 1 | 2 = 2): string {
  if (!Number.isSafeInteger(hundredths) || hundredths < 0) {
    throw new RangeError(`Not whole, non-negative hundredths: ${hundredths}`);
  }
  const whole = Math.floor(hundredths / 100);
  const part = String(hundredths % 100).padStart(2, '0');
  return `${whole}.${places === 1 ? part[0] : part}`;
}

/** Decimal places a timesheet shows hours with under a precision. */
export const hourPlaces = (precision: PayPrecision): 1 | 2 => (precision === 'tenths' ? 1 : 2);

/** 'No tax', 'Tax 20.00% deducted from the gross': an employer's tax, as a sheet states it. */
export function taxInWords(tax: { taxMethod: TaxCalculation; taxBasisPoints: number }): string {
  if (tax.taxMethod === 'none' || tax.taxBasisPoints === 0) return 'No tax';
  const verb = tax.taxMethod === 'add' ? 'added to' : 'deducted from';
  return `Tax ${formatPercent(tax.taxBasisPoints)}% ${verb} the gross`;
}

export const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;
const SHORT_DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** 480 → '8 h', 450 → '7.5 h'. */
export const thresholdHours = (minutes: number): string => `${(minutes / 60).toString()} h`;

const presetNames: Record<OvertimeRule['preset'], string> = {
  none: 'No overtime',
  usFederal: 'US federal (over 40 h a week)',
  california:
    'California (over 8 h a day at 1.5×, over 12 h at 2×, over 40 h a week, seventh consecutive day)',
  hospital8and80: 'Hospital 8 and 80 (14-day period)',
  custom: 'Custom',
};

export const overtimePresetLabel = (preset: OvertimeRule['preset']): string => presetNames[preset];

/** Each rule of an overtime config, as a sentence a payroll clerk recognises. */
export function overtimeRulesInWords(rule: OvertimeRule): string[] {
  const lines: string[] = [];
  for (const tier of rule.daily ?? []) {
    lines.push(
      `Over ${thresholdHours(tier.overMinutes)} a day at ${multiplierInWords(tier.multiplierBp)}`,
    );
  }
  if (rule.period14) {
    const p = rule.period14;
    lines.push(
      `Over ${thresholdHours(p.dailyOverMinutes)} a day or ${thresholdHours(p.overMinutes)} in a 14-day period at ${multiplierInWords(p.multiplierBp)}; periods from ${p.anchorDate}`,
    );
  }
  if (rule.weekly) {
    lines.push(
      `Over ${thresholdHours(rule.weekly.overMinutes)} a week at ${multiplierInWords(rule.weekly.multiplierBp)} (hours paid as daily overtime not counted again)`,
    );
  }
  if (rule.seventhDay) {
    lines.push('Seventh consecutive day of a workweek: first 8 h at 1.5×, beyond at 2×');
  }
  return lines;
}

/** 'US federal (over 40 h a week); workweek from Sunday 00:00' — one line. */
export function overtimeInWords(rule: OvertimeRule): string {
  if (rule.preset === 'none' && overtimeRulesInWords(rule).length === 0) return 'No overtime';
  const rules =
    rule.preset === 'custom' ? overtimeRulesInWords(rule).join('; ') : presetNames[rule.preset];
  const start = `workweek from ${WEEKDAYS[rule.workweekStartDay]} ${rule.workweekStartTime}`;
  return `${rules || 'No overtime'}; ${start}`;
}

/** 'Nights: +10% of the rate (at most $2.00/h), 19:00–07:00' */
export function premiumInWords(rule: PremiumRule, money: (cents: number) => string): string {
  const amount =
    rule.kind === 'percent'
      ? `+${formatPercent(rule.basisPoints).replace(/\.00$/, '')}% of the rate${
          rule.capCentsPerHour ? ` (at most ${money(rule.capCentsPerHour)}/h)` : ''
        }`
      : `+${money(rule.centsPerHour)}/h`;
  const when: string[] = [];
  if (rule.manualOnly) when.push('on shifts where it is switched on');
  else {
    if (rule.days && rule.days.length > 0)
      when.push(rule.days.map((d) => SHORT_DAYS[d]).join(', '));
    if (rule.window) when.push(`${rule.window.start}–${rule.window.end}`);
    if (rule.holidays) when.push('on holidays');
    if (when.length === 0) when.push('every hour');
  }
  return `${rule.name}: ${amount}, ${when.join(', ')}`;
}

export function premiumsInWords(
  rules: readonly PremiumRule[],
  money: (cents: number) => string,
): string {
  return rules.length === 0 ? 'No premiums' : rules.map((r) => premiumInWords(r, money)).join('; ');
}

const basisWords: Record<OvertimeBasis, string> = {
  daily: 'daily',
  weekly: 'weekly',
  seventhDay: '7th day',
  period14: '80 h',
};

/** 'Overtime 1.5× (weekly)'. */
export function overtimeLineLabel(line: { basis: OvertimeBasis; multiplierBp: number }): string {
  return `Overtime ${multiplierInWords(line.multiplierBp)} (${basisWords[line.basis]})`;
}

/**
 * A stored premium or overtime line as a clerk reads it: 'Nights 2:00 h × $2.00 = $4.00',
 * 'Overtime 1.5× (weekly) 8:00 h = $56.00'.
 */
export function payLineInWords(line: StoredExtraLine, money: (cents: number) => string): string {
  const hours = `${formatHoursMinutes(line.minutes)} h`;
  if (line.kind === 'premium') {
    return `${line.name} ${hours} × ${premiumRateInWords(line, money)} = ${money(line.amountCents)}`;
  }
  return `${overtimeLineLabel(line)} ${hours} = ${money(line.amountCents)}`;
}

/**
 * A premium's rate per hour as exactly as it was paid: '$2.00', or '$2.775' for 15 % of $18.50
 * (to a hundredth of a cent); else rounded and marked so ('≈$2.78').
 */
export function premiumRateInWords(
  line: Extract<StoredExtraLine, { kind: 'premium' }>,
  money: (cents: number) => string,
): string {
  const [num = '0', den = '1'] = line.exactRateCentsPerHour.split('/');
  const n = BigInt(num);
  const d = BigInt(den);
  if (d === 1n) return money(Number(n));
  if ((n * 100n) % d === 0n) {
    const hundredths = (n * 100n) / d;
    const whole = money(Number(hundredths / 100n));
    const extra = String(hundredths % 100n)
      .padStart(2, '0')
      .replace(/0+$/, '');
    if (/\d$/.test(whole)) return `${whole}${extra}`;
  }
  return `≈${money(line.rateCentsPerHour)}`;
}
